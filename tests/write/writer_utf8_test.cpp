// tests/write/writer_utf8_test.cpp - the streaming writer checks UTF-8 while it
// escapes (src/write/write_checked.inl), with every engine this CPU runs. Each
// string is judged against the scalar validator and, when valid, its bytes
// against the unchecked escaping path (the typed encoder's), so both the
// verdict and the output are tested. Invalid bytes go at every position of
// strings that span several vector blocks, in keys and in values; strings
// also end at a guard page, so no block reads past them. The check alone
// (jot::detail::valid_utf8, on the same engine) gets the same strings.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/guarded_page.h"
#include "jot/detail/scan/utf8.h"
#include "jot/jot.h"
#include "jot/typed.h"
#include "support/test_engines.h"

namespace {

using jot::error_code;

// What the writer returned for s as a value (or as a key).
struct outcome {
  bool ok;
  error_code code;
  std::string text;
};

outcome write_with(jot::kernel k, std::string_view s, bool as_key) {
  jot::writer_options o;
  o.kernel = k;
  jot::output_buffer out;
  jot::writer w(out, o);
  if (as_key) {
    w.begin_object().key(s).null().end_object();
  } else {
    w.string(s);
  }
  auto r = w.finish();
  return {static_cast<bool>(r), r ? error_code::ok : r.error().code, std::string(out.view())};
}

// The expected output when s is UTF-8: the typed encoder's unchecked escaping.
std::string expected(std::string_view s, bool as_key) {
  jot::output_buffer out;
  auto r = jot::write(s, out);
  EXPECT_TRUE(r);
  std::string q(out.view());
  return as_key ? "{" + q + ":null}" : q;
}

// The oracle: the scalar validator, one sequence at a time.
bool scalar_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const auto* const end = p + s.size();
  while (p != end) {
    if (*p < 0x80) {
      ++p;
      continue;
    }
    bool bad = false;
    p += jot::detail::utf8_valid_run(p, end, &bad);
    if (bad) return false;
  }
  return true;
}

void check(jot::kernel k, std::string_view s) {
  const bool valid = scalar_utf8(s);
  // The check alone (the mutable document's and the writer's long strings),
  // on the engine the writer picks for this kernel.
  ASSERT_EQ(jot::detail::valid_utf8(s.data(), s.size(), jot::detail::select_scan_engine(k)), valid) << testing::PrintToString(std::string(s));
  for (bool as_key : {false, true}) {
    const outcome got = write_with(k, s, as_key);
    ASSERT_EQ(got.ok, valid) << (as_key ? "key " : "value ") << testing::PrintToString(std::string(s));
    if (valid) {
      ASSERT_EQ(got.text, expected(s, as_key)) << testing::PrintToString(std::string(s));
    } else {
      ASSERT_EQ(got.code, error_code::invalid_utf8);
      ASSERT_TRUE(got.text.empty());  // a failed writer leaves the buffer as it was
    }
  }
}

class WriterUtf8 : public testing::TestWithParam<jot::kernel> {};

// Bytes and sequences that are not UTF-8 on their own.
const std::vector<std::string> invalid_pieces = {
    "\xff", "\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc3", "\xe3\x81", "\xe0\x80\x80", "\xed\xa0\x80",
    "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf0\x9f\x98", "\xe3\x41\x81",
};

// Runs of 2-, 3- and 4-byte characters mixed with ASCII and escapes: the
// bodies the invalid pieces go into.
std::vector<std::string> bodies() {
  std::vector<std::string> out;
  for (std::size_t n : {0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 130}) {
    out.push_back(std::string(n, 'a'));
    std::string cjk, mixed, emoji;
    while (cjk.size() < n) cjk += "\xe3\x81\x82";                      // あ
    while (mixed.size() < n) mixed += "ab\xc3\xa9\"\xe6\x97\xa5\n";     // ab é " 日 \n
    while (emoji.size() < n) emoji += "\xf0\x9f\x98\x80 x";            // 😀 x
    out.push_back(cjk);
    out.push_back(mixed);
    out.push_back(emoji);
  }
  return out;
}

TEST_P(WriterUtf8, ValidTextIsWrittenAsTheUncheckedPathWritesIt) {
  for (const std::string& b : bodies()) {
    ASSERT_TRUE(scalar_utf8(b)) << "the test bodies are UTF-8";
    check(GetParam(), b);
  }
}

