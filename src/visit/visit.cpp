// src/visit/visit.cpp - the library half of jot::visit (jot/visit.h): decoding a
// reported string's escapes.
#include "jot/visit.h"

#include "jot/detail/scan/portable.h"

namespace jot {

// With the portable kernel: strings with escapes are few, and this keeps one
// out-of-line copy of the decoder whatever the CPU.
std::size_t json_string::decode(char* dst) const noexcept {
  using namespace detail::isa_portable;
  const auto* start = reinterpret_cast<const detail::u8*>(raw_.data());
  const auto* end = start + raw_.size();
  const auto* first = static_cast<const detail::u8*>(std::memchr(start, '\\', raw_.size()));
  if (first == nullptr) {
    if (!raw_.empty()) std::memcpy(dst, start, raw_.size());
    return raw_.size();
  }
  // The view ends at the closing quote: its end is the decoder's close.
  return decode_escaped_string<scanner>(start, first, end, end, false, dst).size;
}

}  // namespace jot
