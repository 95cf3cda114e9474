// examples/build.cpp - building a response with the mutable document
// (the README's "Building and editing JSON" example, word for word).
#include <jot/jot.h>

#include <cstdio>

int main() {
  char buffer[4096];
  jot::arena arena(buffer, sizeof buffer);                  // no heap at all
  jot::mutable_document doc(arena);
  jot::mut_value root = doc.root();
  root["id"] = 42;
  root["tags"] = {"fast", "small"};                         // braces: an array
  root["user"] = jot::object_init{{"name", "ada"}, {"admin", true}};
  root["user"]["langs"] = {"c++", "rust"};
  if (!root["tags"].push_back("arena")) return 1;
  if (!doc.ok()) return std::printf("%s\n", doc.error().message), 1;
  jot::output_buffer out;
  auto text = jot::write(root, out);
  if (!text) return 1;
  std::printf("%.*s\n", static_cast<int>(text->size()), text->data());
  // {"id":42,"tags":["fast","small","arena"],"user":{"name":"ada","admin":true,"langs":["c++","rust"]}}
}
