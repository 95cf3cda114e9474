// jot::path::evaluate_stream: JSONPath in one pass without a DOM. Every
// query it accepts must give evaluate's nodelist (same paths, same values),
// on small documents and on twitter/citm/canada; the queries it refuses get
// query_not_streamable at the byte that prevents them; memory stays within
// the arena's frames, over a stream larger than its window.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/query.h>
#include <jot/stream.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/query_cases.h"
#include "support/query_random.h"
#include "support/string_source.h"
#include "support/test_data.h"

namespace {

using jot_test::error_text;

// A node's text as the DOM would write it: parsed and written compact.
std::string normal(std::string_view text) {
  jot::arena a;
  auto d = jot::parse(text, a);
  return d ? jot_test::json_of(d->root()) : "<not JSON: " + std::string(text) + ">";
}

// "path=value" lines of the streaming evaluation, or its error.
std::string stream_lines(std::string_view json, std::string_view text, const jot::path::options& o = {}) {
  jot::arena a;
  auto q = jot::path::compile(text, a, o);
  if (!q) return "error " + error_text(q.error());
  std::string s;
  jot::arena paths;
  const jot::result<void> r = jot::path::evaluate_stream(*q, json, [&](const jot::path::stream_node& n) noexcept {
    if (!s.empty()) s += '\n';
    auto p = n.path.text(paths);
    s += p ? std::string(*p) : std::string("<no path>");
    s += '=';
    s += normal(n.text);
    return true;
  }, a);
  if (!r) return "error " + error_text(r.error()) + ": " + r.error().message;
  return s;
}

// The DOM's lines, which the stream's must equal; true when they are not empty.
bool expect_same(std::string_view json, std::string_view text) {
  const std::string dom = jot_test::query(json, text);
  EXPECT_EQ(stream_lines(json, text), dom) << text << " on " << json.substr(0, 80);
  return !dom.empty();
}

const char* const small_docs[] = {
    R"({"a":1,"b":[1,2,{"a":[3,4]}],"c":{"a":{"b":null,"a":true}},"d":"x"})",
    R"([[0,1,2],[3,[4,5]],{"0":6},"s",7.5e3,false,null,[],{}])",
    R"({"a\u0062":{"\"q":1,"c":[ 1 , { "d" : "e" } ]},"ab":2,"":{"":3}})",
    R"(  [ { "x" : [ ] , "y" : { } } , -0.0 , 1E300 , "\u00e9\ud83d\ude00" ]  )",
    "42",
    R"("top")",
    "[]",
    R"({"store":{"book":[{"price":8.95,"title":"A"},{"price":12.99,"title":"B"}],"bicycle":{"price":399}}})",
};

const char* const streamable[] = {
    "$",           "$.a",          "$['a']",       "$.b[2]",      "$.b[2].a[1]", "$[*]",        "$.*",
    "$.*.*",       "$.*[0]",       "$[0][1]",      "$[1][1][0]",  "$[0:2]",      "$[1:]",       "$[:3]",
    "$[::2]",      "$[1:9:3]",     "$[0:0]",       "$[::0]",      "$[5:2]",      "$.c.a.a",     "$.*.a",
    "$.ab",        "$['a\\u0062']", "$.ab.*",      "$['ab']['\"q']", "$['']['']", "$[*][*]",     "$[*].x",
    "$.store.book[*].price",      "$.store.*[1]", "$[3]",      "$[99]",       "$.d.e",       "$[0][0][0]",
    "$[0,1]",      "$[0,2,5]",     "$.b[0,2]",     "$[*][0,1]",
};

TEST(QueryStream, AgreesWithTheDomOnSmallDocuments) {
  for (const char* doc : small_docs)
    for (const char* q : streamable) expect_same(doc, q);
}

