// Strings with escapes decode to exactly their value in every consumer of the
// one unescaper (scan/strings.inl): the DOM parser, the typed reader (into
// std::string and into arena-backed views) and jot::visit's json_string, on
// every kernel this CPU runs. The room a caller gives the decoder is the raw
// length, and the DOM parser lays a document's decoded strings side by side,
// so a decoder that stored past one string's room would overwrite the string
// decoded before it (HACKING.md, session 27, tried such a decoder). Each
// value is checked against one built beside its text, never by another
// kernel.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/typed.h>
#include <jot/visit.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_kernels.h"

namespace {

// A string's JSON text (quotes included) and its decoded value.
struct escaped_case {
  std::string text;
  std::string value;
};

// Plain runs of every length around the register widths (8, 16, 32, 64)
// between escapes of each kind, some runs non-ASCII.
escaped_case random_escaped(std::mt19937& rng) {
  struct escape {
    std::string_view text, value;
  };
  using namespace std::string_view_literals;
  static constexpr escape escapes[] = {
      {"\\n", "\n"},           {"\\/", "/"},           {"\\\"", "\""},
      {"\\\\", "\\"},         {"\\t", "\t"},           {"\\u00e9", "\xC3\xA9"},
      {"\\u2603", "\xE2\x98\x83"}, {"\\ud83d\\ude00", "\xF0\x9F\x98\x80"}, {"\\u0041", "A"},
      {"\\u0000", "\0"sv},
  };
  escaped_case c;
  c.text = "\"";
  const auto run = [&] {
    const std::size_t n = rng() % 4 == 0 ? rng() % 140 : rng() % 20;
    for (std::size_t i = 0; i < n; ++i) {
      if (rng() % 16 == 0) {
        c.text += "\xC3\xA9";
        c.value += "\xC3\xA9";
      } else {
        const char ch = static_cast<char>('a' + (i + c.value.size()) % 26);
        c.text += ch;
        c.value += ch;
      }
    }
  };
  run();
  const int count = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < count; ++i) {
    const escape& e = escapes[rng() % std::size(escapes)];
    c.text += e.text;
    c.value += e.value;
    run();
  }
  c.text += '"';
  return c;
}

// Arrays of escaped strings, each case a document of its own.
std::vector<std::vector<escaped_case>> documents() {
  std::mt19937 rng(27);
  std::vector<std::vector<escaped_case>> out;
  for (int d = 0; d < 400; ++d) {
    std::vector<escaped_case> strings;
    const int n = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < n; ++i) strings.push_back(random_escaped(rng));
    out.push_back(std::move(strings));
  }
  return out;
}

std::string array_text(const std::vector<escaped_case>& strings) {
  std::string text = "[";
  for (std::size_t i = 0; i < strings.size(); ++i) text += (i ? "," : "") + strings[i].text;
  return text + "]";
}

TEST(EscapedStrings, TheDomParserDecodesEachWithinItsRoom) {
  const auto cases = documents();
  for (jot::kernel k : jot_test::supported_kernels()) {
    for (const auto& strings : cases) {
      const std::string text = array_text(strings);
      jot::arena a;
      auto d = jot::parser({}, k).parse(text, a);
      ASSERT_TRUE(d) << jot::kernel_name(k) << ": " << text;
      auto arr = d->root().get_array();
      ASSERT_TRUE(arr);
      std::size_t i = 0;
      for (jot::value v : *arr) {
        auto s = v.get_string();
        ASSERT_TRUE(s);
        ASSERT_EQ(*s, strings[i].value) << jot::kernel_name(k) << ", string " << i << " of " << text;
        ++i;
      }
      ASSERT_EQ(i, strings.size());
    }
  }
}

TEST(EscapedStrings, TheTypedReaderDecodesEachWithinItsRoom) {
  const auto cases = documents();
  for (jot::kernel k : jot_test::supported_kernels()) {
    jot::read_options o;
    o.kernel = k;
    for (const auto& strings : cases) {
      const std::string text = array_text(strings);
      std::vector<std::string> owned;
      jot::arena a;
      std::vector<std::string_view> views;
      ASSERT_TRUE(jot::read(text, owned, a, o)) << jot::kernel_name(k) << ": " << text;
      ASSERT_TRUE(jot::read(text, views, a, o)) << jot::kernel_name(k) << ": " << text;
      ASSERT_EQ(owned.size(), strings.size());
      ASSERT_EQ(views.size(), strings.size());
      for (std::size_t i = 0; i < strings.size(); ++i) {
        ASSERT_EQ(owned[i], strings[i].value) << jot::kernel_name(k) << ", string " << i << " of " << text;
        ASSERT_EQ(views[i], strings[i].value) << jot::kernel_name(k) << ", string " << i << " of " << text;
      }
    }
  }
}

