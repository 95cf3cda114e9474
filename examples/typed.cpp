// examples/typed.cpp - JSON straight into your own structs and back, with no
// annotation and no heap: the README's typed example, built and run by the tests.
#include <jot/typed.h>

#include <cstdio>
#include <optional>
#include <string_view>
#include <vector>

struct ad_size {
  int w = 0;
  int h = 0;
};
struct ad_banner {
  std::optional<int> pos;
  std::vector<ad_size> format;
};
struct impression {
  std::string_view id;        // a view of the input: no copy
  double bidfloor = 0;
  std::optional<ad_banner> banner;
  jot::raw_json ext;          // kept as its exact text
};

int main() {
  const char json[] = R"({"id":"1","bidfloor":0.35,"banner":{"format":[{"w":728,"h":90}]},
                          "ext":{"deal":"x"},"secure":1})";     // "secure": unknown, skipped
  char buffer[4096];
  jot::arena arena(buffer, sizeof buffer);
  auto imp = jot::read<impression>(json, arena);              // jot::result<impression, ...>
  if (!imp) {                                                 // /banner/format/0/w: expected ...
    char message[256];
    imp.error().describe(message, sizeof message);
    return std::printf("%s\n", message), 1;
  }
  jot::output_buffer out;
  auto text = jot::write(*imp, out);                          // members in declaration order
  if (!text) return 1;
  std::printf("%.*s\n", static_cast<int>(text->size()), text->data());
  // {"id":"1","bidfloor":0.35,"banner":{"pos":null,"format":[{"w":728,"h":90}]},"ext":{"deal":"x"}}
}
