// tests/write/write_test.cpp - the writer: escaping, numbers, layout, buffers, sizes.
//
// Most documents are built by hand as tapes (tape_builder below), so these
// tests pin the writer down independently of the parser; the conformance
// checks at the end parse the shared y_ files.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "jot/jot.h"
#include "support/test_data.h"
#include "write/write_number.h"  // src/: digit conversions, tested against each other
#include "write/write_string.h"  // src/: the byte scanners, tested against each other

namespace {

using jot::detail::node;

// Builds a tape in document order: open()/close() containers, key() before
// each object member's value.
class tape_builder {
 public:
  tape_builder& null() { return add(jot::detail::kind_null, 0); }
  tape_builder& boolean(bool b) { return add(b ? jot::detail::kind_true : jot::detail::kind_false, 0); }
  tape_builder& uint(std::uint64_t u) {
    add(jot::detail::kind_uint, 0);
    nodes_.back().u = u;
    return *this;
  }
  tape_builder& sint(std::int64_t i) {
    add(jot::detail::kind_int, 0);
    nodes_.back().i = i;
    return *this;
  }
  tape_builder& dbl(double d) {
    add(jot::detail::kind_double, 0);
    nodes_.back().d = d;
    return *this;
  }
  tape_builder& raw_number(std::string text) { return text_node(jot::detail::kind_raw_number, std::move(text), true); }
  // A string with arbitrary bytes (kind_string).
  tape_builder& str(std::string s) { return text_node(jot::detail::kind_string, std::move(s), true); }
  // A string the parser would mark plain (no '"', '\\', byte < 0x20).
  tape_builder& plain(std::string s) { return text_node(jot::detail::kind_string_plain, std::move(s), true); }
  tape_builder& key(std::string s) { return text_node(jot::detail::kind_string_plain, std::move(s), false); }
  tape_builder& open_array() { return open(jot::detail::kind_array); }
  tape_builder& open_object() { return open(jot::detail::kind_object); }
  tape_builder& close() {
    const open_container c = open_.back();
    open_.pop_back();
    nodes_[c.index].tag = (c.count << jot::detail::tag_bits) | nodes_[c.index].kind();
    nodes_[c.index].span = nodes_.size() - c.index;
    return *this;
  }
  jot::value root() const { return jot::value(nodes_.data()); }

 private:
  struct open_container {
    std::size_t index;
    std::uint64_t count;
  };
  tape_builder& add(std::uint8_t k, std::uint64_t length, bool counts = true) {
    node n{};
    n.tag = (length << jot::detail::tag_bits) | k;
    nodes_.push_back(n);
    if (counts && !open_.empty()) ++open_.back().count;
    return *this;
  }
  tape_builder& text_node(std::uint8_t k, std::string s, bool counts) {
    strings_.push_back(std::move(s));
    add(k, strings_.back().size(), counts);
    nodes_.back().str = strings_.back().data();
    return *this;
  }
  tape_builder& open(std::uint8_t k) {
    add(k, 0);
    open_.push_back({nodes_.size() - 1, 0});
    return *this;
  }

  std::vector<node> nodes_;
  std::deque<std::string> strings_;  // stable addresses for the string nodes
  std::vector<open_container> open_;
};

std::string to_text(jot::value v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  auto r = jot::write(v, out, o);
  EXPECT_TRUE(r.ok()) << r.error().message;
  return r ? std::string(*r) : std::string();
}

jot::write_options opts(std::uint32_t indent, bool slash = false, bool non_ascii = false) {
  jot::write_options o;
  o.indent = indent;
  o.escape_slash = slash;
  o.escape_non_ascii = non_ascii;
  return o;
}

// An escaper written independently of the library's, one byte at a time, for
// comparison: what write() must produce for a string's bytes.
std::string reference_escape(const std::string& s, bool slash, bool non_ascii) {
  std::string out;
  char buf[16];
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') { out += "\\\""; ++i; continue; }
    if (c == '\\') { out += "\\\\"; ++i; continue; }
    if (c == '/' && slash) { out += "\\/"; ++i; continue; }
    if (c < 0x20) {
      switch (c) {
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf;
      }
      ++i;
      continue;
    }
    if (c < 0x80 || !non_ascii) { out += static_cast<char>(c); ++i; continue; }
    // Decode one UTF-8 sequence; anything invalid is one U+FFFD per byte.
    std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
    std::uint32_t cp = 0;
    bool valid = len != 0 && i + len <= s.size();
    if (valid) {
      cp = c & (0xff >> (len + 1));
      for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80) valid = false;
        cp = cp << 6 | (b & 0x3f);
      }
      const std::uint32_t min_for_len[5] = {0, 0, 0x80, 0x800, 0x10000};
      if (cp < min_for_len[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) valid = false;
    }
    if (!valid) { out += "\\ufffd"; ++i; continue; }
    if (cp < 0x10000) {
      std::snprintf(buf, sizeof buf, "\\u%04x", cp);
    } else {
      std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xd800 + ((cp - 0x10000) >> 10),
                    0xdc00 + ((cp - 0x10000) & 0x3ff));
    }
    out += buf;
    i += len;
  }
  return out;
}

std::string quoted(const std::string& s, bool slash = false, bool non_ascii = false) {
  return "\"" + reference_escape(s, slash, non_ascii) + "\"";
}

// Writes one string node and returns the text.
std::string write_string_node(const std::string& s, const jot::write_options& o = {}) {
  tape_builder t;
  t.str(s);
  return to_text(t.root(), o);
}

// A deterministic byte generator (tests must be reproducible).
struct lcg {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state >> 33);
  }
};

