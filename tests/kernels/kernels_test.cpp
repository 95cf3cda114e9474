// The list of kernels and the dispatch that reads it; then every kernel
// against the portable one on random strings that mix ASCII, escapes, valid
// multi-byte characters and invalid bytes: same verdict, same error code and
// offset, same decoded bytes.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <cstdio>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/kernels.h"  // src/: the dispatch table, checked against all_kernels
#include "support/indented_document.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

TEST(Kernels, TheListHasEachKernelOnceWithADistinctName) {
  EXPECT_EQ(jot::all_kernels[0], jot::kernel::portable);
  std::set<jot::kernel> seen;
  std::set<std::string> names = {"automatic", "unknown"};
  for (jot::kernel k : jot::all_kernels) {
    EXPECT_NE(k, jot::kernel::automatic);
    EXPECT_TRUE(seen.insert(k).second) << "listed twice: " << jot::kernel_name(k);
    EXPECT_TRUE(names.insert(jot::kernel_name(k)).second) << "name reused: " << jot::kernel_name(k);
  }
  EXPECT_STREQ(jot::kernel_name(jot::kernel::automatic), "automatic");
  EXPECT_STREQ(jot::kernel_name(static_cast<jot::kernel>(200)), "unknown");
  EXPECT_FALSE(jot::kernel_supported(static_cast<jot::kernel>(200)));
}

// The names kernel.h documents, written out here rather than read from the
// table that kernel_name() itself reads.
const char* documented_name(jot::kernel k) {
  switch (k) {
    case jot::kernel::automatic: return "automatic";
    case jot::kernel::portable: return "portable";
    case jot::kernel::sse2: return "sse2";
    case jot::kernel::avx2: return "avx2";
    case jot::kernel::avx512: return "avx512";
    case jot::kernel::sse42: return "sse42";
    case jot::kernel::neon: return "neon";
  }
  return "unknown";
}

TEST(Kernels, TheDispatchTableFollowsTheList) {
  ASSERT_EQ(std::size(jot::detail::kernel_table), std::size(jot::all_kernels));
  for (std::size_t i = 0; i < std::size(jot::all_kernels); ++i) {
    const jot::detail::kernel_entry& e = *jot::detail::kernel_table[i];
    EXPECT_EQ(e.id, jot::all_kernels[i]) << i;
    EXPECT_STREQ(e.name, documented_name(e.id));
    EXPECT_STREQ(jot::kernel_name(e.id), documented_name(e.id));
    // A kernel this target builds has a parse function; only those can be supported.
    if (jot::kernel_supported(e.id)) EXPECT_NE(e.parse, nullptr) << e.name;
  }
  EXPECT_NE(jot::detail::kernel_table[0]->parse, nullptr);  // portable: built everywhere
}

// The engine each kernel's entry names for the readers compiled in users'
// units and for the writer's checks, as kernel.h documents it, written out here
// rather than read from the table.
jot::detail::scan_engine documented_engine(jot::kernel k) {
  switch (k) {
    case jot::kernel::avx2:
    case jot::kernel::avx512: return jot::detail::scan_engine::avx2;
    case jot::kernel::neon: return jot::detail::scan_engine::neon;
    default: return jot::detail::scan_engine::baseline;
  }
}

// One table serves every consumer: the engine that jot::read, jot::visit, the
// writer and the mutable document run is the chosen kernel's entry's, for
// every request (automatic, each kernel, and one this CPU cannot run, which
// falls back to portable as the parser does).
TEST(Kernels, TheEngineIsTheChosenKernelsEntrys) {
  for (const jot::detail::kernel_entry* e : jot::detail::kernel_table)
    EXPECT_EQ(e->engine, documented_engine(e->id)) << e->name;
  std::vector<jot::kernel> requests(std::begin(jot::all_kernels), std::end(jot::all_kernels));
  requests.push_back(jot::kernel::automatic);
  for (jot::kernel k : requests) {
    const jot::kernel chosen = jot::parser({}, k).kernel();
    EXPECT_EQ(jot::detail::select_scan_engine(k), documented_engine(chosen))
        << jot::kernel_name(k) << " chose " << jot::kernel_name(chosen);
  }
}

