// src/kernels/arm_neon.cpp - the NEON kernel: the DOM parser over
// jot/detail/scan/arm_neon.h, for 64-bit Arm. Every AArch64 CPU has Advanced
// SIMD, so there is no CPU check; elsewhere the entry says "not built here".
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/arm_neon.h"

#if defined(JOT_HAS_NEON_KERNEL)
namespace jot::detail::isa_neon {

#include "parse/parser.inl"

namespace {
parse_outcome parse(const char* data, std::size_t size, std::size_t readable, const parse_options& options,
                    arena& a) noexcept {
  return parse_with<scanner>(data, size, readable, options, a);
}
parse_outcome parse_line(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_line_with<scanner>(data, size, options, a);
}
line_feeds count_line_feeds(const char* p, const char* stop) noexcept {
  return scanner::count_line_feeds(reinterpret_cast<const u8*>(p), reinterpret_cast<const u8*>(stop));
}
std::size_t build_index(index_cursor& c, index_entry* out, const index_entry* out_end, const u8* base) noexcept {
  return index_blocks<index_classifier>(c, out, out_end, base);
}
parse_outcome parse_indexed(const char* data, std::size_t size, std::size_t readable,
                            const parse_options& options, arena& a) noexcept {
  return parse_indexed_with<scanner>(data, size, readable, options, a, build_index);
}
}  // namespace

}  // namespace jot::detail::isa_neon
#endif

namespace jot::detail {
constinit const kernel_entry neon_entry = {kernel::neon, "neon",
                                           JOT_IF_NEON_KERNEL(isa_neon::parse),
                                           JOT_IF_NEON_KERNEL(isa_neon::parse_indexed),
                                           JOT_IF_NEON_KERNEL(isa_neon::parse_line),
                                           JOT_IF_NEON_KERNEL(isa_neon::count_line_feeds),
                                           JOT_IF_NEON_KERNEL(isa_neon::build_index),
                                           nullptr,
                                           scan_engine::neon};
}  // namespace jot::detail
