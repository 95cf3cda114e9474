// fuzz/typed_options.h - what the typed fuzz targets read from their option
// byte: bit 0 reject unknown keys, bit 1 allow missing members, bit 2 allow
// duplicate keys, bit 3 skip UTF-8 validation, bits 4-6 the kernel as
// kernel_from reads it, bit 7 a small arena (256 bytes instead of 64 KB).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fuzz_check.h"
#include "jot/typed.h"

namespace jot_fuzz {

inline jot::read_options read_options_from(std::uint8_t flags) {
  jot::read_options o;
  o.reject_unknown_keys = (flags & 1) != 0;
  o.allow_missing_members = (flags & 2) != 0;
  o.allow_duplicate_keys = (flags & 4) != 0;
  o.syntax.validate_utf8 = (flags & 8) == 0;
  o.kernel = kernel_from(static_cast<std::uint8_t>((flags >> 4) & 7));
  return o;
}

inline std::size_t arena_size_from(std::uint8_t flags) { return (flags & 128) ? 256 : (1 << 16); }

}  // namespace jot_fuzz