// Says which kernels the other tests skip here, and checks the automatic
// choice: the last supported kernel of the list; an unsupported request runs
// the portable kernel.
TEST(Kernels, ReportsWhichKernelsThisCpuLacks) {
  std::string skipped;
  jot::kernel last = jot::kernel::portable;
  for (jot::kernel k : jot::all_kernels) {
    if (jot::kernel_supported(k)) {
      last = k;
      continue;
    }
    skipped += skipped.empty() ? "" : " ";
    skipped += jot::kernel_name(k);
    EXPECT_EQ(jot::parser({}, k).kernel(), jot::kernel::portable) << jot::kernel_name(k);
  }
  EXPECT_TRUE(jot::kernel_supported(jot::kernel::portable));
  EXPECT_EQ(jot::parser().kernel(), last);
  std::printf("kernels skipped on this CPU/target: %s\n", skipped.empty() ? "none" : skipped.c_str());
  RecordProperty("skipped_kernels", skipped);
}

// Every kernel's line count (jot::locate, the readers' line numbers) against
// a byte-by-byte count: texts of every length over several register widths,
// from sparse to dense line feeds, at every alignment, and one long enough
// that the per-byte counters are summed more than once (255 registers).
TEST(Kernels, CountLineFeedsLikeAByteLoop) {
  std::mt19937 rng(42);
  std::vector<std::string> texts;
  for (std::size_t n = 0; n <= 300; ++n) {
    for (int percent : {0, 2, 30, 100}) {
      std::string t(n, 'x');
      for (char& c : t) {
        const auto byte = static_cast<char>(rng() % 256);
        c = static_cast<int>(rng() % 100) < percent ? '\n' : byte == '\n' ? 'y' : byte;
      }
      texts.push_back(std::move(t));
    }
  }
  std::string lines;
  while (lines.size() < 300000) lines += std::string(rng() % 90, 'a') + "\n";
  texts.push_back(lines + "tail without a line feed");
  texts.push_back(std::string(70000, '\n'));  // every counter byte wraps if not summed in time
  int kernels = 0;
  for (const jot::detail::kernel_entry* e : jot::detail::kernel_table) {
    if (!jot::kernel_supported(e->id)) continue;
    ASSERT_NE(e->count_line_feeds, nullptr) << e->name;
    ++kernels;
    for (const std::string& t : texts) {
      for (std::size_t from : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{33}}) {
        if (from > t.size()) continue;
        const char* p = t.data() + from;
        const char* stop = t.data() + t.size();
        std::uint64_t count = 0;
        const char* last = nullptr;
        for (const char* q = p; q != stop; ++q) {
          if (*q == '\n') {
            ++count;
            last = q;
          }
        }
        const jot::detail::line_feeds got = e->count_line_feeds(p, stop);
        ASSERT_EQ(got.count, count) << e->name << ": " << t.size() << " bytes from " << from;
        ASSERT_EQ(reinterpret_cast<const char*>(got.last), last) << e->name << ": " << t.size() << " bytes from " << from;
      }
    }
  }
  EXPECT_GE(kernels, 1);
}

// Pieces the generator strings together; some are invalid on purpose.
const std::vector<std::string>& pieces() {
  static const std::vector<std::string> p = {
      "a", "bcdefgh", " ", "\xC3\xA9", "\xE3\x81\x82", "\xE6\x97\xA5\xE6\x9C\xAC", "\xF0\x9F\x98\x80",
      "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\\\", "/", "\xED\x9F\xBF", "\xEE\x80\x80",
      "\xF4\x8F\xBF\xBF",
      // invalid: stray continuation, overlong, surrogate, too large, truncated, bad lead
      "\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE3\x81", "\xFF", "\xF0\x9F\x98",
      "\xC2", "\x01", "\\x", "\\ud800"};
  return p;
}

std::string random_string(std::mt19937& rng, bool valid_only) {
  std::string s = "\"";
  const int n = static_cast<int>(rng() % 40);
  const std::size_t limit = valid_only ? 16 : pieces().size();
  for (int i = 0; i < n; ++i) {
    // Long valid runs, so that vector blocks see full 32-byte stretches.
    if (rng() % 4 == 0) {
      for (int k = 0; k < 12; ++k) s += "\xE3\x81\x82";
    }
    s += pieces()[rng() % limit];
  }
  return s + "\"";
}

// Every supported kernel parses text as the portable one does: same verdict,
// same document, or the same error code and offset. Returns the portable
// verdict (a fatal failure is reported through gtest).
bool agree_with_portable(const std::string& text) {
  jot_test::exact_copy input(text);
  jot::arena ref_arena;
  auto ref = jot::parser({}, jot::kernel::portable).parse(input, ref_arena);
  for (jot::kernel k : jot_test::supported_kernels()) {
    jot::arena a;
    auto got = jot::parser({}, k).parse(input, a);
    EXPECT_EQ(static_cast<bool>(got), static_cast<bool>(ref)) << jot::kernel_name(k) << ": " << text;
    if (static_cast<bool>(got) != static_cast<bool>(ref)) continue;
    if (ref) {
      EXPECT_TRUE(got->root() == ref->root()) << jot::kernel_name(k) << ": " << text;
    } else {
      EXPECT_EQ(got.error().code, ref.error().code) << jot::kernel_name(k) << ": " << text;
      EXPECT_EQ(got.error().offset, ref.error().offset) << jot::kernel_name(k) << ": " << text;
    }
  }
  return static_cast<bool>(ref);
}

