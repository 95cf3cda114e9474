// Many documents in one buffer: NDJSON read line by line into one fixed
// buffer, a bad line reported with its document number, line and column,
// and the rest still read.
#include <jot/jot.h>

#include <cinttypes>
#include <cstdio>

int main() {
  const char text[] =
      "{\"id\": 1, \"event\": \"click\"}\r\n"
      "\n"
      "{\"id\": 2, \"event\": \"view\"\n"  // unclosed: an error on its own line
      "{\"id\": 3, \"event\": \"click\"}\n";
  alignas(16) char buffer[4096];
  jot::arena arena(buffer, sizeof buffer);  // reset for every document: never allocates
  jot::documents docs(text, arena, {.format = jot::document_format::ndjson,
                                    .continue_after_error = true});
  int clicks = 0;
  for (jot::result<jot::document>& d : docs) {
    if (!d) {
      const jot::error& e = d.error();
      std::printf("document %zu, line %" PRIu64 ", column %" PRIu64 ": %s\n", docs.index(), e.line,
                  e.column, e.message);
      continue;
    }
    clicks += (*d)["event"].get_string().value_or("") == "click";
  }
  std::printf("%zu documents, %zu bad, %d clicks\n", docs.count(), docs.error_count(), clicks);
  return docs.count() == 3 && docs.error_count() == 1 && clicks == 2 ? 0 : 1;
}
