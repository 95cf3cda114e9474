// A JSONPath query (RFC 9535): compiled once, evaluated on a document, each
// node printed with its normalized path; and what a bad query reports.
// docs/query.md shows this.
#include <jot/jot.h>

#include <cstdio>

int main() {
  char buffer[16384];  // the document, the query and the nodelist live here: no heap
  jot::arena arena(buffer, sizeof buffer);
  auto doc = jot::parse(R"({"store": {"book": [
      {"title": "Sayings of the Century", "price": 8.95},
      {"title": "Sword of Honour", "price": 12.99},
      {"title": "Moby Dick", "price": 8.99, "isbn": "0-553-21311-3"}]}})",
                        arena);
  if (!doc) return 1;

  auto cheap = jot::path::compile("$..book[?@.price < 10 && !match(@.title, 'Say.*')].title", arena);
  if (!cheap) return 1;
  auto nodes = jot::path::evaluate(*cheap, doc->root(), arena);
  if (!nodes) return 1;
  for (const jot::path::node& n : *nodes) {
    auto path = n.path.text(arena);
    auto title = n.value.get_string();
    if (!path || !title) return 1;
    // $['store']['book'][2]['title']: Moby Dick
    std::printf("%.*s: %.*s\n", static_cast<int>(path->size()), path->data(), static_cast<int>(title->size()),
                title->data());
  }

  // A bad query names its byte: here the function's argument, which must be
  // a single value, not a nodelist.
  auto bad = jot::path::compile("$[?length(@.*) > 1]", arena);
  if (bad) return 1;
  std::printf("%s at byte %zu: %s\n", jot::error_code_name(bad.error().code), bad.error().offset,
              bad.error().message);  // query_type at byte 10: ...
  return 0;
}