// Random documents (nested, with escaped and duplicate keys, blanks between
// tokens) and random streamable queries: the stream must give the DOM's lines.
TEST(QueryStream, AgreesWithTheDomOnRandomDocumentsAndQueries) {
  jot_test::random_query_text r(65);
  int selected = 0;  // cases whose nodelist is not empty
  for (int round = 0; round < 1000; ++round) {
    const std::string doc = r.value();
    for (int k = 0; k < 10; ++k) {
      std::string q = "$";
      for (int n = r.pick(4), i = 0; i < n; ++i) q += r.child_segment();
      selected += expect_same(doc, q);
    }
  }
  EXPECT_GT(selected, 2000);
}

TEST(QueryStream, RefusesWhatOnePassCannotDecide) {
  const std::pair<const char*, std::size_t> refused[] = {
      {"$..a", 1},       {"$.a..[0]", 3},   {"$['a','b']", 6}, {"$[1,0]", 4},      {"$[?@.a]", 2},
      {"$[0,0]", 4},     {"$[0,2,1]", 6},   {"$[0,-1]", 4},    {"$[0,1:]", 4},
      {"$.a[-1]", 4},    {"$[-2:]", 2},     {"$[:-1]", 2},     {"$[::-1]", 2},     {"$.x[0,?@<1]", 6},
  };
  jot::arena a;
  for (const auto& [text, at] : refused) {
    auto q = jot::path::compile(text, a);
    ASSERT_TRUE(q) << text;
    const jot::result<void> supported = jot::path::stream_supported(*q);
    EXPECT_EQ(error_text(supported.error()), "query_not_streamable@" + std::to_string(at))
        << text << ": " << supported.error().message;
    int calls = 0;
    const jot::result<void> s = jot::path::evaluate_stream(*q, "{}", [&](const jot::path::stream_node&) noexcept {
      ++calls;
      return true;
    }, a);
    EXPECT_EQ(error_text(s.error()), error_text(supported.error())) << text;
    EXPECT_EQ(calls, 0);
  }
  EXPECT_EQ(jot::path::stream_supported(jot::path::query()).error().code, jot::error_code::invalid_value);
}

