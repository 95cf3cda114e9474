// src/typed/typed.cpp - the library half of typed reading: read_error's
// description, and the copy that relaxed syntax is read from. (The engine is chosen in src/parse/parse.cpp, from the kernel table.)
#include <cstdio>
#include <cstring>

#include "jot/detail/scan/blank.h"
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

namespace detail {


// A plain byte loop: it runs only on text that strict JSON refused and the
// options accept, after a parse of the same text.
jot::error relaxed_copy(std::string_view json, arena& a, const read_options& options,
                        std::string_view& copy) noexcept {
  copy = {};
  parse_options po;
  po.syntax.allow_comments = options.syntax.allow_comments;
  po.syntax.allow_trailing_commas = options.syntax.allow_trailing_commas;
  po.syntax.allow_bom = options.syntax.allow_bom;
  po.syntax.validate_utf8 = options.syntax.validate_utf8;
  po.syntax.max_depth = options.syntax.max_depth;
  po.syntax.allow_trailing_content = options.syntax.allow_trailing_content;
  const arena::savepoint before = a.save();
  std::size_t n = 0;  // the parse read [0, n): the document, and what follows it when allowed
  {
    const result<document> d = parser(po, options.kernel).parse(json, a);
    if (!d) {
      a.rewind(before);
      return d.error();
    }
    n = d->consumed();
  }
  a.rewind(before);
  // The text is valid under the options up to n, so every '"' outside a
  // string opens one, every '/' there opens a comment, and a ',' whose next
  // token is ']' or '}' is a trailing comma.
  const char* text = json.data();
  char* out = nullptr;
  auto blank = [&](std::size_t from, std::size_t to) noexcept {
    if (out == nullptr) {
      out = static_cast<char*>(a.allocate(json.size() == 0 ? 1 : json.size(), 1));
      if (out == nullptr) return false;
      std::memcpy(out, text, json.size());
    }
    for (std::size_t k = from; k < to; ++k)
      if (out[k] != '\n' && out[k] != '\r') out[k] = ' ';
    return true;
  };
  auto full = [&]() noexcept {
    jot::error e = make_error(error_code::capacity_exceeded, json.size());
    e.message = "the arena cannot hold a copy of the text with its relaxed syntax blanked";
    return e;
  };
  std::size_t i = 0;
  if (n >= 3 && std::memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
    if (!blank(0, 3)) return full();
    i = 3;
  }
  while (i < n) {
    const char c = text[i];
    if (c == '"') {
      for (++i; text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
      ++i;
    } else if (c == '/') {
      const std::size_t end = static_cast<std::size_t>(comment_end(text + i, text + n) - text);
      if (!blank(i, end)) return full();
      i = end;
    } else if (c == ',') {
      std::size_t j = i + 1;
      for (;;) {
        while (j < n && is_space(text[j])) ++j;
        if (j + 1 < n && text[j] == '/') {
          j = static_cast<std::size_t>(comment_end(text + j, text + n) - text);
          continue;
        }
        break;
      }
      if (j < n && (text[j] == ']' || text[j] == '}') && !blank(i, i + 1)) return full();
      ++i;
    } else {
      ++i;
    }
  }
  if (out != nullptr) copy = std::string_view(out, json.size());
  return {};
}

}  // namespace detail

}  // namespace jot