TEST(Kernels, AgreeWithPortableOnRandomStrings) {
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::string text = random_string(rng, i % 3 == 0);
    if (i % 2) text = "[" + text + ", " + text + "]";
    agree_with_portable(text);
    if (HasFailure()) return;
  }
}

// text with every byte above 0x7F replaced by 'x'.
std::string ascii_stand_in(std::string text) {
  for (char& c : text)
    if (static_cast<unsigned char>(c) >= 0x80) c = 'x';
  return text;
}

// The strings of a document that is one string or an array of them.
std::vector<std::string> strings_of(jot::value v) {
  std::vector<std::string> out;
  if (v.is_string()) out.emplace_back(v.get_string().value());
  if (v.is_array())
    for (jot::value e : v.get_array().value()) out.emplace_back(e.get_string().value());
  return out;
}

// With UTF-8 validation off, a byte above 0x7F is opaque content: string
// scans run on through it (not one byte at a time) to the next '"', '\\' or
// control. The oracle takes none of those paths: the same text with each such
// byte replaced by 'x' must give the same verdict, error code and offset, and
// the same strings once their bytes above 0x7F are replaced the same way.
TEST(Kernels, WithValidationOffNonAsciiBytesAreOpaque) {
  std::mt19937 rng(11);
  jot::parse_options lax;
  lax.syntax.validate_utf8 = false;
  jot::parser reference({}, jot::kernel::portable);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = random_string(rng, false);
    if (i % 2) text = "[" + text + ", " + text + "]";
    jot_test::exact_copy input(text);
    jot_test::exact_copy stand_in(ascii_stand_in(text));
    jot::arena ref_arena;
    auto ref = reference.parse(stand_in, ref_arena);
    failures += !ref;
    for (jot::kernel k : jot_test::supported_kernels()) {
      jot::arena a;
      auto got = jot::parser(lax, k).parse(input, a);
      ASSERT_EQ(static_cast<bool>(got), static_cast<bool>(ref)) << jot::kernel_name(k) << ": " << text;
      if (ref) {
        std::vector<std::string> want = strings_of(ref->root()), have = strings_of(got->root());
        ASSERT_EQ(have.size(), want.size()) << jot::kernel_name(k) << ": " << text;
        for (std::size_t j = 0; j < want.size(); ++j)
          ASSERT_EQ(ascii_stand_in(have[j]), ascii_stand_in(want[j])) << jot::kernel_name(k) << ": " << text;
      } else {
        ASSERT_EQ(got.error().code, ref.error().code) << jot::kernel_name(k) << ": " << text;
        ASSERT_EQ(got.error().offset, ref.error().offset) << jot::kernel_name(k) << ": " << text;
      }
    }
  }
  // Both outcomes were exercised: controls and bad escapes fail, the rest pass.
  EXPECT_GT(failures, 1000);
  EXPECT_LT(failures, 19000);
}

TEST(Kernels, AgreeOnTheConformanceSuiteWithValidationOff) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parse_options o;
  o.syntax.validate_utf8 = false;
  for (const char* name : {"i_string_UTF-8_invalid_sequence.json", "i_string_iso_latin_1.json",
                           "i_string_overlong_sequence_6_bytes.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/" + name, text));
    for (jot::kernel k : jot_test::supported_kernels()) {
      jot::arena a;
      EXPECT_TRUE(jot::parser(o, k).parse(text, a)) << name << " " << jot::kernel_name(k);
    }
  }
}

}  // namespace


// The parser guesses the length of indentation runs per depth
// (skip_spaces_guessed); a wrong guess must only cost time. Every kernel
// must agree with the portable one (which does not guess) on valid
// documents, on documents with a stray byte in a run, and on each cut short.
TEST(Kernels, IndentationGuessesNeverChangeTheResult) {
  std::mt19937 rng(2026);
  std::size_t valid = 0, invalid = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = jot_test::indented_case(rng, i);
    (agree_with_portable(text) ? valid : invalid) += 1;
    if (HasFailure()) return;
  }
  EXPECT_GT(valid, 1000u);
  EXPECT_GT(invalid, 500u);
}