// Random bytes biased towards everything the escaper treats specially:
// controls, quotes, slashes, valid 2/3/4-byte UTF-8, stray and truncated bytes.
std::string random_string(lcg& g, std::size_t length) {
  static const char* const pieces[] = {"a", "b", "\"", "\\", "/", "\n", "\x01", "\x1f", "\t",
                                       "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
                                       "\xf4\x8f\xbf\xbf", "\xff", "\xc3", "\xe2\x82",
                                       "\xed\xa0\x80", "\xc0\xaf", "\x7f", " "};
  std::string s;
  while (s.size() < length) {
    const std::uint32_t r = g.next() % 40;
    // Half the time a plain letter, so long unflagged runs occur too.
    s += r < 20 ? std::string(1, static_cast<char>('a' + r)) : pieces[r - 20];
  }
  return s;
}

}  // namespace

// ---- escaping ------------------------------------------------------------------

TEST(WriteEscape, EveryControlCharacter) {
  const char* const expected[32] = {
      "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
      "\\b",     "\\t",     "\\n",     "\\u000b", "\\f",     "\\r",     "\\u000e", "\\u000f",
      "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
      "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f"};
  for (int c = 0; c < 32; ++c) {
    const std::string one(1, static_cast<char>(c));
    EXPECT_EQ(write_string_node(one), "\"" + std::string(expected[c]) + "\"") << "byte " << c;
    // At every position of a string long enough for the 16-byte scanner.
    for (std::size_t pos = 0; pos < 40; ++pos) {
      std::string s(40, 'x');
      s[pos] = static_cast<char>(c);
      const std::string want =
          "\"" + std::string(pos, 'x') + expected[c] + std::string(39 - pos, 'x') + "\"";
      EXPECT_EQ(write_string_node(s), want) << "byte " << c << " at " << pos;
    }
  }
  // 0x7f (DEL) is not a control character for JSON: copied.
  EXPECT_EQ(write_string_node("\x7f"), "\"\x7f\"");
}

TEST(WriteEscape, QuoteAndBackslash) {
  EXPECT_EQ(write_string_node("\""), "\"\\\"\"");
  EXPECT_EQ(write_string_node("\\"), "\"\\\\\"");
  EXPECT_EQ(write_string_node("a\"b\\c\"\""), "\"a\\\"b\\\\c\\\"\\\"\"");
  EXPECT_EQ(write_string_node(""), "\"\"");
}

TEST(WriteEscape, SlashOnlyOnRequest) {
  EXPECT_EQ(write_string_node("</script>"), "\"</script>\"");
  EXPECT_EQ(write_string_node("</script>", opts(0, true)), "\"<\\/script>\"");
  // Plain strings are copied verbatim only when no option asks for more.
  tape_builder t;
  t.open_array().plain("a/b").plain(std::string(100, '/')).close();
  EXPECT_EQ(to_text(t.root()), "[\"a/b\",\"" + std::string(100, '/') + "\"]");
  std::string slashes;
  for (int i = 0; i < 100; ++i) slashes += "\\/";
  EXPECT_EQ(to_text(t.root(), opts(0, true)), "[\"a\\/b\",\"" + slashes + "\"]");
}

// Plain strings (no '"', '\\' or control), as keys and values, with and
// without '/' and non-ASCII bytes, at lengths around the 2048-byte limit of
// the verbatim copy: under escape_slash alone those without '/' are copied
// as they are, the rest escaped; every mode must match the reference.
TEST(WriteEscape, PlainStringsUnderEveryMode) {
  for (std::size_t length : {0u, 1u, 15u, 16u, 17u, 100u, 2047u, 2048u, 2049u, 3000u}) {
    for (const char* fill : {"a", "/", "\xc3\xa9", "ab/"}) {
      for (std::size_t slash_at : {std::size_t{0}, length / 2, length}) {
        std::string s;
        while (s.size() < length) s += fill;
        s.resize(length);
        if (std::string(fill) == "\xc3\xa9" && length % 2 == 1) s.back() = 'z';  // no cut sequence
        if (slash_at < length && std::string(fill) == "a") s[slash_at] = '/';
        for (int mode = 0; mode < 4; ++mode) {
          const bool slash = (mode & 1) != 0, non_ascii = (mode & 2) != 0;
          for (std::uint32_t indent : {0u, 2u}) {
            tape_builder t;
            t.open_object().key(s).plain(s).close();
            const std::string sep = indent != 0 ? ": " : ":";
            const std::string want = indent != 0 ? "{\n  " + quoted(s, slash, non_ascii) + sep +
                                                       quoted(s, slash, non_ascii) + "\n}"
                                                 : "{" + quoted(s, slash, non_ascii) + sep +
                                                       quoted(s, slash, non_ascii) + "}";
            ASSERT_EQ(to_text(t.root(), opts(indent, slash, non_ascii)), want)
                << "length " << length << " fill " << fill << " mode " << mode;
          }
        }
      }
    }
  }
}

