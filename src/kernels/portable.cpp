// src/kernels/portable.cpp - the plain C++ kernel: the DOM parser over
// jot/detail/scan/portable.h (SWAR, standard C++20 only).
#include "kernels/kernels.h"
#include "parse/parser_prelude.h"
#include "jot/detail/scan/portable.h"

namespace jot::detail::isa_portable {

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

}  // namespace jot::detail::isa_portable

namespace jot::detail {
constinit const kernel_entry portable_entry = {kernel::portable, "portable",
                                               isa_portable::parse,
                                               isa_portable::parse_indexed,
                                               isa_portable::parse_line,
                                               isa_portable::count_line_feeds,
                                               isa_portable::build_index,
                                               nullptr,
                                               scan_engine::baseline};
}  // namespace jot::detail
