// The grammar over stage 1's index (kernel_entry::parse_indexed) against the
// one-pass walk (kernel_entry::parse) on every kernel this CPU runs: the same
// document, or the same error (code, offset and message), for every input.
// Inputs cover scalars that run on into stray bytes, strings whose escapes
// and closing quotes fall anywhere, anomalies (control bytes, bad UTF-8) in
// every block, windows of stage 1 refilled mid-element, full arenas, and
// random mutations of valid documents.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernels.h"  // src/: each kernel's parse and parse_indexed
#include "support/same_tape.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot::detail::kernel_entry;
using jot::detail::parse_outcome;

const kernel_entry& entry_of(jot::kernel k) {
  for (const kernel_entry* e : jot::detail::kernel_table)
    if (e->id == k) return *e;
  return *jot::detail::kernel_table[0];
}

// Why the two outcomes differ, or "" where they agree.
std::string difference(const parse_outcome& one_pass, const parse_outcome& indexed) {
  if (one_pass.err.ok() != indexed.err.ok())
    return one_pass.err.ok() ? "only the indexed walk failed" : "only the indexed walk succeeded";
  if (!one_pass.err.ok()) {
    if (one_pass.err.code != indexed.err.code) return "error codes differ";
    if (one_pass.err.offset != indexed.err.offset)
      return "error offsets differ: " + std::to_string(one_pass.err.offset) + " and " +
             std::to_string(indexed.err.offset);
    if (std::strcmp(one_pass.err.message, indexed.err.message) != 0) return "error messages differ";
    return "";
  }
  if (one_pass.consumed != indexed.consumed) return "consumed differs";
  if (!jot_test::same_tape(one_pass.root, indexed.root)) return "tapes differ";
  return "";
}

// Parses text with the one-pass walk of the portable kernel, whose parse
// never takes the index, and with every kernel's parse and parse_indexed, from
// an exact-size copy (ASan catches any read past it), into arenas of a buffer
// of `arena_bytes` (0: none), which then grow from malloc or, where `grow` is
// false, fail. All must agree, and leave their arenas alike.
void expect_same(std::string_view text, std::size_t arena_bytes = 0, bool grow = false) {
  jot_test::exact_copy input(text);
  const std::string_view in = input.view();
  std::vector<std::vector<unsigned char>> buffers;
  std::vector<std::unique_ptr<jot::arena>> arenas;
  const auto fresh_arena = [&]() -> jot::arena& {
    if (arena_bytes == 0) return *arenas.emplace_back(std::make_unique<jot::arena>());
    auto& b = buffers.emplace_back(arena_bytes);
    if (grow) return *arenas.emplace_back(std::make_unique<jot::arena>(b.data(), arena_bytes, jot::malloc_allocator()));
    return *arenas.emplace_back(std::make_unique<jot::arena>(b.data(), arena_bytes));
  };
  const kernel_entry& portable = entry_of(jot::kernel::portable);
  jot::arena& reference_arena = fresh_arena();
  const parse_outcome one_pass = portable.parse(in.data(), in.size(), in.size(), jot::parse_options{}, reference_arena);
  const std::string shown = text.size() <= 300 ? std::string(text) : std::string(text.substr(0, 300)) + "...";
  // The same memory: both walks reserve at the same points.
  const auto same_memory = [&](const jot::arena& a) {
    return a.upstream_bytes() == reference_arena.upstream_bytes() && a.available() == reference_arena.available();
  };
  for (jot::kernel k : jot_test::supported_kernels()) {
    const kernel_entry& e = entry_of(k);
    ASSERT_NE(e.parse_indexed, nullptr) << e.name;
    jot::arena& a = fresh_arena();
    const parse_outcome indexed = e.parse_indexed(in.data(), in.size(), in.size(), jot::parse_options{}, a);
    ASSERT_EQ(difference(one_pass, indexed), "") << e.name << " indexed, " << text.size() << " bytes: " << shown;
    ASSERT_TRUE(same_memory(a)) << e.name << " indexed, " << text.size() << " bytes: " << shown;
    jot::arena& b = fresh_arena();
    const parse_outcome chosen = e.parse(in.data(), in.size(), in.size(), jot::parse_options{}, b);
    ASSERT_EQ(difference(one_pass, chosen), "") << e.name << ", " << text.size() << " bytes: " << shown;
    ASSERT_TRUE(same_memory(b)) << e.name << ", " << text.size() << " bytes: " << shown;
  }
}

