// Stage 1, the structural index (jot/detail/index/structural_index.h): every
// kernel against a byte-at-a-time reference written from the contract, on
// texts dense in the bytes that matter (quotes, backslash runs, operators,
// controls, UTF-8 good and bad) across block boundaries, on the conformance
// suite and the shared corpus; in windows of every size, so batches end
// everywhere; and on inputs that end at a guard page.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/guarded_page.h"
#include "support/reference_index.h"
#include "kernels/kernels.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot::detail::index_cursor;
using jot::detail::index_entry;
using jot::detail::index_status;
using jot_test::index_result;
using jot_test::is_space;
using jot_test::reference_index;

// ---- a kernel's index, batch by batch ----

const jot::detail::kernel_entry& entry_of(jot::kernel k) {
  for (std::size_t i = 0; i < std::size(jot::all_kernels); ++i)
    if (jot::all_kernels[i] == k) return *jot::detail::kernel_table[i];
  return *jot::detail::kernel_table[0];
}

// Runs kernel k's stage 1 over s with a window of `room` entries, rebasing
// each batch at its first block as a stream of batches would.
index_result kernel_index(jot::kernel k, std::string_view s, bool validate_utf8, bool comments,
                          std::size_t room) {
  const auto* begin = reinterpret_cast<const std::uint8_t*>(s.data());
  index_cursor c = jot::detail::make_index_cursor(begin, begin + s.size(), validate_utf8, comments);
  std::vector<index_entry> window(room);
  index_result r;
  for (int batches = 0; c.status == index_status::more; ++batches) {
    if (batches > 1000000) {
      ADD_FAILURE() << "stage 1 makes no progress";
      break;
    }
    const std::uint8_t* base = c.next;
    const std::size_t n = entry_of(k).index(c, window.data(), window.data() + window.size(), base);
    EXPECT_LE(n, room);
    for (std::size_t i = 0; i < n; ++i) r.entries.push_back(static_cast<std::size_t>(base - begin) + window[i]);
  }
  if (c.status == index_status::anomaly) {
    r.anomaly = true;
    r.stop = static_cast<std::size_t>(c.next - begin);
  } else {
    EXPECT_EQ(c.next, begin + s.size());
  }
  return r;
}

std::string show(std::string_view s) {
  std::string out;
  for (unsigned char c : s.substr(0, 300)) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static const char hex[] = "0123456789ABCDEF";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

void expect_same_index(jot::kernel k, std::string_view s, bool validate_utf8 = true, bool comments = false,
                       std::size_t room = 1024) {
  const index_result want = reference_index(s, validate_utf8, comments);
  const index_result got = kernel_index(k, s, validate_utf8, comments, room);
  ASSERT_EQ(got.anomaly, want.anomaly) << show(s);
  if (want.anomaly) {
    ASSERT_EQ(got.stop, want.stop) << show(s);
  }
  ASSERT_EQ(got.entries, want.entries) << "kernel " << jot::kernel_name(k) << ", room " << room << ": " << show(s);
}

// Texts from bytes that steer stage 1, mostly JSON-like.
std::string random_text(std::mt19937_64& rng, std::size_t n) {
  static const std::vector<std::string> pieces = {
      "\"", "\\", "\\\\", "\\\"", "{", "}", "[", "]", ":", ",", " ", "\n", "\t", "\r", "a", "1", "-2.5e3",
      "true", "null", "/", "\x0C", "\x1A", "\x01", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\x80",
      "\xC3", "\xE2\x82", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\xAF", "\xFF", "\"abc\"", "  ", "\\u00e9"};
  std::string s;
  while (s.size() < n) s += pieces[rng() % pieces.size()];
  s.resize(n);
  return s;
}

class StructuralIndex : public testing::TestWithParam<jot::kernel> {};

TEST_P(StructuralIndex, MatchesTheReferenceOnRandomTexts) {
  std::mt19937_64 rng(20261206);
  for (int i = 0; i < 20000; ++i) {
    const std::size_t n = rng() % 300;
    std::string s = random_text(rng, n);
    // Most anomalies would stop the index at once: keep some texts clean.
    if (i % 2 == 0) {
      for (char& ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c >= 0x80 || (c < 0x20 && !is_space(c))) ch = 'x';
      }
    }
    const bool validate = i % 7 != 0;
    const bool comments = i % 5 == 0;
    expect_same_index(GetParam(), s, validate, comments, i % 3 == 0 ? 64 : 1024);
    if (HasFatalFailure()) return;
  }
}