TEST(WriteEscape, NonAscii) {
  const jot::write_options o = opts(0, false, true);
  EXPECT_EQ(write_string_node("\xc3\xa9", o), "\"\\u00e9\"");                   // U+00E9
  EXPECT_EQ(write_string_node("\xe2\x82\xac", o), "\"\\u20ac\"");               // U+20AC
  EXPECT_EQ(write_string_node("\xef\xbf\xbf", o), "\"\\uffff\"");               // U+FFFF
  EXPECT_EQ(write_string_node("\xf0\x9f\x98\x80", o), "\"\\ud83d\\ude00\"");    // U+1F600
  EXPECT_EQ(write_string_node("\xf0\x90\x80\x80", o), "\"\\ud800\\udc00\"");    // U+10000
  EXPECT_EQ(write_string_node("\xf4\x8f\xbf\xbf", o), "\"\\udbff\\udfff\"");    // U+10FFFF
  // Plain strings too, and ASCII around them stays as is.
  tape_builder t;
  t.plain("caf\xc3\xa9 \xf0\x9f\x98\x80!");
  EXPECT_EQ(to_text(t.root(), o), "\"caf\\u00e9 \\ud83d\\ude00!\"");
  EXPECT_EQ(to_text(t.root()), "\"caf\xc3\xa9 \xf0\x9f\x98\x80!\"");
}

TEST(WriteEscape, InvalidUtf8) {
  // Without escape_non_ascii invalid bytes (possible after validate_utf8 =
  // false) are copied; with it each byte not starting a valid sequence is U+FFFD.
  const jot::write_options o = opts(0, false, true);
  const char* const bad[] = {"\xff", "\x80", "\xc3", "\xc0\xaf", "\xe2\x82", "\xed\xa0\x80",
                             "\xf4\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xf8\x88\x80\x80\x80"};
  for (const char* b : bad) {
    const std::string s(b);
    EXPECT_EQ(write_string_node(s), "\"" + s + "\"");
    std::string want = "\"";
    for (std::size_t i = 0; i < s.size(); ++i) want += "\\ufffd";
    EXPECT_EQ(write_string_node(s, o), want + "\"") << "bytes of length " << s.size();
  }
  // A truncated sequence followed by ASCII: the ASCII survives.
  EXPECT_EQ(write_string_node("\xe2\x82z", o), "\"\\ufffd\\ufffdz\"");
}

TEST(WriteEscape, ScannersAgree) {
  // Every 16-byte window of random data: SWAR, SSE2 (when built) and a scalar
  // loop find the same first byte that needs attention.
  lcg g{42};
  for (int round = 0; round < 4000; ++round) {
    char block[16];
    for (char& c : block) c = static_cast<char>(g.next() % 3 == 0 ? g.next() : 'a' + g.next() % 26);
    auto scalar = [&](bool slash, bool non_ascii) {
      for (unsigned i = 0; i < 16; ++i) {
        const auto c = static_cast<unsigned char>(block[i]);
        if (c == '"' || c == '\\' || c < 0x20 || (slash && c == '/') || (non_ascii && c >= 0x80))
          return i;
      }
      return 16u;
    };
    using namespace jot::detail;
    EXPECT_EQ((first_flag16_swar<false, false>(block)), scalar(false, false));
    EXPECT_EQ((first_flag16_swar<true, false>(block)), scalar(true, false));
    EXPECT_EQ((first_flag16_swar<false, true>(block)), scalar(false, true));
    EXPECT_EQ((first_flag16_swar<true, true>(block)), scalar(true, true));
#if defined(JOT_WRITE_SSE2)
    EXPECT_EQ((first_flag16_sse2<false, false>(block)), scalar(false, false));
    EXPECT_EQ((first_flag16_sse2<true, false>(block)), scalar(true, false));
    EXPECT_EQ((first_flag16_sse2<false, true>(block)), scalar(false, true));
    EXPECT_EQ((first_flag16_sse2<true, true>(block)), scalar(true, true));
#endif
    // The first n bytes in registers, zero-padded: the padding is flagged, so
    // the answer is the first flag among them, else n.
    for (std::size_t n = 0; n < 16; ++n) {
      const bytes16 b = load_short16(reinterpret_cast<const std::uint8_t*>(block), n);
      auto upto = [&](bool slash, bool non_ascii) { return std::min<unsigned>(scalar(slash, non_ascii), n); };
      EXPECT_EQ((first_flag16_swar<false, false>(b)), upto(false, false)) << n;
      EXPECT_EQ((first_flag16_swar<true, false>(b)), upto(true, false)) << n;
      EXPECT_EQ((first_flag16_swar<false, true>(b)), upto(false, true)) << n;
      EXPECT_EQ((first_flag16_swar<true, true>(b)), upto(true, true)) << n;
#if defined(JOT_WRITE_SSE2)
      EXPECT_EQ((first_flag16_sse2<false, false>(b)), upto(false, false)) << n;
      EXPECT_EQ((first_flag16_sse2<true, false>(b)), upto(true, false)) << n;
      EXPECT_EQ((first_flag16_sse2<false, true>(b)), upto(false, true)) << n;
      EXPECT_EQ((first_flag16_sse2<true, true>(b)), upto(true, true)) << n;
#endif
    }
  }
}

TEST(WriteEscape, RandomStringsMatchReference) {
  // Lengths around the 16-byte blocks and the 512-byte escape chunks, so that
  // multi-byte characters straddle both boundaries.
  lcg g{7};
  for (int round = 0; round < 600; ++round) {
    const std::size_t length = round < 100 ? static_cast<std::size_t>(round)
                                            : 480 + g.next() % 1200;
    const std::string s = random_string(g, length);
    for (int mode = 0; mode < 4; ++mode) {
      const bool slash = (mode & 1) != 0, non_ascii = (mode & 2) != 0;
      const jot::write_options o = opts(0, slash, non_ascii);
      const std::string want = quoted(s, slash, non_ascii);
      tape_builder t;
      t.str(s);
      ASSERT_EQ(to_text(t.root(), o), want) << "round " << round << " mode " << mode;
      EXPECT_EQ(jot::written_size(t.root(), o), want.size());
      EXPECT_EQ(jot::detail::escaped_size_reference(s.data(), s.data() + s.size(), slash, non_ascii),
                want.size() - 2);
    }
  }
}

