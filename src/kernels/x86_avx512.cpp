// src/kernels/x86_avx512.cpp - the AVX-512 kernel: the DOM parser over
// jot/detail/scan/x86_avx512.h. Runs only where the CPU reports AVX512F,
// AVX512BW and AVX512VL (cpu_has_avx512 below, read through its entry);
// jot::all_kernels ranks it above avx2. CMakeLists.txt compiles this file so
// that no 512-bit register is used (tests/no_zmm.cmake checks the library).
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/x86_avx512.h"

#if defined(JOT_HAS_X86_KERNELS)
JOT_TARGET_AVX512_BEGIN
namespace jot::detail::isa_avx512 {

#include "parse/parser.inl"

// Stage 1 at full width, defined below in its own target region.
namespace wide {
namespace {
std::size_t build_index(index_cursor& c, index_entry* out, const index_entry* out_end, const u8* base) noexcept;
}  // namespace
}  // namespace wide

namespace {
// The indexed walk where it pays (index_pays_for): stage 1 at full width
// makes it the faster walk on this kernel, where on the 256-bit and narrower
// kernels it measured slower than the one-pass walk.
parse_outcome parse(const char* data, std::size_t size, std::size_t readable, const parse_options& options,
                    arena& a) noexcept {
  return parse_choosing_with<scanner>(data, size, readable, options, a, wide::build_index);
}
parse_outcome parse_line(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_line_with<scanner>(data, size, options, a);
}
parse_outcome parse_indexed(const char* data, std::size_t size, std::size_t readable,
                            const parse_options& options, arena& a) noexcept {
  return parse_indexed_with<scanner>(data, size, readable, options, a, wide::build_index);
}
line_feeds count_line_feeds(const char* p, const char* stop) noexcept {
  return scanner::count_line_feeds(reinterpret_cast<const u8*>(p), reinterpret_cast<const u8*>(stop));
}
}  // namespace

}  // namespace jot::detail::isa_avx512
JOT_TARGET_AVX512_END

// Stage 1 at full width (x86_avx512.h): 512-bit registers, in their own region.
JOT_TARGET_AVX512_WIDE_BEGIN
namespace jot::detail::isa_avx512::wide {
namespace {
std::size_t build_index_bits(index_cursor& c, index_entry* out, const index_entry* out_end, const u8* base) noexcept {
  return index_blocks<index_classifier>(c, out, out_end, base);
}
}  // namespace
}  // namespace jot::detail::isa_avx512::wide
JOT_TARGET_AVX512_WIDE_END

JOT_TARGET_AVX512_VBMI2_BEGIN
namespace jot::detail::isa_avx512::wide_vbmi2 {
namespace {
std::size_t build_index_compress(index_cursor& c, index_entry* out, const index_entry* out_end,
                                 const u8* base) noexcept {
  return index_blocks<index_classifier>(c, out, out_end, base);
}
}  // namespace
}  // namespace jot::detail::isa_avx512::wide_vbmi2
JOT_TARGET_AVX512_VBMI2_END

namespace jot::detail::isa_avx512::wide {
namespace {
// Outside every target region: the CPU's VBMI2 chooses the entry writer, a
// read of the CPU model libgcc keeps, once a batch.
std::size_t build_index(index_cursor& c, index_entry* out, const index_entry* out_end, const u8* base) noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512vbmi2") ? wide_vbmi2::build_index_compress(c, out, out_end, base)
                                               : build_index_bits(c, out, out_end, base);
}
}  // namespace
}  // namespace jot::detail::isa_avx512::wide

namespace jot::detail {
namespace {
// Outside the AVX-512 region: it runs before anything knows the CPU has it.
// libgcc's check includes the operating system's support for the registers.
bool cpu_has_avx512() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("pclmul");
}
}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
// The readers compiled in users' units run AVX2 here: their scans are latency-bound,
// where 512-bit registers measured no faster, and a third engine would be a third copy of
// every struct's reader.
constinit const kernel_entry avx512_entry = {kernel::avx512, "avx512",
                                             JOT_IF_X86_KERNELS(isa_avx512::parse),
                                             JOT_IF_X86_KERNELS(isa_avx512::parse_indexed),
                                             JOT_IF_X86_KERNELS(isa_avx512::parse_line),
                                             JOT_IF_X86_KERNELS(isa_avx512::count_line_feeds),
                                             JOT_IF_X86_KERNELS(isa_avx512::wide::build_index),
                                             JOT_IF_X86_KERNELS(cpu_has_avx512),
                                             scan_engine::avx2};
}  // namespace jot::detail
