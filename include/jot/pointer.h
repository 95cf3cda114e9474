// jot/pointer.h - RFC 6901 JSON Pointer syntax.
//
// A JSON Pointer is "" (the whole document) or a sequence of "/token", where
// "~0" stands for '~' and "~1" for '/' inside a token; no other '~' is allowed.
// Lookup is value::at_pointer (value.h); this header checks the syntax alone.
#pragma once

#include <string_view>

#include "jot/error.h"

namespace jot {

// Checks pointer's syntax without looking anything up. Returns ok, or an
// invalid_pointer error whose message says what is wrong and whose offset is
// the offending byte of the pointer (line and column stay 0).
result<void> check_pointer(std::string_view pointer) noexcept;

}  // namespace jot