// Backslash runs of every length ending at every place around a block
// boundary, before a quote or a letter, inside and outside strings.
TEST_P(StructuralIndex, BackslashRunsAcrossBlocks) {
  for (std::size_t run = 0; run <= 70; ++run) {
    for (std::size_t at = 50; at <= 140; ++at) {
      for (const char* after : {"\"", "x"}) {
        std::string s(at, ' ');
        s[0] = '"';
        s += std::string(run, '\\') + after + "  \"1\" [2]";
        expect_same_index(GetParam(), s);
        std::string outside(at, ' ');
        outside += std::string(run, '\\') + after + " 3";
        expect_same_index(GetParam(), outside);
        if (HasFatalFailure()) return;
      }
    }
  }
}

// Strings and scalars that cross block boundaries, and UTF-8 sequences cut
// by a boundary or by the end.
TEST_P(StructuralIndex, TokensAcrossBlocks) {
  const std::vector<std::string> tails = {"\"abcdef\"", "12345", "\"\xE2\x82\xAC\"", "\xE2\x82\xAC",
                                          "\"\xE2\x82\"", "\xE2",  "\"\x01\"",          "truefalse",
                                          "\"\\\"\"",     "\"\\u12",  "\"open"};
  for (std::size_t at = 0; at <= 200; ++at) {
    for (const std::string& tail : tails) {
      std::string s(at, ' ');
      s += tail;
      expect_same_index(GetParam(), s);
      expect_same_index(GetParam(), s + std::string(64, ' '));
      expect_same_index(GetParam(), s + ",[1]");
      if (HasFatalFailure()) return;
    }
  }
}

// Windows of every size from one block's room up: batches end at every block.
TEST_P(StructuralIndex, EveryWindowSize) {
  std::mt19937_64 rng(7);
  std::string s;
  for (int i = 0; i < 40; ++i) s += "{\"key\": [1, 2.5, \"v\\\"al\\\\ue\", true, null], \"\xC3\xA9\": {}},\n";
  for (std::size_t room = 64; room <= 200; ++room) expect_same_index(GetParam(), s, true, false, room);
}

TEST_P(StructuralIndex, ConformanceSuiteAndCorpus) {
  std::vector<std::string> texts;
  const std::string dir = jot_test::conformance_dir();
  for (const char* prefix : {"y_", "n_", "i_"})
    for (const std::string& f : jot_test::conformance_files(prefix)) {
      std::string text;
      if (jot_test::read_file(f, text)) texts.push_back(std::move(text));
    }
  for (const char* f : {"corpus/twitter.json", "corpus/citm_catalog.json", "corpus/canada.json",
                        "packets/valid.json", "packets/invalid.json", "packets/malicious.json"}) {
    std::string text;
    if (jot_test::read_file(jot_test::data_dir() + "/" + f, text)) texts.push_back(std::move(text));
  }
  if (texts.empty()) GTEST_SKIP() << "no shared data at " << jot_test::data_dir() << " or " << dir;
  for (const std::string& t : texts) {
    expect_same_index(GetParam(), t);
    if (HasFatalFailure()) return;
  }
}

#if defined(JOT_TEST_HAVE_GUARDED_PAGE)
// No kernel's stage 1 reads past its input, whatever the tail's length.
TEST_P(StructuralIndex, NothingPastTheInputIsRead) {
  jot_test::guarded_page page;
  if (!page.ok()) GTEST_SKIP() << "mmap/mprotect unavailable";
  for (std::size_t n = 0; n <= 260; ++n) {
    for (const std::string& text : {std::string(n, 'a'), "\"" + std::string(n, 'b'),
                                    std::string(n, ' ') + "\xE2\x82", "[" + std::string(n, '\\')}) {
      const std::string_view in = page.place(text);
      const index_result want = reference_index(text, true, false);
      const index_result got = kernel_index(GetParam(), in, true, false, 1024);
      ASSERT_EQ(got.entries, want.entries) << show(text);
      ASSERT_EQ(got.anomaly, want.anomaly) << show(text);
    }
  }
}
#endif

JOT_INSTANTIATE_FOR_KERNELS(StructuralIndex);

}  // namespace