// ---- numbers -----------------------------------------------------------------

TEST(WriteNumber, Integers) {
  std::vector<std::uint64_t> us = {0, 1, 9, 10, 99, 100, UINT64_MAX, UINT64_MAX - 1,
                                   static_cast<std::uint64_t>(INT64_MAX)};
  for (std::uint64_t p = 1; p <= UINT64_MAX / 10; p *= 10) {
    us.push_back(p - 1);
    us.push_back(p);
    us.push_back(p + 1);
    us.push_back(p * 10 - 1);
  }
  for (std::uint64_t u : us) {
    tape_builder t;
    t.uint(u);
    EXPECT_EQ(to_text(t.root()), std::to_string(u));
  }
  const std::int64_t is[] = {-1, -9, -10, -99, -100, -12345678901234, INT64_MIN, INT64_MIN + 1};
  for (std::int64_t i : is) {
    tape_builder t;
    t.sint(i);
    EXPECT_EQ(to_text(t.root()), std::to_string(i));
  }
  tape_builder t;
  t.open_array().uint(0).sint(INT64_MIN).uint(INT64_MAX).uint(UINT64_MAX).close();
  EXPECT_EQ(to_text(t.root()),
            "[0,-9223372036854775808,9223372036854775807,18446744073709551615]");
}

TEST(WriteNumber, FixedPointIntegerDigits) {
  // write_uint64 and write_fixed_digits against std::to_chars: every value
  // below 10^6, a stride to 10^9 (where the fraction's error bound is
  // tightest) also zero-padded to nine digits, each power of ten's
  // neighbours, and pseudo-random 64-bit values. A k rounded down instead of
  // up fails it (tried in session 39).
  const auto check = [](std::uint64_t v) {
    char want[24];
    const auto end = std::to_chars(want, want + sizeof want, v).ptr;
    char got[jot::detail::max_number_chars];
    const char* got_end = jot::detail::write_uint64(got, v);
    ASSERT_EQ(std::string_view(got, static_cast<std::size_t>(got_end - got)),
              std::string_view(want, static_cast<std::size_t>(end - want)))
        << v;
  };
  for (std::uint64_t v = 0; v < 1000000; ++v) check(v);
  for (std::uint64_t v = 1000000; v < 1000000000; v += 997) {
    check(v);
    char padded[9];
    ASSERT_EQ(jot::detail::write_fixed_digits<9>(padded, static_cast<std::uint32_t>(v)), padded + 9);
    char want[16];
    std::snprintf(want, sizeof want, "%09u", static_cast<unsigned>(v));
    ASSERT_EQ(std::string_view(padded, 9), std::string_view(want, 9)) << v;
  }
  char small[9];
  ASSERT_EQ(jot::detail::write_fixed_digits<9>(small, 42), small + 9);
  ASSERT_EQ(std::string_view(small, 9), "000000042");
  for (std::uint64_t p = 10; p <= UINT64_MAX / 10; p *= 10) {
    for (std::uint64_t d = 0; d < 3; ++d) {
      check(p - 1 - d);
      check(p + d);
    }
  }
  check(999999999);
  check(UINT64_MAX);
  check(UINT64_MAX - 1);
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 1000000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    check(x);
    check(x >> (x & 63));  // every length, not only 20-digit values
  }
}

TEST(WriteNumber, Doubles) {
  const struct {
    double d;
    const char* text;
  } cases[] = {
      {0.1, "0.1"},
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1e308, "1e+308"},
      {5e-324, "5e-324"},
      {100.0, "100.0"},
      {9007199254740993.0, "9007199254740992.0"},  // 2^53 + 1 rounds to 2^53
      {1e22, "1e+22"},
      {1e21, "1e+21"},
      {1e20, "100000000000000000000.0"},
      {123456789012345680000.0, "123456789012345680000.0"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {-2.2250738585072014e-308, "-2.2250738585072014e-308"},
      {0.000001, "0.000001"},
      {1e-7, "1e-7"},
      {-1.5e-7, "-1.5e-7"},
      {12.5, "12.5"},
      {-65.613616999999977, "-65.61361699999998"},
  };
  for (const auto& c : cases) {
    tape_builder t;
    t.dbl(c.d);
    EXPECT_EQ(to_text(t.root()), c.text);
  }
}

TEST(WriteNumber, EightDigitConversions) {
  // The SWAR identities eight_digits relies on, exhaustively, then the SWAR
  // result against the table lookup for a stride through [0, 10^8).
  for (std::uint64_t x = 0; x < 10000; ++x) ASSERT_EQ(x * 10486 >> 20, x / 100) << x;
  for (std::uint64_t y = 0; y < 100; ++y) ASSERT_EQ(y * 103 >> 10, y / 10) << y;
  for (std::uint32_t x = 0; x < 100000000; x += x < 100000 ? 1 : 997) {
    ASSERT_EQ(jot::detail::eight_digits(x), jot::detail::eight_digits_table(x)) << x;
  }
  ASSERT_EQ(jot::detail::eight_digits(99999999), jot::detail::eight_digits_table(99999999));
}

