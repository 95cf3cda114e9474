// tests/conformance/roundtrip_test.cpp - parse(write(parse(x))) == parse(x), and writing is stable.
//
// For every accepted conformance file and every corpus file, in compact,
// pretty and fully escaped modes: the re-parsed document equals the original
// (jot's operator== and, stricter, node by node with bit-exact doubles), and
// writing the re-parsed document gives byte-identical text.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "jot/jot.h"
#include "support/test_data.h"

namespace {

using jot::detail::node;

// Compares two tapes node by node: same shapes, same lengths, same bytes in
// strings, same integers, and doubles with identical bit patterns. String
// nodes may differ in plain-ness (an escape in the source text, such as "\/",
// can make the original non-plain while the rewritten text has none).
bool same_tape(jot::value a, jot::value b, std::string* why) {
  const node* p = a.node();
  const node* q = b.node();
  const node* const end = p->next();
  if (q->next() - q != end - p) {
    *why = "node counts differ";
    return false;
  }
  for (; p != end; ++p, ++q) {
    const auto index = std::to_string(p - a.node());
    if (p->is_string() && q->is_string()) {
      if (std::string_view(p->str, p->length()) != std::string_view(q->str, q->length())) {
        *why = "string differs at node " + index;
        return false;
      }
      continue;
    }
    if (p->kind() != q->kind() || p->length() != q->length()) {
      *why = "kind or length differs at node " + index;
      return false;
    }
    switch (p->kind()) {
      case jot::detail::kind_uint:
      case jot::detail::kind_int:
      case jot::detail::kind_double:  // bit patterns: -0.0 != 0.0 here
      case jot::detail::kind_array:
      case jot::detail::kind_object:
        if (p->u != q->u) {
          *why = "payload differs at node " + index;
          return false;
        }
        break;
      case jot::detail::kind_raw_number:
        if (std::string_view(p->str, p->length()) != std::string_view(q->str, q->length())) {
          *why = "number text differs at node " + index;
          return false;
        }
        break;
      default:
        break;
    }
  }
  return true;
}

struct mode {
  const char* name;
  jot::write_options options;
};

std::vector<mode> modes() {
  jot::write_options pretty;
  pretty.indent = 2;
  jot::write_options escaped;
  escaped.escape_slash = true;
  escaped.escape_non_ascii = true;
  return {{"compact", {}}, {"pretty", pretty}, {"escaped", escaped}};
}

// Checks one JSON text in every mode, recording failures with gtest.
void check_round_trip(const std::string& name, const std::string& text) {
  jot::arena a1;
  auto original = jot::parse(text, a1);
  ASSERT_TRUE(original) << name << ": " << original.error().message;
  for (const mode& m : modes()) {
    jot::output_buffer first;
    auto w1 = jot::write(original->root(), first, m.options);
    ASSERT_TRUE(w1) << name;
    jot::arena a2;
    auto reparsed = jot::parse(*w1, a2);
    ASSERT_TRUE(reparsed) << name << " (" << m.name << "): written text does not parse: "
                          << reparsed.error().message << " at " << reparsed.error().offset;
    EXPECT_TRUE(reparsed->root() == original->root()) << name << " (" << m.name << ")";
    std::string why;
    EXPECT_TRUE(same_tape(original->root(), reparsed->root(), &why))
        << name << " (" << m.name << "): " << why;
    jot::output_buffer second;
    auto w2 = jot::write(reparsed->root(), second, m.options);
    ASSERT_TRUE(w2) << name;
    EXPECT_TRUE(*w1 == *w2) << name << " (" << m.name << "): second write differs";
  }
}

}  // namespace

TEST(Roundtrip, EveryAcceptedConformanceFile) {
  JOT_REQUIRE_DATA(data);
  const auto files = jot_test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found beside " << data;
  for (const std::string& path : files) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(path, text)) << path;
    check_round_trip(std::filesystem::path(path).filename().string(), text);
  }
  EXPECT_GT(files.size(), 90u);
}

TEST(Roundtrip, Corpus) {
  JOT_REQUIRE_DATA(data);
  for (const char* file : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    std::string text;
    if (!jot_test::read_file(data + "/corpus/" + file, text)) {
      ADD_FAILURE() << "missing corpus file " << file << " in " << data;
      continue;
    }
    check_round_trip(file, text);
  }
}

TEST(Roundtrip, CanadaDoublesAreBitExact) {
  // canada.json is mostly doubles with 15-17 significant digits: the hardest
  // case for shortest round-trip output. Compare every number's bits.
  JOT_REQUIRE_DATA(data);
  std::string text;
  if (!jot_test::read_file(data + "/corpus/canada.json", text)) GTEST_SKIP() << "no canada.json";
  jot::arena a1, a2;
  auto original = jot::parse(text, a1);
  ASSERT_TRUE(original);
  jot::output_buffer out;
  auto written = jot::write(original->root(), out);
  ASSERT_TRUE(written);
  auto reparsed = jot::parse(*written, a2);
  ASSERT_TRUE(reparsed);
  const node* p = original->root().node();
  const node* q = reparsed->root().node();
  const node* const end = p->next();
  ASSERT_EQ(q->next() - q, end - p);
  std::size_t doubles = 0;
  for (; p != end; ++p, ++q) {
    ASSERT_EQ(p->kind(), q->kind());
    if (p->kind() == jot::detail::kind_double) {
      ASSERT_EQ(std::memcmp(&p->d, &q->d, sizeof(double)), 0)
          << "double " << doubles << " changed: " << p->d << " vs " << q->d;
      ++doubles;
    }
  }
  EXPECT_GT(doubles, 100000u);
}

TEST(Roundtrip, InvalidUtf8BecomesValidJsonWithEscapeNonAscii) {
  // Every conformance file that parses only without UTF-8 validation holds
  // invalid bytes in a string. Written with escape_non_ascii, each becomes
  // \ufffd: the output is pure ASCII and parses strictly.
  JOT_REQUIRE_DATA(data);
  const std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside " << data;
  jot::parse_options lax;
  lax.syntax.validate_utf8 = false;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    std::string text;
    ASSERT_TRUE(jot_test::read_file(entry.path().string(), text)) << name;
    jot::arena strict_arena, lax_arena;
    if (jot::parse(text, strict_arena)) continue;
    auto doc = jot::parse(text, lax_arena, lax);
    if (!doc) continue;
    jot::write_options ascii;
    ascii.escape_non_ascii = true;
    jot::output_buffer out;
    auto written = jot::write(doc->root(), out, ascii);
    ASSERT_TRUE(written) << name;
    for (char c : *written) ASSERT_LT(static_cast<unsigned char>(c), 0x80u) << name;
    jot::arena again;
    auto reparsed = jot::parse(*written, again);
    ASSERT_TRUE(reparsed) << name << ": " << reparsed.error().message;
    EXPECT_NE(written->find("\\ufffd"), std::string_view::npos) << name << ": " << *written;
    ++files;
  }
  EXPECT_GE(files, 5u);
}
