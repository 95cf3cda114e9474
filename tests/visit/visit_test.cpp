// jot::visit: the events against the DOM, errors against jot::parse, stopping,
// string decoding, no allocation, and every engine (test_engines.h).
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/visit.h>

#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/must.h"
#include "support/test_data.h"
#include "support/test_engines.h"

namespace {

using jot::error_code;
using jot_test::must;

// Every event as a line of text, string values decoded.
struct recorder : jot::visitor {
  std::vector<std::string> log;
  bool begin_object() { log.push_back("{"); return true; }
  bool end_object() { log.push_back("}"); return true; }
  bool begin_array() { log.push_back("["); return true; }
  bool end_array() { log.push_back("]"); return true; }
  bool key(jot::json_string s) { log.push_back("k:" + decoded(s)); return true; }
  bool string(jot::json_string s) { log.push_back("s:" + decoded(s)); return true; }
  bool number(std::string_view text) { log.push_back("n:" + std::string(text)); return true; }
  bool boolean(bool b) { log.push_back(b ? "true" : "false"); return true; }
  bool null() { log.push_back("null"); return true; }

  static std::string decoded(jot::json_string s) {
    std::string buf(s.raw().size(), '\0');
    return std::string(s.value(buf.data()));
  }
};

// The same lines from the DOM, numbers by their text (keep_number_text).
void dom_log(jot::value v, std::vector<std::string>& log) {
  switch (v.type()) {
    case jot::type::object:
      log.push_back("{");
      for (jot::member m : must(v.get_object())) {
        log.push_back("k:" + std::string(m.key));
        dom_log(m.value, log);
      }
      log.push_back("}");
      break;
    case jot::type::array:
      log.push_back("[");
      for (jot::value e : must(v.get_array())) dom_log(e, log);
      log.push_back("]");
      break;
    case jot::type::string: log.push_back("s:" + std::string(must(v.get_string()))); break;
    case jot::type::number: log.push_back("n:" + std::string(v.number_text())); break;
    case jot::type::boolean: log.push_back(must(v.get_bool()) ? "true" : "false"); break;
    case jot::type::null: log.push_back("null"); break;
    case jot::type::absent: log.push_back("?"); break;
  }
}

std::vector<std::string> expected_events(std::string_view json) {
  jot::parse_options o;
  o.keep_number_text = true;
  auto d = jot::parse(json, o);
  EXPECT_TRUE(d) << json;
  std::vector<std::string> log;
  if (d) dom_log(d->root(), log);
  return log;
}

TEST(Visit, EventsAreTheDocumentInOrder) {
  const char* docs[] = {
      "0", "-1.5e3", "\"\"", "true", "false", "null", "[]", "{}", " [ [ ] , { } ] ",
      R"({"a": [1, "two", {"k": [true, false, null]}, []], "b": {"c": {"d": "e"}}, "f": -2.5})",
      R"(["caf\u00e9", "\ud83d\ude00", "tab\there", "\"quoted\" \\ \/", {"k\u0041y": 1}])",
      "[1e308, 123456789012345678901234567890, -0, 0.5E-10]",
  };
  for (const char* text : docs) {
    SCOPED_TRACE(text);
    for (jot::kernel k : jot_test::one_kernel_per_engine()) {
      recorder r;
      jot::visit_options o;
      o.kernel = k;
      const jot::result<void> visited = jot::visit(jot_test::exact_copy(text), r, o);
      ASSERT_TRUE(visited) << jot_test::engine_name(k) << ": " << visited.error().message;
      EXPECT_EQ(r.log, expected_events(text)) << jot_test::engine_name(k);
    }
  }
}

TEST(Visit, CorpusFilesGiveTheDomsEvents) {
  JOT_REQUIRE_DATA(dir);
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/corpus/" + name, text)) << name;
    recorder r;
    ASSERT_TRUE(jot::visit(text, r).ok()) << name;
    EXPECT_EQ(r.log, expected_events(text)) << name;
  }
}

// Errors are jot::parse's: code, offset, line and column.
void expect_same_error(std::string_view text) {
  const auto want = jot::parse(text);
  for (jot::kernel k : jot_test::one_kernel_per_engine()) {
    jot::visitor v;
    jot::visit_options o;
    o.kernel = k;
    const jot::error got = jot::visit(jot_test::exact_copy(text), v, o).error();
    ASSERT_EQ(got.ok(), bool(want)) << jot_test::engine_name(k) << ": " << text;
    if (want) continue;
    EXPECT_EQ(got.code, want.error().code) << jot_test::engine_name(k) << ": " << text;
    EXPECT_EQ(got.offset, want.error().offset) << jot_test::engine_name(k) << ": " << text;
    EXPECT_EQ(got.line, want.error().line) << jot_test::engine_name(k) << ": " << text;
    EXPECT_EQ(got.column, want.error().column) << jot_test::engine_name(k) << ": " << text;
    EXPECT_STREQ(got.message, want.error().message) << jot_test::engine_name(k) << ": " << text;
  }
}

