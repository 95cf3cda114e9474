// src/write_checked.cpp - the streaming writer's strings: quoted, escaped and
// checked for UTF-8 in one pass (write_checked.inl), compiled once per
// engine over the parser's scanning core; and the same UTF-8 check alone
// (valid_utf8), for the writer's long strings and the mutable document. The
// engine is chosen once per writer (write_target::vector_utf8) or mutable
// document, as the typed reader chooses its own:
// AVX2 where the parser would run the avx2 or avx512 kernel, else SSE2 on
// x86-64; NEON where it runs the neon kernel; else the portable kernel.
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "jot/detail/scan/prelude.h"
#include "jot/detail/write_primitives.h"
#include "write_string.h"

namespace jot::detail {
// Bytes quote_checked may store past the end of what it writes (it copies
// whole registers of up to 32 bytes).
inline constexpr std::size_t checked_overrun = 32;
static_assert(escape_expansion * max_checked_string + 4 + checked_overrun <= max_reserve,
              "write_checked reserves its worst case at once");
}  // namespace jot::detail

#if defined(JOT_HAS_X86_KERNELS)
#include "jot/detail/scan/x86_avx2.h"
#include "jot/detail/scan/x86_sse2.h"

JOT_TARGET_AVX2_BEGIN
namespace jot::detail::isa_avx2 {
#include "write_checked.inl"
}  // namespace jot::detail::isa_avx2
JOT_TARGET_END

namespace jot::detail::isa_sse2 {
#include "write_checked.inl"
}  // namespace jot::detail::isa_sse2
#else
#include "jot/detail/scan/portable.h"

#if defined(JOT_HAS_NEON_KERNEL)
#include "jot/detail/scan/arm_neon.h"

namespace jot::detail::isa_neon {
#include "write_checked.inl"
}  // namespace jot::detail::isa_neon
#endif

namespace jot::detail::isa_portable {
#include "write_checked.inl"
}  // namespace jot::detail::isa_portable
#endif

namespace jot::detail {

bool valid_utf8(const char* s, std::size_t n, bool vector) noexcept {
#if defined(JOT_HAS_X86_KERNELS)
  return vector ? isa_avx2::all_utf8_here(s, n) : isa_sse2::all_utf8_here(s, n);
#elif defined(JOT_HAS_NEON_KERNEL)
  return vector ? isa_neon::all_utf8_here(s, n) : isa_portable::all_utf8_here(s, n);
#else
  (void)vector;
  return isa_portable::all_utf8_here(s, n);
#endif
}

out_range write_checked(write_target& t, out_range o, const char* s, std::size_t n,
                        bool key) noexcept {
  // The quoted string, then ": " of which a compact key keeps ':'.
  o = room(t, o, escape_expansion * n + 4 + checked_overrun);
#if defined(JOT_HAS_X86_KERNELS)
  char* end = t.vector_utf8 ? isa_avx2::quote_checked_here(o.cur, s, n)
                            : isa_sse2::quote_checked_here(o.cur, s, n);
#elif defined(JOT_HAS_NEON_KERNEL)
  char* end = t.vector_utf8 ? isa_neon::quote_checked_here(o.cur, s, n)
                            : isa_portable::quote_checked_here(o.cur, s, n);
#else
  char* end = isa_portable::quote_checked_here(o.cur, s, n);
#endif
  if (end == nullptr) [[unlikely]] {
    // o stays the range room() returned (it may be a new block), its cur
    // where the string would have started.
    fail(t, error_code::invalid_utf8, key ? "key is not valid UTF-8" : "string is not valid UTF-8");
    return o;
  }
  if (key) {
    std::memcpy(end, ": ", 2);
    end += t.indent != 0 ? 2 : 1;
  }
  o.cur = end;
  return o;
}

}  // namespace jot::detail