// k plain bytes, an escaped line feed, j plain bytes, then a run of m
// backslashes and a quote: an even run is m/2 escaped backslashes and the
// quote closes the string; an odd one ends in an escaped quote, and the
// string goes on. The closing quote's search starts at the first backslash
// and carries an odd run's escape over each register edge (16 and 32
// bytes); the run starts 2 + j bytes after the search, so runs of every
// length up to 70 end at every position of a register.
std::string backslash_run(std::size_t k, std::size_t j, std::size_t m, std::string* value) {
  std::string text = "\"" + std::string(k, 'a') + "\\n" + std::string(j, 'c') + std::string(m, '\\') + "\"";
  if (value != nullptr) *value = std::string(k, 'a') + "\n" + std::string(j, 'c') + std::string(m / 2, '\\');
  if (m % 2 == 1) {
    text += "b\"";
    if (value != nullptr) *value += "\"b";
  }
  return text;
}

TEST(EscapedStrings, BackslashRunsAcrossRegisterEdgesEndWhereTheyShould) {
  for (jot::kernel kernel : jot_test::supported_kernels()) {
    jot::read_options o;
    o.kernel = kernel;
    for (std::size_t k : {0, 5, 17, 40}) {
      for (std::size_t j = 0; j <= 35; ++j) {
        std::vector<escaped_case> strings;
        for (std::size_t m = 1; m <= 70; ++m) {
          escaped_case c;
          c.text = backslash_run(k, j, m, &c.value);
          strings.push_back(std::move(c));
        }
        const std::string text = array_text(strings);
        jot::arena a;
        auto d = jot::parser({}, kernel).parse(text, a);
        ASSERT_TRUE(d) << jot::kernel_name(kernel) << ": " << text;
        auto arr = d->root().get_array();
        ASSERT_TRUE(arr);
        std::vector<std::string> owned;
        std::vector<std::string_view> views;
        ASSERT_TRUE(jot::read(text, owned, a, o)) << jot::kernel_name(kernel) << ": " << text;
        ASSERT_TRUE(jot::read(text, views, a, o)) << jot::kernel_name(kernel) << ": " << text;
        ASSERT_EQ(arr->size(), strings.size());
        ASSERT_EQ(owned.size(), strings.size());
        ASSERT_EQ(views.size(), strings.size());
        for (std::size_t i = 0; i < strings.size(); ++i) {
          auto s = (*arr)[i].get_string();
          ASSERT_TRUE(s);
          ASSERT_EQ(*s, strings[i].value) << jot::kernel_name(kernel) << ": " << strings[i].text;
          ASSERT_EQ(owned[i], strings[i].value) << jot::kernel_name(kernel) << ": " << strings[i].text;
          ASSERT_EQ(views[i], strings[i].value) << jot::kernel_name(kernel) << ": " << strings[i].text;
        }
      }
    }
  }
}

// The same runs where the input ends: after the run, or after an odd run's
// escaped quote, the string is unterminated, never read past the end.
TEST(EscapedStrings, BackslashRunsAtTheEndAreUnterminated) {
  for (jot::kernel kernel : jot_test::supported_kernels()) {
    jot::read_options o;
    o.kernel = kernel;
    for (std::size_t j : {0, 13, 29, 30}) {
      for (std::size_t m = 1; m <= 70; ++m) {
        std::string text = backslash_run(3, j, m, nullptr);
        text.resize(text.find_last_of('\\') + 1 + (m % 2));  // the run, and an odd run's escaped quote
        // Exactly the text's bytes on the heap: a read past them is a
        // heap-buffer-overflow under the sanitizers.
        const std::vector<char> bytes(text.begin(), text.end());
        const std::string_view json(bytes.data(), bytes.size());
        jot::arena a;
        auto d = jot::parser({}, kernel).parse(json, a);
        ASSERT_FALSE(d) << jot::kernel_name(kernel) << ": " << text;
        EXPECT_EQ(d.error().code, jot::error_code::unterminated_string) << jot::kernel_name(kernel) << ": " << text;
        std::string owned;
        const jot::read_result r = jot::read(json, owned, a, o);
        ASSERT_FALSE(r) << jot::kernel_name(kernel) << ": " << text;
        EXPECT_EQ(r.error().code, jot::error_code::unterminated_string) << jot::kernel_name(kernel) << ": " << text;
      }
    }
  }
}

TEST(EscapedStrings, JsonStringDecodesIntoExactlyTheRawLength) {
  for (const auto& strings : documents()) {
    for (const escaped_case& c : strings) {
      const std::string_view raw = std::string_view(c.text).substr(1, c.text.size() - 2);
      // Exactly raw.size() bytes on the heap: a store past them is a
      // heap-buffer-overflow under the sanitizers.
      std::vector<char> buf(raw.size());
      const jot::json_string s(raw);
      ASSERT_TRUE(s.has_escapes());
      ASSERT_EQ(std::string_view(buf.data(), s.decode(buf.data())), c.value) << c.text;
    }
  }
}

}  // namespace