TEST_P(WriterUtf8, InvalidBytesAreRefusedAtEveryPosition) {
  for (const std::string& b : bodies()) {
    for (const std::string& bad : invalid_pieces) {
      for (std::size_t at = 0; at <= b.size(); ++at) {
        std::string s = b;
        s.insert(at, bad);
        check(GetParam(), s);
        if (b.find_first_not_of('a') == std::string::npos) {
          // Inside ASCII every piece is invalid: the verdict must say so.
          ASSERT_FALSE(write_with(GetParam(), s, false).ok) << testing::PrintToString(s);
        }
      }
    }
  }
}

TEST_P(WriterUtf8, RandomMixturesAgreeWithTheScalarValidator) {
  const std::vector<std::string> pieces = {"a", "Z", " ", "\"", "\\", "\n", "\x01", "/", "\xc3\xa9",
                                           "\xe3\x81\x82", "\xf0\x9f\x98\x80", "\xef\xbf\xbf",
                                           "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"};
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    const std::size_t pieces_in = rng() % 90;
    for (std::size_t i = 0; i < pieces_in; ++i) {
      if (rng() % 64 == 0) {
        s += invalid_pieces[rng() % invalid_pieces.size()];
      } else {
        s += pieces[rng() % pieces.size()];
      }
    }
    check(GetParam(), s);
  }
}

TEST_P(WriterUtf8, LongStringsTakeTheTwoPassPathWithTheSameResults) {
  // Strings past one reservation are validated before they are written.
  for (std::size_t n : {511, 512, 513, 600, 5000}) {
    std::string s;
    while (s.size() < n) s += "\xe6\x97\xa5x";
    check(GetParam(), s);
    for (std::size_t at : {std::size_t{0}, n / 2, s.size()}) {
      std::string bad = s;
      bad.insert(at, "\xed\xa0\x80");
      check(GetParam(), bad);
    }
  }
}

// Regression: an invalid string whose reservation moved the output to a new
// block left the writer on the old one, and finish() then measured the
// output from a stale pointer (found by ASan as a huge allocation).
TEST_P(WriterUtf8, InvalidStringAfterTheOutputMovedFailsCleanly) {
  jot::writer_options o;
  o.kernel = GetParam();
  for (std::size_t before : {0, 1, 100, 5000, 20000}) {
    SCOPED_TRACE(before);
    const std::string filler(before % 97, 'f');
    auto fill = [&](jot::writer& w) {
      w.begin_array();
      for (std::size_t n = 0; n < before; n += filler.size() + 3) w.string(filler);
      w.string("ok\xe3\x81").end_array();
    };
    jot::output_buffer out;
    ASSERT_TRUE(out.append("kept"));
    jot::writer a(out, o);
    fill(a);
    auto r = a.finish();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::invalid_utf8);
    EXPECT_EQ(out.view(), "kept");

    std::vector<char> buffer(64);
    jot::writer b(buffer.data(), buffer.size(), o);
    fill(b);
    auto rb = b.finish();
    ASSERT_FALSE(rb);
    EXPECT_EQ(rb.error().code, error_code::invalid_utf8);

    std::string sunk;
    jot::writer c(jot::sink{&sunk,
                            [](void* ctx, const char* data, std::size_t size) noexcept {
                              static_cast<std::string*>(ctx)->append(data, size);
                              return true;
                            }},
                  o);
    fill(c);
    auto rc = c.finish();
    ASSERT_FALSE(rc);
    EXPECT_EQ(rc.error().code, error_code::invalid_utf8);
  }
}

#if defined(JOT_TEST_HAVE_GUARDED_PAGE)
TEST_P(WriterUtf8, NoBlockReadsPastTheString) {
  jot_test::guarded_page page;
  ASSERT_TRUE(page.ok());
  const std::vector<std::string> ends = {"", "\xc3\xa9", "\xe3\x81\x82", "\xf0\x9f\x98\x80", "\"",
                                         "\xe3\x81", "\xff"};
  for (std::size_t n = 0; n <= 80; ++n) {
    for (const std::string& end : ends) {
      std::string text;
      while (text.size() < n) text += n % 2 == 0 ? "\xe3\x81\x82" : "a";
      text += end;
      const std::string_view placed = page.place(text);
      check(GetParam(), placed);
    }
  }
}
#endif

JOT_INSTANTIATE_FOR_ENGINES(WriterUtf8);

}  // namespace
