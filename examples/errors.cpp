// What a parse error tells you: a stable code, a message, and where.
#include <jot/jot.h>

#include <cinttypes>
#include <cstdio>

int main() {
  const char text[] = "{\n  \"name\": \"jot\",\n  \"tags\": [\"fast\", \"strict\",]\n}";
  jot::arena arena;
  auto doc = jot::parse(text, arena);
  if (doc) return 1;  // a trailing comma is not JSON
  const jot::error& e = doc.error();
  std::printf("%" PRIu64 ":%" PRIu64 ": %s (%s, byte %zu)\n", e.line, e.column, e.message,
              jot::error_code_name(e.code), e.offset);

  jot::parse_options lenient;
  lenient.syntax.allow_trailing_commas = true;
  auto ok = jot::parse(text, arena, lenient);
  return ok && ok->root()["tags"].size() == 2 ? 0 : 1;
}
