#include <jot/jot.h>
#include <cstdio>

int main() {
  const char packet[] = R"({"meta": {"id": 42, "valid": true}, "source": "127.0.0.1"})";
  char buffer[4096];                      // all memory jot may use: no malloc, no new
  jot::arena arena(buffer, sizeof buffer);
  auto doc = jot::parse(packet, arena);   // result<document>: truthy on success
  if (!doc) return std::printf("%u:%u: %s\n", doc.error().line, doc.error().column, doc.error().message), 1;
  auto id = doc->at_pointer("/meta/id")->get_uint64();
  auto source = (*doc)["source"].get_string();
  std::printf("id=%llu source=%.*s\n", (unsigned long long)*id, (int)source->size(), source->data());
  return *id == 42 && *source == "127.0.0.1" ? 0 : 1;
}
