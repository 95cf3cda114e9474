// src/kernels/x86_avx2.cpp - the AVX2 kernel: the DOM parser over
// jot/detail/scan/x86_avx2.h. Selected only when the CPU reports AVX2
// (cpu_has_avx2 below, read through its entry).
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/x86_avx2.h"

#if defined(JOT_HAS_X86_KERNELS)
JOT_TARGET_AVX2_BEGIN
namespace jot::detail::isa_avx2 {

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

}  // namespace jot::detail::isa_avx2
JOT_TARGET_END

namespace jot::detail {
namespace {
// Outside the AVX2 region: it runs before anything knows the CPU has AVX2.
// Reads libgcc's CPU model, initialised before main; jot keeps no copy.
bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("pclmul");
}
}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry avx2_entry = {kernel::avx2, "avx2",
                                           JOT_IF_X86_KERNELS(isa_avx2::parse),
                                           JOT_IF_X86_KERNELS(isa_avx2::parse_indexed),
                                           JOT_IF_X86_KERNELS(isa_avx2::parse_line),
                                           JOT_IF_X86_KERNELS(isa_avx2::count_line_feeds),
                                           JOT_IF_X86_KERNELS(isa_avx2::build_index),
                                           JOT_IF_X86_KERNELS(cpu_has_avx2),
                                           scan_engine::avx2};
}  // namespace jot::detail
