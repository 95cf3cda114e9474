// tests/support/must.h - reading a result that a test expects to succeed.
#pragma once

#include <gtest/gtest.h>
#include <jot/jot.h>

#include <utility>

namespace jot_test {

// The value of r. When r failed, records a test failure at the caller's line
// and returns a value-initialised T instead of reading the failed result, so
// that a check cannot pass because a failure happened to yield 0 or "".
// (__builtin_FILE/LINE rather than std::source_location, which clang 14 with
// libstdc++ lacks.)
template <class T>
T must(jot::result<T> r, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  if (!r) {
    ADD_FAILURE_AT(file, line)
        << "expected success, got " << jot::error_code_name(r.error().code) << " ("
        << r.error().message << ") at byte " << r.error().offset;
    return T{};
  }
  return std::move(r).value();
}

}  // namespace jot_test
