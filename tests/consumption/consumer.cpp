// tests/consumption/consumer.cpp - the program every consumption test builds:
// a user's first use of jot, linked the way the test under way says.
//
// Parses a literal into a 4 KB stack buffer (the arena may never allocate),
// reads fields, writes the document back, and checks that the headers report
// the version the build system promised. Exits non-zero on any mismatch.
#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <string_view>

#include <jot/jot.h>

#ifndef JOT_EXPECTED_VERSION
#error "the consumer build must define JOT_EXPECTED_VERSION"
#endif

#if defined(JOT_EXPECT_CXX23) && __cplusplus <= 202002L
#error "the consumer asked for C++23 but jot's flags changed the standard"
#endif

namespace {

int fail(const char* what) {
  std::fprintf(stderr, "consumer: %s\n", what);
  return 1;
}

}  // namespace

int main() {
  constexpr std::string_view text = R"({ "name": "jot", "version": [0, 1], "fast": true })";
  alignas(std::max_align_t) char buffer[4096];
  jot::arena a(buffer, sizeof buffer);

  jot::result<jot::document> doc = jot::parse(text, a);
  if (!doc) {
    std::fprintf(stderr, "consumer: parse failed at %" PRIu64 ":%" PRIu64 ": %s\n", doc.error().line,
                 doc.error().column, doc.error().message);
    return 1;
  }
  jot::result<std::string_view> name = (*doc)["name"].get_string();
  if (!name || *name != "jot") return fail("wrong /name");
  jot::result<jot::value> minor = doc->at_pointer("/version/1");
  if (!minor || minor->get_uint64().value_or(99) != 1) return fail("wrong /version/1");
  if (!(*doc)["fast"].get_bool().value_or(false)) return fail("wrong /fast");
  if (a.upstream_bytes() != 0) return fail("a buffer-only arena allocated");

  char out[256];
  jot::result<std::size_t> n = jot::write(doc->root(), out, sizeof out);
  if (!n || std::string_view(out, *n) != R"({"name":"jot","version":[0,1],"fast":true})")
    return fail("write gave other text");

  if (std::string_view(jot::version_string) != JOT_EXPECTED_VERSION)
    return fail("jot::version_string differs from the package version");
  std::puts("consumer ok");
  return 0;
}