TEST(Visit, ErrorsAreTheParsersErrors) {
  const char* bad[] = {
      "", "   ", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "[1 2]", "\"abc", "\"a\nb\"", "[\"\\x\"]",
      "[\"\\ud800\"]", "[01]", "[1.]", "[-]", "1e309", "[tru]", "nul", "{\"a\":1}}", "[1]\n\n x",
      "{\n  \"k\": [\n    1,\n    \"\xff\"\n  ]\n}", "[[[[", "{\"a\":{\"b\":[}}", "\xef\xbb\xbf{}",
      "{1}", "{\"a\":1, 2}", "[1:",
  };
  for (const char* text : bad) expect_same_error(text);
}

TEST(Visit, ConformanceVerdictsAreTheParsers) {
  const std::vector<std::string> files = jot_test::conformance_files("");
  if (files.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  for (const std::string& path : files) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(path, text)) << path;
    SCOPED_TRACE(path);
    expect_same_error(text);
  }
}

TEST(Visit, DepthLimitIsAnError) {
  const std::string deep = std::string(40, '[') + std::string(40, ']');
  jot::visitor v;
  jot::visit_options o;
  o.max_depth = 39;
  const jot::error e = jot::visit(deep, v, o).error();
  EXPECT_EQ(e.code, error_code::depth_exceeded);
  EXPECT_EQ(e.offset, 39u);
  o.max_depth = 40;
  EXPECT_TRUE(jot::visit(deep, v, o).ok());
}

// The scan keeps one bit per open container, 4096 of them: a larger
// max_depth still stops there, never beyond its stack.
TEST(Visit, DepthBeyond4096IsAnErrorWhateverTheOption) {
  jot::visitor v;
  jot::visit_options o;
  o.max_depth = 100000;
  const std::string at_limit = std::string(4096, '[') + std::string(4096, ']');
  EXPECT_TRUE(jot::visit(at_limit, v, o).ok());
  const std::string beyond = std::string(4097, '[') + std::string(4097, ']');
  const jot::error e = jot::visit(beyond, v, o).error();
  EXPECT_EQ(e.code, error_code::depth_exceeded);
  EXPECT_EQ(e.offset, 4096u);
}

// Stops at the second string value: cancelled there, and no event after it.
struct stop_at_second_string : jot::visitor {
  int strings = 0, events_after = 0;
  bool string(jot::json_string) { return ++strings < 2; }
  bool number(std::string_view) {
    if (strings >= 2) ++events_after;
    return true;
  }
};

TEST(Visit, AFalseEventStopsTheScan) {
  const std::string text = "{\"a\": \"x\",\n \"b\": [\"y\", 1, 2], \"c\": oops}";
  stop_at_second_string v;
  const jot::error e = jot::visit(text, v).error();
  EXPECT_EQ(e.code, error_code::cancelled);
  EXPECT_EQ(e.offset, text.find("\"y\""));
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 8u);
  EXPECT_EQ(v.strings, 2);
  EXPECT_EQ(v.events_after, 0);
}

TEST(Visit, StringsDecodeOnlyWhenEscaped) {
  struct strings : jot::visitor {
    std::vector<jot::json_string> seen;
    bool string(jot::json_string s) { seen.push_back(s); return true; }
  } v;
  const std::string text = R"(["plain", "caf\u00e9 \"q\" \ud83d\ude00 \n", ""])";
  ASSERT_TRUE(jot::visit(text, v).ok());
  ASSERT_EQ(v.seen.size(), 3u);
  EXPECT_FALSE(v.seen[0].has_escapes());
  EXPECT_EQ(v.seen[0].raw(), "plain");
  EXPECT_EQ(v.seen[0].raw().data(), text.data() + 2);  // a view of the input
  EXPECT_TRUE(v.seen[1].has_escapes());
  char buf[64];
  const std::size_t n = v.seen[1].decode(buf);
  EXPECT_EQ(std::string_view(buf, n), "caf\xc3\xa9 \"q\" \xf0\x9f\x98\x80 \n");
  EXPECT_LE(n, v.seen[1].raw().size());
  EXPECT_EQ(v.seen[2].raw(), "");
  EXPECT_EQ(v.seen[2].value(buf), "");
}

TEST(Visit, AllocatesNothing) {
  JOT_REQUIRE_COUNTED_MALLOC();
  JOT_REQUIRE_DATA(dir);
  std::string text;
  ASSERT_TRUE(jot_test::read_file(dir + "/corpus/twitter.json", text));
  struct counter : jot::visitor {
    std::size_t strings = 0;
    bool string(jot::json_string) { ++strings; return true; }
  } v;
  const std::size_t before = jot_test::allocation_count();
  const jot::result<void> visited = jot::visit(text, v);
  const std::size_t after = jot_test::allocation_count();
  ASSERT_TRUE(visited);
  EXPECT_GT(v.strings, 1000u);
  EXPECT_EQ(after, before);
}

}  // namespace