TEST(IndexedParse, EveryKernelHasTheIndexedWalk) {
  for (const kernel_entry* e : jot::detail::kernel_table)
    EXPECT_EQ(e->parse_indexed == nullptr, e->parse == nullptr) << e->name;
}

TEST(IndexedParse, ScalarsThatRunOnIntoStrayBytes) {
  for (const char* t : {"1x", "[1x]", "[truex]", "[true x]", "{\"a\":1x}", "{\"a\":nullx}", "[1\x01]", "[1\x0c]",
                        "[1\x1a]", "[null\x80]", "[1\"a\"]", "[1[]]", "[1{}]", "[1 2]", "[1,2 3]", "-", "[-]",
                        "[1.]", "[1e]", "[01]", "[1.5e+]", "[tru]", "[nul", "fals", "true false", "1 x", "[1 ,2]",
                        "[1\t,\n2\r]", "[1//]", "[1/*x*/]", "0", " 0 ", "-0.0e-0", "[1,-1,1.5,-1e300,1e400]"})
    expect_same(t);
}

TEST(IndexedParse, StringsWithEscapesAndQuotesAnywhere) {
  for (const char* t :
       {"\"\"", "\"a\"", "[\"\"]", "[\"\\\\\"]", "[\"a\\\"b\"]", "[\" \\\\\"]", "[\"\\\" \"]", "[\"a\" \\x]",
        "[\"\"\\x]", "{\"a\\\"\":\"b\\\\\"}", "[\"\\u00e9\\ud83d\\ude00\"]", "[\"\\ud800\"]", "[\"\\x\"]",
        "[\"abc", "\"abc", "\"", "[\"a\"\"b\"]", "{\"a\" :\"b\" , \"c\": \"d\"}", "{\"a\"\"b\"}", "{\"a\":}",
        "{\"a\" 1}", "[\"tab\there\"]", "[\"nl\nhere\"]", "\"abc\x01 xyz\"", "[\"\xc3\xa9\"]", "[\"\xc3\"]",
        "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]", "\xef\xbb\xbf[1]", "[\"a\",]", "{\"a\":1,}", "[,1]"})
    expect_same(t);
}

// After an anomaly the walk reads tokens listed byte by byte: a stray byte
// before the anomaly is still the first error.
TEST(IndexedParse, StrayBytesBeforeAnAnomaly) {
  for (const char* t : {"[1, \x02 \"\x01\"]", "[\x7f, \"\x01\"]", "{\"a\":1 \x0c, \"b\":\"\x01\"}",
                        "[\"ok\", \x0b, \"\xff\"]", "[1] \x01 \"\x02\""})
    expect_same(t);
}

TEST(IndexedParse, NestingDepthAndEmptyInputs) {
  for (const char* t : {"", " ", "\n", "[", "]", "{", "}", "[]", "{}", "[[]]", "[{}]", "{\"a\":[]}", "[[[", "]]]",
                        "[1]]", "{}}", "[}", "{]", "[1] x", "[1] [2]", "{\"a\":{\"b\":{}}}"})
    expect_same(t);
  expect_same(std::string(20000, '[') + std::string(20000, ']'));  // past max_depth
  expect_same(std::string(1000, '[') + std::string(1000, ']'));
}

// One document of many elements: stage 1 refills its window many times, mid
// element and mid string.
std::string long_document(std::mt19937& rng, std::size_t elements) {
  static const char* const values[] = {"1", "-12.5e3", "true", "false", "null", "\"s\"", "\"esc\\\"aped\\\\\"",
                                       "\"\\u00e9t\\u00e9\"", "{}", "[]", "{\"k\":[1,{\"n\":null}]}",
                                       "\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\"", "12345678901234567890",
                                       "\"a long string with spaces that crosses a block boundary or two\""};
  static const char* const spaces[] = {"", " ", "\n  ", "\t", "\r\n", "      "};
  std::string t = "[";
  for (std::size_t i = 0; i < elements; ++i) {
    if (i) t += ',';
    t += spaces[rng() % std::size(spaces)];
    if (rng() % 4 == 0) {
      t += "{\"key" + std::to_string(i) + "\"" + spaces[rng() % std::size(spaces)] + ":" +
           values[rng() % std::size(values)] + "}";
    } else {
      t += values[rng() % std::size(values)];
    }
  }
  return t + "]";
}