TEST(WriteNumber, SixteenDigitConversions) {
  // The identities of write_sixteen_digits' lanes, exhaustively over their
  // ranges, then its bytes against two table-made groups of eight and its
  // count of trailing '0' digits against counting them.
  for (std::uint64_t x = 0; x < 100000000; ++x) ASSERT_EQ(x * 0xD1B71759u >> 45, x / 10000) << x;
  for (std::uint32_t y = 0; y < 10000; ++y) ASSERT_EQ(y * 5243 >> 19, y / 100) << y;
  for (std::uint32_t z = 0; z < 100; ++z) ASSERT_EQ(z * 6554 >> 16, z / 10) << z;
  const auto check = [](std::uint32_t hi, std::uint32_t lo) {
    char got[16];
    const unsigned zeros = jot::detail::write_sixteen_digits(got, hi, lo);
    const std::uint64_t want_hi = jot::detail::eight_digits_table(hi), want_lo = jot::detail::eight_digits_table(lo);
    char want[16];
    std::memcpy(want, &want_hi, 8);
    std::memcpy(want + 8, &want_lo, 8);
    ASSERT_EQ(std::string(got, 16), std::string(want, 16)) << hi << " " << lo;
    unsigned want_zeros = 0;
    while (want_zeros < 16 && want[15 - want_zeros] == '0') ++want_zeros;
    ASSERT_EQ(zeros, want_zeros) << hi << " " << lo;
  };
  for (std::uint32_t x = 0; x < 100000000; x += x < 20000 ? 1 : 991) {
    check(x, 99999999 - x);
    check(99999999 - x, x);
  }
  check(99999999, 99999999);
  check(0, 0);
  for (std::uint32_t p = 1; p < 100000000; p *= 10) {  // every count of trailing zeros
    check(p, 0);
    check(7, p);
    check(0, p);
  }
}

namespace {
// The significant digits and decimal exponent of a double's text, from
// either jot's layout or std::to_chars' scientific form.
void digits_and_exponent(const std::string& text, std::string* digits, int* exponent) {
  digits->clear();
  int point = -1, count = 0, exp = 0;
  std::size_t i = text[0] == '-' ? 1 : 0;
  for (; i < text.size() && text[i] != 'e'; ++i) {
    if (text[i] == '.') {
      point = count;
      continue;
    }
    *digits += text[i];
    ++count;
  }
  if (i < text.size()) exp = std::atoi(text.c_str() + i + 1);
  if (point < 0) point = count;
  // Normalise to d.ddd * 10^x without leading or trailing zeros.
  std::size_t lead = 0;
  while (lead + 1 < digits->size() && (*digits)[lead] == '0') ++lead;
  digits->erase(0, lead);
  while (digits->size() > 1 && digits->back() == '0') digits->pop_back();
  *exponent = exp + point - 1 - static_cast<int>(lead);
}
}  // namespace

TEST(WriteNumber, OneProductSchubfachAgreesWithTheFullAlgorithm) {
  // schubfach_one_product decides most doubles from one product and leaves
  // the close calls (digits == 0) to schubfach(); where it decides, both must
  // give the same value (schubfach() may keep trailing zeros the other drops
  // by returning digits / 10). Random normal doubles, short decimals and their
  // neighbours (the close calls cluster there), and every decimal m * 10^e
  // with m < 1000: a few hundred fall back, and the test checks some did.
  using jot::detail::decimal;
  const auto same_value = [](decimal a, decimal b) {
    while (a.digits % 10 == 0) a.digits /= 10, ++a.exponent;
    while (b.digits % 10 == 0) b.digits /= 10, ++b.exponent;
    return a.digits == b.digits && a.exponent == b.exponent;
  };
  std::size_t decided = 0, left = 0;
  const auto check = [&](double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    bits &= ~(std::uint64_t{1} << 63);
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
    const int biased = static_cast<int>(bits >> 52);
    if (biased == 0 || biased == 0x7ff || fraction == 0) return;  // its precondition
    const int q = biased - 1075;
    const std::uint64_t c = std::uint64_t{1} << 52 | fraction;
    const decimal fast = jot::detail::schubfach_one_product(q, c);
    if (fast.digits == 0) {
      ++left;
      return;
    }
    ++decided;
    const decimal full = jot::detail::schubfach(q, c, 0);
    ASSERT_TRUE(same_value(fast, full)) << std::hexfloat << d << ": " << fast.digits << "e" << fast.exponent
                                        << " vs " << full.digits << "e" << full.exponent;
  };
  lcg g{2026};
  for (int i = 0; i < 400000; ++i) {
    const std::uint64_t bits = static_cast<std::uint64_t>(g.next()) << 32 | g.next();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    check(d);
  }
  for (int i = 0; i < 100000; ++i) {
    const double d = static_cast<double>(g.next() % 1000000) / (1 + g.next() % 100000);
    check(d);
    check(std::nextafter(d, 0.0));
    check(std::nextafter(d, HUGE_VAL));
  }
  for (int e = -300; e <= 300; e += 7) {
    for (int m = 1; m < 1000; ++m) {
      const std::string text = std::to_string(m) + "e" + std::to_string(e);
      check(std::strtod(text.c_str(), nullptr));
    }
  }
  EXPECT_GT(decided, 600000u);
  EXPECT_GT(left, 50u);  // the fallback ran too
}

