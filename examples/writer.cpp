// Building a response with jot::writer: no DOM, no heap (the text goes into
// a caller buffer), every call checked. Built and run by the tests.
#include <jot/jot.h>

#include <cstdio>

int main() {
  char buffer[256];
  jot::writer w(buffer, sizeof buffer);
  w.begin_object();
  w.key("id").number(42);
  w.key("name").string("Zoë \"the\" tester");
  w.key("scores").begin_array().number(9.5).number(7).null().end_array();
  w.key("active").boolean(true);
  w.end_object();
  auto size = w.finish();  // result<size_t>: the first mistake, or buffer_too_small with needed
  if (!size) return std::printf("error: %s\n", size.error().message), 1;
  std::printf("%.*s\n", static_cast<int>(*size), buffer);

  // Misuse is an error, never invalid output.
  char small[64];
  jot::writer bad(small, sizeof small);
  bad.begin_object().string("a value without a key").end_object();
  auto failed = bad.finish();
  std::printf("%s: %s\n", jot::error_code_name(failed.error().code), failed.error().message);
  return failed ? 1 : 0;
}
