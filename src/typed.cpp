// src/typed.cpp - the library half of typed reading: the engine choice (one
// call per document) and read_result's description.
#include <cstdio>

#include "jot/parse.h"
#include "jot/typed.h"

namespace jot {

namespace detail {

typed_engine select_typed_engine(jot::kernel requested) noexcept {
  // The parser's own rule (automatic, or the request when the CPU runs it,
  // else portable); avx512 reads with the AVX2 engine, which measured as fast
  // on Zen 4 and keeps typed code to two copies.
  const jot::kernel k = parser(parse_options{}, requested).kernel();
  if (k == jot::kernel::neon) return typed_engine::neon;
  return k == jot::kernel::avx2 || k == jot::kernel::avx512 ? typed_engine::avx2 : typed_engine::baseline;
}

}  // namespace detail

std::size_t read_result::describe(char* buf, std::size_t capacity) const noexcept {
  if (ok()) {
    const int n = std::snprintf(buf, capacity, "ok");
    return n < 0 ? 0 : static_cast<std::size_t>(n);
  }
  const std::string_view p = path();
  char got[32] = "";
  if (found_ != jot::type::absent) std::snprintf(got, sizeof got, ", got %s", type_name(found_));
  const int n = std::snprintf(buf, capacity, "%s%.*s%s%s%s (%llu:%llu)", path_cut_ ? "..." : "",
                              static_cast<int>(p.size()), p.data(), p.empty() && !path_cut_ ? "" : ": ",
                              err_.message, got, static_cast<unsigned long long>(err_.line),
                              static_cast<unsigned long long>(err_.column));
  return n < 0 ? 0 : static_cast<std::size_t>(n);
}

}  // namespace jot