TEST(WriteNumber, DoublesAreShortestAndRoundTripBitExact) {
  // Random bit patterns (all exponents), the smallest subnormals and powers
  // of two with their neighbours: jot's digits must be std::to_chars'
  // shortest digits, and strtod must read the text back to the same bits.
  std::vector<double> values;
  lcg g{99};
  for (int i = 0; i < 300000; ++i) {
    const std::uint64_t bits = static_cast<std::uint64_t>(g.next()) << 32 | g.next();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    values.push_back(d);
  }
  for (std::uint64_t bits = 1; bits < 3000; ++bits) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    values.push_back(d);
  }
  for (int e = -1074; e < 1024; ++e) {
    const double p = std::ldexp(1.0, e);
    values.push_back(p);
    values.push_back(std::nextafter(p, 0.0));
    values.push_back(std::nextafter(p, HUGE_VAL));
  }
  for (std::uint32_t i = 0; i < 100000; ++i) values.push_back(static_cast<double>(g.next() % 100000) / (1 + g.next() % 1000));
  for (const double d : values) {
    if (!std::isfinite(d)) continue;
    tape_builder t;
    t.dbl(d);
    const std::string text = to_text(t.root());
    // Always a JSON double: a '.' or an exponent.
    ASSERT_NE(text.find_first_of(".e"), std::string::npos) << text;
    const double back = std::strtod(text.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&back, &d, sizeof d), 0) << text;
    char ref[64];
    const auto r = std::to_chars(ref, ref + sizeof ref, d, std::chars_format::scientific);
    std::string want_digits, got_digits;
    int want_exponent = 0, got_exponent = 0;
    digits_and_exponent(std::string(ref, r.ptr), &want_digits, &want_exponent);
    digits_and_exponent(text, &got_digits, &got_exponent);
    ASSERT_EQ(got_digits, want_digits) << text << " vs " << std::string(ref, r.ptr);
    if (d != 0) {
      ASSERT_EQ(got_exponent, want_exponent) << text << " vs " << std::string(ref, r.ptr);
    }
  }
}

TEST(WriteNumber, NanAndInfinityWriteNull) {
  tape_builder t;
  t.open_array()
      .dbl(std::numeric_limits<double>::quiet_NaN())
      .dbl(std::numeric_limits<double>::infinity())
      .dbl(-std::numeric_limits<double>::infinity())
      .close();
  EXPECT_EQ(to_text(t.root()), "[null,null,null]");
  EXPECT_EQ(jot::written_size(t.root()), 16u);
}

TEST(WriteNumber, RawNumberTextIsVerbatim) {
  const std::string long_digits = "1" + std::string(5000, '0') + ".5e-3";
  tape_builder t;
  t.open_array().raw_number("-0.10e+2").raw_number(long_digits).close();
  const std::string want = "[-0.10e+2," + long_digits + "]";
  EXPECT_EQ(to_text(t.root()), want);
  EXPECT_EQ(jot::written_size(t.root()), want.size());
}

// ---- layout --------------------------------------------------------------------

namespace {
// {"a":[1,true,null,{"b":"x"}],"c":{},"d":[],"e":[[]],"f":{"g":{"h":-1.5}}}
tape_builder nested_sample() {
  tape_builder t;
  t.open_object();
  t.key("a").open_array().uint(1).boolean(true).null().open_object().key("b").plain("x").close().close();
  t.key("c").open_object().close();
  t.key("d").open_array().close();
  t.key("e").open_array().open_array().close().close();
  t.key("f").open_object().key("g").open_object().key("h").dbl(-1.5).close().close();
  t.close();
  return t;
}
}  // namespace

TEST(WriteLayout, Compact) {
  EXPECT_EQ(to_text(nested_sample().root()),
            R"({"a":[1,true,null,{"b":"x"}],"c":{},"d":[],"e":[[]],"f":{"g":{"h":-1.5}}})");
}

TEST(WriteLayout, PrettyLikeJsonStringify) {
  // JSON.stringify(v, null, 2) of the same value.
  const char* const want = R"({
  "a": [
    1,
    true,
    null,
    {
      "b": "x"
    }
  ],
  "c": {},
  "d": [],
  "e": [
    []
  ],
  "f": {
    "g": {
      "h": -1.5
    }
  }
})";
  EXPECT_EQ(to_text(nested_sample().root(), opts(2)), want);
  // Other indents: the same lines with each level's 2 spaces widened (1500
  // exceeds the writer's single-reservation indentation of 1024 bytes).
  for (std::uint32_t indent : {1u, 4u, 1500u}) {
    std::string wide;
    std::size_t run = 0;
    bool line_start = true;
    for (const char* p = want; *p; ++p) {
      if (line_start && *p == ' ') {
        ++run;
        continue;
      }
      if (line_start) wide += std::string(run / 2 * indent, ' ');
      line_start = *p == '\n';
      run = 0;
      wide += *p;
    }
    EXPECT_EQ(to_text(nested_sample().root(), opts(indent)), wide) << "indent " << indent;
    EXPECT_EQ(jot::written_size(nested_sample().root(), opts(indent)), wide.size());
  }
}

TEST(WriteLayout, ScalarsAndEmptyContainersAtTheRoot) {
  for (std::uint32_t indent : {0u, 3u}) {
    tape_builder a, o, n, s;
    a.open_array().close();
    o.open_object().close();
    n.null();
    s.plain("x");
    EXPECT_EQ(to_text(a.root(), opts(indent)), "[]");
    EXPECT_EQ(to_text(o.root(), opts(indent)), "{}");
    EXPECT_EQ(to_text(n.root(), opts(indent)), "null");
    EXPECT_EQ(to_text(s.root(), opts(indent)), "\"x\"");
  }
  tape_builder t;
  t.open_array().open_object().close().open_array().close().close();
  EXPECT_EQ(to_text(t.root()), "[{},[]]");
  EXPECT_EQ(to_text(t.root(), opts(1)), "[\n {},\n []\n]");
}

TEST(WriteLayout, SubValue) {
  // Writing a value inside a document writes just that subtree.
  tape_builder t = nested_sample();
  EXPECT_EQ(to_text(t.root()["a"]), R"([1,true,null,{"b":"x"}])");
  EXPECT_EQ(to_text(t.root()["f"]["g"]), R"({"h":-1.5})");
  EXPECT_EQ(to_text(t.root()["a"][3], opts(1)), "{\n \"b\": \"x\"\n}");
}

