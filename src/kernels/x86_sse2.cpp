// src/kernels/x86_sse2.cpp - the SSE2 kernel: the DOM parser over
// jot/detail/scan/x86_sse2.h. SSE2 is part of the x86-64 baseline, so this
// kernel needs no CPU check and no target region.
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/x86_sse2.h"

#if defined(JOT_HAS_X86_KERNELS)

namespace jot::detail::isa_sse2 {

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

}  // namespace jot::detail::isa_sse2

#endif

namespace jot::detail {
constinit const kernel_entry sse2_entry = {kernel::sse2, "sse2",
                                           JOT_IF_X86_KERNELS(isa_sse2::parse),
                                           JOT_IF_X86_KERNELS(isa_sse2::parse_indexed),
                                           JOT_IF_X86_KERNELS(isa_sse2::parse_line),
                                           JOT_IF_X86_KERNELS(isa_sse2::count_line_feeds),
                                           JOT_IF_X86_KERNELS(isa_sse2::build_index),
                                           nullptr,
                                           scan_engine::baseline};
}  // namespace jot::detail