TEST(QueryStream, ReportsTheTextAsWritten) {
  jot::arena a;
  auto q = jot::path::compile("$.a[*]", a);
  ASSERT_TRUE(q);
  std::vector<std::string> texts;
  auto keep = [&](const jot::path::stream_node& n) noexcept {
    texts.emplace_back(n.text);
    return true;
  };
  ASSERT_TRUE(jot::path::evaluate_stream(*q, R"({"a": [ {"b" : [1, 2] } ,true,null,  false,"s\"",-1.5e3 ]})", keep, a).ok());
  EXPECT_EQ(texts, (std::vector<std::string>{R"({"b" : [1, 2] })", "true", "null", "false", R"("s\"")", "-1.5e3"}));
}

TEST(QueryStream, BadDocumentsAndCallbacksFail) {
  jot::arena a;
  auto q = jot::path::compile("$[*]", a);
  ASSERT_TRUE(q);
  auto all = [](const jot::path::stream_node&) noexcept { return true; };
  EXPECT_EQ(error_text(jot::path::evaluate_stream(*q, "[1,2", all, a).error()), "unexpected_end@4");
  EXPECT_EQ(error_text(jot::path::evaluate_stream(*q, "[1,]", all, a).error()), "trailing_comma@2");
  EXPECT_EQ(error_text(jot::path::evaluate_stream(*q, "", all, a).error()), "empty_input@0");
  int seen = 0;
  auto two = [&](const jot::path::stream_node&) noexcept { return ++seen < 2; };
  EXPECT_EQ(jot::path::evaluate_stream(*q, "[1,2,3]", two, a).error().code, jot::error_code::cancelled);
  EXPECT_EQ(seen, 2);
  // Limits: the result's size, the document's depth (no stack, no memory).
  jot::path::options o;
  o.max_nodes = 2;
  auto small = jot::path::compile("$[*]", a, o);
  ASSERT_TRUE(small);
  EXPECT_EQ(jot::path::evaluate_stream(*small, "[1,2,3]", all, a).error().code, jot::error_code::query_limit);
  EXPECT_TRUE(jot::path::evaluate_stream(*small, "[1,2]", all, a).ok());
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(jot::path::evaluate_stream(*q, deep, all, a).error().code, jot::error_code::depth_exceeded);
  o.max_document_depth = 4096;
  auto hostile = jot::path::compile("$[*][*][*][*][*][*][*][*][*][*][*][*][*][*][*][*]", a, o);
  ASSERT_TRUE(hostile);
  const std::string nested = std::string(4000, '[') + std::string(4000, ']');
  EXPECT_TRUE(jot::path::evaluate_stream(*hostile, nested, all, a).ok());
}

// The shared data: every document, many queries, stream against DOM.
TEST(QueryStream, AgreesWithTheDomOnTheSharedData) {
  const std::string dir = jot_test::data_dir();
  if (dir.empty()) GTEST_SKIP() << "no shared data (JOT_DATA_DIR or ../shared/data)";
  const std::pair<const char*, std::vector<const char*>> cases[] = {
      {"twitter.json",
       {"$.statuses[*].id", "$.statuses[*].user.screen_name", "$.statuses[3]", "$.statuses[1:10:4].entities",
        "$.statuses[*].entities.hashtags[*].text", "$.search_metadata", "$.*", "$.statuses[*].*", "$.statuses[0].user.*"}},
      {"citm_catalog.json", {"$.events.*.name", "$.performances[*].seatCategories[*].areas[0]", "$.*.*", "$.areaNames"}},
      {"canada.json", {"$.features[*].geometry.coordinates[0][:5]", "$.features[0].geometry.coordinates[*][7][1]",
                       "$.type", "$.features[*].properties"}},
  };
  for (const auto& [file, queries] : cases) {
    std::string json;
    if (!jot_test::read_file(dir + "/corpus/" + file, json)) {
      std::printf("skipped %s: not in %s/corpus\n", file, dir.c_str());
      continue;
    }
    for (const char* q : queries) expect_same(json, q);
  }
}

// Over a stream of documents larger than its window, in a fixed arena: the
// window never grows and the evaluation allocates nothing from the heap.
TEST(QueryStream, RunsOverAStreamInBoundedMemory) {
  std::string ndjson;
  std::size_t expected = 0;
  for (int i = 0; ndjson.size() < (std::size_t{4} << 20); ++i) {
    ndjson += R"({"id":)" + std::to_string(i) + R"(,"tags":["a","b\u0063"],"user":{"name":"n)" + std::to_string(i) +
              R"(","\u006Bey":)" + std::to_string(i % 3) + "}}\n";
    ++expected;
  }
  alignas(16) static char window[64 * 1024];
  alignas(16) static char scratch[4096];
  jot::arena query_arena(scratch, sizeof scratch);
  auto q = jot::path::compile("$.user.*", query_arena);
  ASSERT_TRUE(q);
  alignas(16) static char doc_space[1024];
  jot::arena reader_arena(doc_space, sizeof doc_space);
  jot_test::string_source src(ndjson, 4096);
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena,
                       {.format = jot::document_format::ndjson, .parse = false});
  std::size_t nodes = 0, documents = 0;
  std::uint64_t key_sum = 0;
  const std::size_t free = query_arena.available();
  const std::size_t before = jot_test::allocation_count();
  while (r.next()) {
    ASSERT_TRUE(r.current()) << error_text(r.current().error());
    const auto done = jot::path::evaluate_stream(*q, r.source(), [&](const jot::path::stream_node& n) noexcept {
      ++nodes;
      if (n.text.size() == 1) key_sum += static_cast<std::uint64_t>(n.text[0] - '0');
      return true;
    }, query_arena);
    ASSERT_TRUE(done) << error_text(r.locate(done.error()));
    ++documents;
    ASSERT_EQ(query_arena.available(), free);
  }
  const std::size_t after = jot_test::allocation_count();
  EXPECT_EQ(documents, expected);
  EXPECT_EQ(nodes, 2 * expected);
  EXPECT_GT(key_sum, 0u);
  EXPECT_EQ(r.window_size(), sizeof window);
  EXPECT_EQ(after, before) << "heap allocations while evaluating";
}

}  // namespace