TEST(WriteLayout, AbsentValueIsNotFound) {
  jot::output_buffer out;
  EXPECT_EQ(jot::write(jot::value(), out).error().code, jot::error_code::not_found);
  char buf[8];
  EXPECT_EQ(jot::write(jot::value(), buf, sizeof buf).error().code, jot::error_code::not_found);
  EXPECT_EQ(jot::written_size(jot::value()), 0u);
}

TEST(WriteLayout, NestingDeeperThanTheStackWindow) {
  // 3000 levels alternating arrays and objects, each with a sibling after the
  // nested value, so closing brackets and commas depend on every level.
  // (The writer keeps 1024 levels and recomputes outer ones from the root.)
  for (int depth : {1, 1023, 1024, 1025, 2049, 3000}) {
    tape_builder t;
    std::string open_text, close_text;
    std::vector<std::string> closers;
    for (int level = 0; level < depth; ++level) {
      if (level % 2 == 0) {
        t.open_array().uint(static_cast<std::uint64_t>(level));
        open_text += "[" + std::to_string(level) + ",";
        closers.push_back("]");
      } else {
        t.open_object().key("k");
        open_text += "{\"k\":";
        closers.push_back(",\"n\":" + std::to_string(level) + "}");
      }
    }
    t.null();
    for (int level = depth - 1; level >= 0; --level) {
      if (level % 2 != 0) t.key("n").uint(static_cast<std::uint64_t>(level));
      t.close();
      close_text += closers[static_cast<std::size_t>(level)];
    }
    const std::string want = open_text + "null" + close_text;
    EXPECT_EQ(to_text(t.root()), want) << "depth " << depth;
    const std::string pretty = to_text(t.root(), opts(1));
    EXPECT_EQ(jot::written_size(t.root(), opts(1)), pretty.size());
    // The last line closes the root, the one before it is indented one step.
    EXPECT_EQ(pretty.substr(pretty.size() - 2), "\n]");
    // Minifying the pretty text (no string holds a space) gives the compact text.
    std::string squeezed;
    bool in_string = false;
    for (char c : pretty) {
      if (c == '"') in_string = !in_string;
      if (!in_string && (c == ' ' || c == '\n')) continue;
      squeezed += c;
    }
    EXPECT_EQ(squeezed, want) << "depth " << depth;
  }
}

// ---- buffers -----------------------------------------------------------------

TEST(WriteBuffer, TooSmallReportsExactSizeAtEveryCapacity) {
  tape_builder escaped;
  escaped.open_array().str("tab\there \"q\" \xf0\x9f\x98\x80 /").raw_number("1.0e5").dbl(0.25).close();
  tape_builder big;
  big.open_array();
  for (int i = 0; i < 60; ++i) big.plain(std::string(static_cast<std::size_t>(i * 3), 'z')).str("a\nb");
  big.str(std::string(1500, '\x01')).close();
  const tape_builder nested = nested_sample();
  const jot::value roots[] = {nested.root(), escaped.root(), big.root()};
  for (const jot::value v : roots) {
    for (int mode = 0; mode < 8; ++mode) {
      const jot::write_options o = opts(mode & 1 ? 2 : 0, (mode & 2) != 0, (mode & 4) != 0);
      const std::string full = to_text(v, o);
      ASSERT_EQ(jot::written_size(v, o), full.size());
      std::vector<char> buf(full.size() + 1);
      for (std::size_t cap = 0; cap <= full.size(); ++cap) {
        auto r = jot::write(v, buf.data(), cap, o);
        if (cap < full.size()) {
          ASSERT_FALSE(r) << "capacity " << cap;
          EXPECT_EQ(r.error().code, jot::error_code::buffer_too_small);
          ASSERT_EQ(r.error().needed, full.size()) << "capacity " << cap;
        } else {
          ASSERT_TRUE(r) << "capacity " << cap;
          EXPECT_EQ(*r, full.size());
          EXPECT_EQ(std::string(buf.data(), *r), full);
        }
      }
      // Bytes past the text but within the capacity may serve as scratch
      // (documented); nothing past the capacity is touched.
      std::vector<char> roomy(full.size() + 64 + 32, '#');
      auto r = jot::write(v, roomy.data(), full.size() + 64, o);
      ASSERT_TRUE(r);
      EXPECT_EQ(std::string(roomy.data(), *r), full);
      EXPECT_EQ(std::string(roomy.data() + full.size() + 64, 32), std::string(32, '#'));
    }
  }
}

namespace {
// Counts through the allocator interface and checks every release matches.
struct counting_allocator {
  std::size_t allocations = 0;
  std::size_t deallocations = 0;
  std::size_t live_bytes = 0;
  std::size_t fail_after = SIZE_MAX;  // allocations allowed before failing
  void* allocate(std::size_t size, std::size_t) {
    if (allocations >= fail_after) return nullptr;
    ++allocations;
    live_bytes += size;
    return std::malloc(size);
  }
  void deallocate(void* p, std::size_t size, std::size_t) {
    ++deallocations;
    live_bytes -= size;
    std::free(p);
  }
};
}  // namespace

