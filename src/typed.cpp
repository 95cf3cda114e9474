// src/typed.cpp - the library half of typed reading: read_error's
// description. (The engine is chosen in src/parse.cpp, from the kernel table.)
#include <cstdio>

#include "jot/parse.h"
#include "jot/typed.h"

namespace jot {

std::size_t read_error::describe(char* buf, std::size_t capacity) const noexcept {
  if (ok()) {
    const int n = std::snprintf(buf, capacity, "ok");
    return n < 0 ? 0 : static_cast<std::size_t>(n);
  }
  const std::string_view p = path();
  char got[32] = "";
  if (found_ != jot::type::absent) std::snprintf(got, sizeof got, ", got %s", type_name(found_));
  const int n = std::snprintf(buf, capacity, "%s%.*s%s%s%s (%llu:%llu)", path_cut_ ? "..." : "",
                              static_cast<int>(p.size()), p.data(), p.empty() && !path_cut_ ? "" : ": ",
                              message, got, static_cast<unsigned long long>(line),
                              static_cast<unsigned long long>(column));
  return n < 0 ? 0 : static_cast<std::size_t>(n);
}

}  // namespace jot
