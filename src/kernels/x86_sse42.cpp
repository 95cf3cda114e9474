// src/kernels/x86_sse42.cpp - the SSE4.2 kernel: the DOM parser over
// jot/detail/scan/x86_sse42.h, for x86-64 CPUs without AVX2. Selected only where
// the CPU reports SSE4.2 (cpu_has_sse42 below, read through its entry).
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/x86_sse42.h"

#if defined(JOT_HAS_X86_KERNELS)
JOT_TARGET_SSE42_BEGIN
namespace jot::detail::isa_sse42 {

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

}  // namespace jot::detail::isa_sse42
JOT_TARGET_END

namespace jot::detail {
namespace {
// Outside the target region: it runs before anything knows the CPU has it.
bool cpu_has_sse42() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("pclmul");
}
}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
// The readers compiled in users' units run SSE2 here: a third engine would be a third
// copy of every struct's reader.
constinit const kernel_entry sse42_entry = {kernel::sse42, "sse42",
                                            JOT_IF_X86_KERNELS(isa_sse42::parse),
                                            JOT_IF_X86_KERNELS(isa_sse42::parse_indexed),
                                            JOT_IF_X86_KERNELS(isa_sse42::parse_line),
                                            JOT_IF_X86_KERNELS(isa_sse42::count_line_feeds),
                                            JOT_IF_X86_KERNELS(isa_sse42::build_index),
                                            JOT_IF_X86_KERNELS(cpu_has_sse42),
                                            scan_engine::baseline};
}  // namespace jot::detail