TEST(WriteBuffer, InlineThenGrowsThroughItsAllocator) {
  counting_allocator counter;
  {
    jot::output_buffer out(jot::allocator::of(counter));
    tape_builder small;
    small.plain("short");
    auto r = jot::write(small.root(), out);
    ASSERT_TRUE(r);
    EXPECT_EQ(*r, "\"short\"");
    EXPECT_EQ(counter.allocations, 0u) << "short output stays inline";
    EXPECT_EQ(out.capacity(), jot::output_buffer::inline_capacity);

    tape_builder big;
    big.open_array();
    for (int i = 0; i < 2000; ++i) big.uint(static_cast<std::uint64_t>(i)).str("e\"s");
    big.close();
    const std::size_t before = out.size();
    auto r2 = jot::write(big.root(), out);
    ASSERT_TRUE(r2);
    EXPECT_EQ(r2->size(), jot::written_size(big.root()));
    EXPECT_EQ(r2->data(), out.data() + before) << "the view is the appended part";
    EXPECT_EQ(out.view().substr(0, before), "\"short\"") << "earlier content kept";
    EXPECT_GT(counter.allocations, 0u);
    EXPECT_GE(out.capacity(), out.size());
    // Geometric growth: few allocations for ~18 KB.
    EXPECT_LE(counter.allocations, 8u);
    out.clear();
    const std::size_t allocations = counter.allocations;
    ASSERT_TRUE(jot::write(big.root(), out));
    EXPECT_EQ(counter.allocations, allocations) << "clear() keeps the capacity";
    EXPECT_TRUE(out.append("tail"));
    EXPECT_EQ(out.view().substr(out.size() - 4), "tail");
  }
  EXPECT_EQ(counter.deallocations, counter.allocations);
  EXPECT_EQ(counter.live_bytes, 0u);
}

TEST(WriteBuffer, ExactlySizedBufferNeverGrows) {
  // Reservations are worst cases, but the buffer grows only for actual text:
  // sized with written_size(), it is written without another allocation.
  tape_builder t;
  t.open_array();
  for (int i = 0; i < 300; ++i) t.dbl(i * 0.25).str("esc\"aped").plain("plain").uint(12345678901u);
  t.close();
  for (std::uint32_t indent : {0u, 2u}) {
    const jot::write_options o = opts(indent);
    counting_allocator counter;
    jot::output_buffer out(jot::allocator::of(counter));
    const std::size_t size = jot::written_size(t.root(), o);
    ASSERT_TRUE(out.reserve_more(size));
    EXPECT_EQ(counter.allocations, 1u);
    auto r = jot::write(t.root(), out, o);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->size(), size);
    EXPECT_EQ(counter.allocations, 1u) << "indent " << indent;
    EXPECT_EQ(out.capacity(), size);
  }
}

TEST(WriteBuffer, AllocationFailureIsOutOfMemory) {
  tape_builder big;
  big.open_array();
  for (int i = 0; i < 500; ++i) big.plain("0123456789");
  big.close();
  // How many allocations the write takes; failing any of them fails the
  // write and leaves the earlier content alone.
  std::size_t needed_allocations = 0;
  {
    counting_allocator counter;
    jot::output_buffer out(jot::allocator::of(counter));
    ASSERT_TRUE(out.append("keep"));
    ASSERT_TRUE(jot::write(big.root(), out));
    needed_allocations = counter.allocations;
  }
  ASSERT_GT(needed_allocations, 0u);
  for (std::size_t allowed = 0; allowed <= needed_allocations; ++allowed) {
    counting_allocator counter;
    counter.fail_after = allowed;
    {
      jot::output_buffer out(jot::allocator::of(counter));
      ASSERT_TRUE(out.append("keep"));
      auto r = jot::write(big.root(), out);
      if (allowed < needed_allocations) {
        ASSERT_FALSE(r) << allowed;
        EXPECT_EQ(r.error().code, jot::error_code::out_of_memory);
        EXPECT_EQ(out.view(), "keep") << "a failed write leaves the buffer as it was";
      } else {
        ASSERT_TRUE(r);
        EXPECT_EQ(r->size(), 6501u);  // 500 * 13 - 1 + 2
        EXPECT_EQ(out.view().substr(0, 5), "keep[");
      }
    }
    EXPECT_EQ(counter.live_bytes, 0u);
    EXPECT_EQ(counter.deallocations, counter.allocations);
  }
  // An output_buffer with no allocator never allocates.
  jot::output_buffer fixed{jot::allocator{}};
  EXPECT_EQ(jot::write(big.root(), fixed).error().code, jot::error_code::out_of_memory);
  EXPECT_EQ(fixed.size(), 0u);
}

// ---- conformance files -----------------------------------------------------------

TEST(WriteConformance, WrittenSizeMatchesEveryAcceptedFile) {
  JOT_REQUIRE_DATA(data);
  const auto files = jot_test::conformance_files("y_");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found beside " << data;
  for (const std::string& path : files) {
    const std::string name = std::filesystem::path(path).filename().string();
    std::string text;
    ASSERT_TRUE(jot_test::read_file(path, text));
    jot::arena a;
    auto doc = jot::parse(text, a);
    ASSERT_TRUE(doc) << name << ": " << doc.error().message;
    for (int mode = 0; mode < 8; ++mode) {
      const jot::write_options o = opts(mode & 1 ? 2 : 0, (mode & 2) != 0, (mode & 4) != 0);
      jot::output_buffer out;
      auto r = jot::write(doc->root(), out, o);
      ASSERT_TRUE(r) << name;
      EXPECT_EQ(jot::written_size(doc->root(), o), r->size()) << name << " mode " << mode;
      // The fixed-buffer writer produces the same bytes.
      std::vector<char> buf(r->size());
      auto n = jot::write(doc->root(), buf.data(), buf.size(), o);
      ASSERT_TRUE(n) << name;
      EXPECT_EQ(std::string_view(buf.data(), *n), *r) << name;
    }
  }
  EXPECT_GT(files.size(), 90u);
}