TEST(IndexedParse, LongDocumentsAcrossManyWindows) {
  std::mt19937 rng(63);
  for (std::size_t n : {1000u, 5000u, 30000u}) {
    const std::string t = long_document(rng, n);
    expect_same(t);
    // An anomaly late in the text, in a string, and a grammar error before it.
    std::string bad = t;
    bad.insert(bad.size() - 3, "\"\x01\"");
    expect_same(bad);
    std::string worse = t;
    worse[worse.size() / 2] = '}';
    expect_same(worse);
  }
}

TEST(IndexedParse, AnAnomalyInEveryBlock) {
  std::mt19937 rng(64);
  const std::string t = long_document(rng, 200);
  // A control byte, a bad UTF-8 byte and a cut sequence at every 7th offset:
  // in strings, in whitespace, in scalars.
  for (std::size_t at = 0; at < t.size(); at += 7) {
    for (const char* bad : {"\x01", "\xff", "\xc3", "\n"}) {
      std::string u = t;
      u.insert(at, bad);
      expect_same(u);
    }
  }
}

TEST(IndexedParse, FullArenas) {
  std::mt19937 rng(65);
  const std::string t = long_document(rng, 300);
  for (std::size_t bytes = 64; bytes < 40000; bytes = bytes * 3 / 2) expect_same(t, bytes);
}

// An escaped string takes its decoded bytes from the top of the arena while
// nodes grow from the bottom: a walk that reserved a batch's nodes at once
// let them run into the string (a regression test). One batch holds a long
// escaped string and the 1,000 nodes after it; in arenas from 60,000 bytes
// to 80,000 the string fits, and the nodes after it fit only from about
// 76,000 on.
TEST(IndexedParse, EscapedStringsLeaveRoomForTheBatchsNodes) {
  std::string t = "[\"\\u0041" + std::string(60000, 'x') + "\"";
  for (int i = 0; i < 1000; ++i) t += ",1";
  t += "]";
  for (std::size_t bytes = 60000; bytes < 80000; bytes += 1000) expect_same(t, bytes);
  // With 3,000 nodes after the string, two batches: the second one's
  // reservation grows the arena, which copies the tape as it stands.
  std::string u = "[\"\\u0041" + std::string(60000, 'x') + "\"";
  for (int i = 0; i < 3000; ++i) u += ",1";
  u += "]";
  for (std::size_t bytes = 60000; bytes < 100000; bytes += 2000) expect_same(u, bytes, true);
}

TEST(IndexedParse, RandomMutationsOfValidDocuments) {
  std::mt19937 rng(66);
  std::vector<std::string> seeds = {long_document(rng, 40), long_document(rng, 400),
                                    "{\"id\":\"x1\",\"imp\":[{\"id\":\"1\",\"bidfloor\":0.5,\"banner\":{\"w\":300,"
                                    "\"h\":250}}],\"site\":{\"page\":\"https://e.com/\\u00e9\"},\"test\":false}"};
  static const char pieces[] = {'"', '\\', ',', ':', '{', '}', '[', ']', ' ', '\n', 'x', '1', '-', 'e', '.', 'u',
                                '\x01', '\x1f', '\x7f', '\x80', '\xc3', '\xe6', '\xf0', '\xff', '0', 't', 'n'};
  for (const std::string& seed : seeds) {
    for (int round = 0; round < 1500; ++round) {
      std::string u = seed;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < edits && !u.empty(); ++k) {
        const std::size_t at = rng() % u.size();
        const char c = pieces[rng() % sizeof pieces];
        switch (rng() % 3) {
          case 0: u[at] = c; break;
          case 1: u.insert(u.begin() + static_cast<std::ptrdiff_t>(at), c); break;
          default: u.erase(at, 1 + rng() % 4); break;
        }
      }
      expect_same(u);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(IndexedParse, ConformanceSuite) {
  int files = 0;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& path : jot_test::conformance_files(prefix)) {
      std::string text;
      ASSERT_TRUE(jot_test::read_file(path, text)) << path;
      expect_same(text);
      ++files;
    }
  }
  if (files == 0) GTEST_SKIP() << "JSONTestSuite not found: set JOT_DATA_DIR or place it at ../shared/conformance";
}

TEST(IndexedParse, SharedCorpus) {
  JOT_REQUIRE_DATA(dir);
  for (const char* name : {"corpus/twitter.json", "corpus/citm_catalog.json", "corpus/canada.json",
                           "packets/valid.json", "packets/invalid.json", "packets/malicious.json",
                           "openrtb/banner.json", "openrtb/video_app.json", "rpc/sample.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/" + name, text)) << name;
    expect_same(text);
  }
}

}  // namespace
