// jot::path::evaluate_elements: JSONPath over the elements of an array read
// through a stream_reader's window, one element in memory at a time. Every
// query it accepts must give evaluate's nodelist on the whole array (same
// paths, same values, same order), on small and random arrays, on arrays
// cut from the shared data, through windows and reads of every size; the
// queries it refuses get query_not_streamable at the byte at fault; errors
// are the reader's, located in the stream; a multi-MiB array goes through a
// 64 KiB window with no heap allocation.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/query.h>
#include <jot/stream.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/query_cases.h"
#include "support/query_random.h"
#include "support/string_source.h"
#include "support/test_data.h"

namespace {

using jot_test::error_text;

struct run_options {
  std::size_t window = 1 << 16;
  std::size_t chunk = static_cast<std::size_t>(-1);  // bytes per read of the source
  jot::path::options limits{};
};

// "path=value" lines of the evaluation over the elements, or its error.
std::string element_lines(std::string_view json, std::string_view text, const run_options& ro = {}) {
  jot::arena a;
  auto q = jot::path::compile(text, a, ro.limits);
  if (!q) return "error " + error_text(q.error()) + ": " + q.error().message;
  std::vector<char> window(ro.window);
  jot::arena reader_arena;
  jot_test::string_source src{json, ro.chunk};
  jot::stream_reader r(jot::source::of(src), {window.data(), window.size()}, reader_arena, {.array_elements = true});
  std::string s;
  jot::arena paths;
  const jot::result<void> done = jot::path::evaluate_elements(*q, r, [&](const jot::path::node& n) noexcept {
    if (!s.empty()) s += '\n';
    auto p = n.path.text(paths);
    s += p ? std::string(*p) : std::string("<no path>");
    s += '=';
    s += jot_test::json_of(n.value);
    return true;
  }, a);
  if (!done) return "error " + error_text(done.error()) + ": " + done.error().message;
  return s;
}

// The DOM's lines, which the elements' must equal; true when they are not empty.
bool expect_same(std::string_view json, std::string_view text, const run_options& ro = {}) {
  const std::string dom = jot_test::query(json, text);
  EXPECT_EQ(element_lines(json, text, ro), dom) << text << " on " << json.substr(0, 80);
  return !dom.empty();
}

const char* const small_arrays[] = {
    R"([[0,1,2],[3,[4,5]],{"0":6},"s",7.5e3,false,null,[],{}])",
    R"(  [ { "x" : [ ] , "y" : { } } , -0.0 , 1E300 , "\u00e9\ud83d\ude00" ]  )",
    "[]",
    "[ ]",
    "[1]",
    R"([{"id":1,"price":8.95,"tags":["a","b"],"a":{"a":1}},{"id":2,"price":12.99,"a":[{"a":2}]},
        {"id":3,"price":3,"tags":[]},{"id":4},{"price":"cheap"},7,{"id":5,"price":1e1,"a\u0062":{"\"q":1}}])",
};

const char* const accepted[] = {
    "$[*]",        "$.*",          "$[0]",          "$[3]",           "$[99]",        "$[0,2]",
    "$[1,3,6]",    "$[1:]",        "$[:3]",         "$[::2]",         "$[1:9:3]",     "$[0:0]",
    "$[::0]",      "$[5:2]",       "$.a",           "$['id']",        "$[*].id",      "$[*].a.a",
    "$[*]..a",     "$[*]..*",      "$[*][-1]",      "$[*][::-1]",     "$[*]['price','id']", "$[0][1,0]",
    "$[?@.price < 10]",            "$[?@.price < 10].id",             "$[?@.id].tags[*]",
    "$[?@.tags]..*",               "$[?!@.id]",     "$[?@ == 7]",     "$[?length(@.tags) == 2]",
    "$[?count(@.*) > 2].id",       "$[?@.a[?@.a]]", "$[?@..a]",       "$[?match(@.price, 'ch.*')]",
    "$[?@.price > @.id]",          "$[?value(@..a) == 1]",             "$[*][?@ > 1]",
    "$..a",        "$..id",        "$..['a','id']", "$..a..a",        "$..a[0]",      "$..a[?@.a]",
    "$[*]['a\\u0062']",
};

TEST(QueryElements, AgreesWithTheDomOnSmallArrays) {
  for (const char* doc : small_arrays)
    for (const char* q : accepted) expect_same(doc, q);
}

// Windows just large enough for one element, and reads of one byte: the
// elements move through the window, the nodes stay the same.
TEST(QueryElements, AgreesThroughSmallWindowsAndReads) {
  const std::string doc = small_arrays[5];
  for (std::size_t window : {std::size_t{128}, std::size_t{200}, std::size_t{1} << 12})
    for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 12})
      for (const char* q : {"$[*].id", "$[?@.price < 10]", "$..a", "$[1:6:2].*"})
        expect_same(doc, q, {.window = window, .chunk = chunk});
}

// Random arrays, and random queries: a first segment that selects elements
// (or a refused one), then anything. Each accepted one must give the DOM's
// lines; each refused one is refused at a byte of its text.
TEST(QueryElements, AgreesWithTheDomOnRandomArraysAndQueries) {
  jot_test::random_query_text r(9535);
  int selected = 0, refused = 0;
  jot::arena a;
  for (int round = 0; round < 3000; ++round) {
    const std::string doc = r.array(0, r.pick(7));
    for (int k = 0; k < 10; ++k) {
      std::string q = "$";
      switch (r.pick(4)) {
        case 0: q += "[" + r.filter() + "]"; break;
        case 1: q += r.pick(3) == 0 ? ".a" : "..a"; break;
        case 2: q += r.any_segment(); break;
        default: q += r.child_segment(); break;
      }
      for (int n = r.pick(3), i = 0; i < n; ++i) q += r.any_segment();
      a.reset();
      auto compiled = jot::path::compile(q, a);
      ASSERT_TRUE(compiled) << q << ": " << error_text(compiled.error());
      if (const jot::result<void> supported = jot::path::elements_supported(*compiled); !supported) {
        EXPECT_EQ(supported.error().code, jot::error_code::query_not_streamable) << q;
        EXPECT_LT(supported.error().offset, q.size()) << q;
        ++refused;
        continue;
      }
      // A window of the whole array at most, read a few bytes at a time.
      selected += expect_same(doc, q, {.window = doc.size() + 16, .chunk = 1 + static_cast<std::size_t>(r.pick(64))});
    }
  }
  EXPECT_GT(selected, 3000);
  EXPECT_GT(refused, 1000);
}

// Arrays cut from the shared data (twitter's statuses, citm's performances,
// canada's features, the phones of amazon_cellphones.ndjson), queried element
// by element and on the DOM.
TEST(QueryElements, AgreesWithTheDomOnTheSharedData) {
  const std::string dir = jot_test::data_dir();
  if (dir.empty()) GTEST_SKIP() << "no shared data (JOT_DATA_DIR or ../shared/data)";
  struct cut {
    const char* file;
    const char* array;  // the query whose one node is the array
    std::vector<const char*> queries;
  };
  const cut cuts[] = {
      {"twitter.json", "$.statuses",
       {"$[*].id", "$[?@.retweet_count > 0].user.screen_name", "$..hashtags[*].text", "$[3]", "$[1:10:4].entities",
        "$[?@.user.followers_count > 1000 && @.favorited == false].id_str", "$[*].entities..url",
        "$[?search(@.text, 'RT @')].text", "$[*].user[?@ == true]"}},
      {"citm_catalog.json", "$.performances",
       {"$[*].seatCategories[*].areas[0]", "$[?@.venueCode == 'PLEYEL_PLEYEL'].id", "$..areaId", "$[?@.logo].name"}},
      {"canada.json", "$.features",
       {"$[*].geometry.coordinates[0][:5]", "$[0].geometry.coordinates[*][7][1]", "$[*].properties",
        "$[?@.geometry.type == 'Polygon'].properties.name"}},
  };
  for (const cut& c : cuts) {
    std::string json;
    if (!jot_test::read_file(dir + "/corpus/" + c.file, json)) {
      std::printf("skipped %s: not in %s/corpus\n", c.file, dir.c_str());
      continue;
    }
    jot::arena a;
    auto doc = jot::parse(json, a);
    ASSERT_TRUE(doc) << c.file;
    auto q = jot::path::compile(c.array, a);
    ASSERT_TRUE(q);
    auto nodes = jot::path::evaluate(*q, doc->root(), a);
    ASSERT_TRUE(nodes && nodes->size() == 1) << c.array;
    const std::string array = jot_test::json_of((*nodes)[0].value);
    // canada's one feature is 2 MB.
    for (const char* text : c.queries) EXPECT_TRUE(expect_same(array, text, {.window = 4 << 20})) << text;
  }
  std::string lines;
  if (jot_test::read_file(dir + "/corpus/amazon_cellphones.ndjson", lines)) {
    std::string array = "[";
    for (std::size_t at = 0; at < lines.size();) {
      std::size_t end = lines.find('\n', at);
      if (end == std::string::npos) end = lines.size();
      if (end != at) array += (array.size() > 1 ? ",\n" : "") + lines.substr(at, end - at);
      at = end + 1;
    }
    array += "]";
    for (const char* text : {"$[*].asin", "$[?@.rating >= 4.5].title", "$[10:20].price", "$..reviews"})
      expect_same(array, text, {.window = 1 << 20});
  }
}

TEST(QueryElements, RefusesWhatNeedsTheWholeArray) {
  const std::pair<const char*, std::size_t> refused[] = {
      {"$", 0},           {"$..*", 3},          {"$..[0]", 4},        {"$..['a',0]", 8},   {"$[-1]", 2},
      {"$[0,-1]", 4},     {"$[-2:]", 2},        {"$[:-1]", 2},        {"$[::-1]", 2},      {"$[1,0]", 4},
      {"$[0,0]", 4},      {"$['a','b']", 6},    {"$[0,1:]", 4},       {"$[?@.a,?@.b]", 7}, {"$[?@.a == $[0].a]", 10},
      {"$[*][?@ > $.n]", 10}, {"$[?@.a[?count($.*) > 1]]", 14}, {"$..a[?value($..a) == 1]", 12},
  };
  jot::arena a;
  std::vector<char> window(4096);
  jot::arena reader_arena;
  for (const auto& [text, at] : refused) {
    auto q = jot::path::compile(text, a);
    ASSERT_TRUE(q) << text;
    const jot::error e = jot::path::elements_supported(*q).error();
    EXPECT_EQ(error_text(e), "query_not_streamable@" + std::to_string(at)) << text << ": " << e.message;
    EXPECT_NE(std::string(e.message), "") << text;
    int calls = 0;
    jot_test::string_source src{"[1,2]"};
    jot::stream_reader r(jot::source::of(src), {window.data(), window.size()}, reader_arena, {.array_elements = true});
    const jot::result<void> s = jot::path::evaluate_elements(*q, r, [&](const jot::path::node&) noexcept {
      ++calls;
      return true;
    }, a);
    EXPECT_EQ(error_text(s.error()), error_text(e)) << text;
    EXPECT_EQ(calls, 0);
    EXPECT_EQ(r.count(), 0u) << "read before refusing " << text;
  }
  EXPECT_EQ(jot::path::elements_supported(jot::path::query()).error().code, jot::error_code::invalid_value);

  // A reader that does not yield array elements as documents.
  auto q = jot::path::compile("$[*]", a);
  ASSERT_TRUE(q);
  auto all = [](const jot::path::node&) noexcept { return true; };
  for (const jot::stream_options o : {jot::stream_options{}, jot::stream_options{.array_elements = true, .parse = false}}) {
    jot_test::string_source src{"[1,2]"};
    jot::stream_reader r(jot::source::of(src), {window.data(), window.size()}, reader_arena, o);
    EXPECT_EQ(jot::path::evaluate_elements(*q, r, all, a).error().code, jot::error_code::invalid_value);
  }
  jot_test::string_source src{"[1,2]"};
  jot::stream_reader r(jot::source::of(src), {window.data(), window.size()}, reader_arena, {.array_elements = true});
  EXPECT_EQ(jot::path::evaluate_elements(*q, r, jot::path::node_callback{}, a).error().code,
            jot::error_code::invalid_value);
}

// A bad element, a bad array, an element larger than the window: the
// reader's error, at the byte the whole text's parse names, after the nodes
// of the elements before it.
TEST(QueryElements, ErrorsAreTheStreamsAtTheirByte) {
  const char* const bad[] = {
      "[1,\n 2,\n {\"a\": tru}]",   // a bad element on line 3
      "[1, 2 3]",                    // a missing comma
      "[1, 2",                       // the end inside the array
      "[1, 2] x",                    // content after it
      "",                            // nothing
      "[1,\n [\"\\x\"]]",            // a bad escape
      "[1, [[[[2]]]],\n3,]",        // a trailing comma, named at the comma
  };
  for (const char* text : bad) {
    jot::arena da;
    const auto whole = jot::parse(text, da);
    ASSERT_FALSE(whole) << text;
    const std::string got = element_lines(text, "$[*]", {.window = 64, .chunk = 3});
    const std::string want = "error " + error_text(whole.error());
    EXPECT_EQ(got.substr(0, want.size()), want) << text << ": " << got;
    // The line and column too.
    jot::arena a;
    auto q = jot::path::compile("$[*]", a);
    ASSERT_TRUE(q);
    char window[64];
    jot::arena reader_arena;
    jot_test::string_source src{text, 3};
    jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena, {.array_elements = true});
    std::size_t nodes = 0;
    const jot::result<void> done = jot::path::evaluate_elements(*q, r, [&](const jot::path::node&) noexcept {
      ++nodes;
      return true;
    }, a);
    EXPECT_EQ(done.error().line, whole.error().line) << text;
    EXPECT_EQ(done.error().column, whole.error().column) << text;
    EXPECT_EQ(nodes, r.count() - 1) << text;  // every element before the bad step
  }

  // Not an array: the reader says so at its first byte.
  EXPECT_EQ(element_lines(" {\"a\": [1]}", "$[*]").substr(0, 30), "error unexpected_character@1: ");

  // An element larger than the window: capacity_exceeded at its first byte,
  // nothing cut.
  std::string big = "[1, {\"s\": \"" + std::string(300, 'x') + "\"}, 3]";
  EXPECT_EQ(element_lines(big, "$[*]", {.window = 128}).substr(0, 28), "error capacity_exceeded@4: d");
  EXPECT_EQ(element_lines(big, "$[*]", {.window = 512}), "$[0]=1\n$[1]={\"s\":\"" + std::string(300, 'x') + "\"}\n$[2]=3");
}

TEST(QueryElements, CallbacksAndLimitsStop) {
  jot::arena a;
  char window[256];
  jot::arena reader_arena;
  auto q = jot::path::compile("$[*].*", a);
  ASSERT_TRUE(q);
  int seen = 0;
  jot_test::string_source src{"[[1,2],[3,4],[5]]"};
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena, {.array_elements = true});
  const jot::result<void> done =
      jot::path::evaluate_elements(*q, r, [&](const jot::path::node&) noexcept { return ++seen < 3; }, a);
  EXPECT_EQ(error_text(done.error()), "cancelled@7");  // located at the element being evaluated
  EXPECT_EQ(seen, 3);
  // max_nodes bounds the nodes in all and each element's nodelists.
  jot::path::options o;
  o.max_nodes = 4;
  EXPECT_EQ(element_lines("[[1,2],[3,4],[5]]", "$[*].*", {.limits = o}).substr(0, 17), "error query_limit");
  EXPECT_EQ(element_lines("[[1,2],[3,4]]", "$[*].*", {.limits = o}), "$[0][0]=1\n$[0][1]=2\n$[1][0]=3\n$[1][1]=4");
  EXPECT_EQ(element_lines("[[1,2,3,4,5]]", "$[*]..*", {.limits = o}).substr(0, 19), "error query_limit@1");
}

// A source over text that fails (io_error) when asked for bytes once it
// has handed out `fence` of them: a reader that reads on past it fails.
struct fenced_source {
  std::string_view text;
  std::size_t fence;
  std::size_t at = 0;
  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    if (at >= fence) return jot::make_error(jot::error_code::io_error);
    const std::size_t n = std::min({size, fence - at, text.size() - at});
    std::memcpy(buffer, text.data() + at, n);
    at += n;
    return n;
  }
};

// element_lines through a 4 KiB window from a fenced source.
std::string fenced_lines(std::string_view json, std::string_view text, std::size_t fence) {
  jot::arena a;
  auto q = jot::path::compile(text, a);
  if (!q) return "error " + error_text(q.error());
  char window[4096];
  jot::arena reader_arena;
  fenced_source src{json, fence};
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena, {.array_elements = true});
  std::string s;
  jot::arena paths;
  const jot::result<void> done = jot::path::evaluate_elements(*q, r, [&](const jot::path::node& n) noexcept {
    if (!s.empty()) s += '\n';
    s += std::string(*n.path.text(paths)) + "=" + jot_test::json_of(n.value);
    return true;
  }, a);
  return done ? s : "error " + error_text(done.error());
}

// Once the element index passes the last one the first segment can select
// (indexes, slices with an end), evaluate_elements returns: the rest of a
// 4 MiB array is neither read nor checked. A query that may select any
// element reads it all.
TEST(QueryElements, StopsAfterTheLastElementItCanSelect) {
  std::string json = "[";
  for (int i = 0; json.size() < (std::size_t{4} << 20); ++i)
    json += (i != 0 ? ",\n" : "") + std::string(R"({"id":)") + std::to_string(i) + R"(,"name":"item )" +
            std::to_string(i) + "\"}";
  json += "]";
  constexpr std::size_t fence = 64 * 1024;  // 1.6% of the array
  for (const char* text : {"$[0]", "$[0,3]", "$[2:5]", "$[0].name", "$[1:300:7].id", "$[120]", "$[0:0]",
                           "$[::0]", "$.name", "$[3:1]"}) {
    const std::string got = fenced_lines(json, text, fence);
    EXPECT_EQ(got, jot_test::query(json, text)) << text;
  }
  for (const char* text : {"$[*].id", "$[5:]", "$[::1000]", "$[?@.id == 3]", "$..name"})
    EXPECT_EQ(fenced_lines(json, text, fence).substr(0, 14), "error io_error") << text;

  // Errors up to the last element it can select are reported, later ones
  // never seen.
  EXPECT_EQ(element_lines("[0, 1 2, 3]", "$[1]"), "$[1]=1");
  EXPECT_EQ(element_lines("[0, 1 2, 3]", "$[2]").substr(0, 30), "error unexpected_character@6: ");
  EXPECT_EQ(element_lines("[0, 1, 2, oops", "$[0,1]"), "$[0]=0\n$[1]=1");
  EXPECT_EQ(element_lines("[0, {\"a\" 1}, 2]", "$[0]"), "$[0]=0");
  EXPECT_EQ(element_lines("[0, {\"a\" 1}, 2]", "$[1]").substr(0, 30), "error unexpected_character@9: ");
  EXPECT_EQ(element_lines("[0, 1] x", "$[1]"), "$[1]=1");
  EXPECT_EQ(element_lines("[0, 1] x", "$[2]").substr(0, 26), "error trailing_content@7: ");
  EXPECT_EQ(element_lines("oops", "$.a"), "");  // selects no element: reads none

  // The reader is left after the last element read: a step more reads on.
  jot::arena a;
  auto q = jot::path::compile("$[0,3]", a);
  ASSERT_TRUE(q);
  char window[256];
  jot::arena reader_arena;
  jot_test::string_source src{"[10, 11, 12, 13, 14, 15]", 3};
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena, {.array_elements = true});
  std::size_t nodes = 0;
  ASSERT_TRUE(jot::path::evaluate_elements(*q, r, [&](const jot::path::node&) noexcept { return ++nodes != 0; }, a).ok());
  EXPECT_EQ(nodes, 2u);
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.index(), 4u);
  EXPECT_EQ(jot_test::json_of(r.current()->root()), "14");
}

// A 4 MiB array through a 64 KiB window, into fixed arenas: no heap
// allocation, the window never grows, the scratch arena ends where it began,
// and the nodes are the DOM's.
TEST(QueryElements, RunsOverAnArrayLargerThanTheWindowInBoundedMemory) {
  JOT_REQUIRE_COUNTED_MALLOC();
  std::string json = "[\n";
  std::size_t count = 0;
  std::uint64_t expected_sum = 0;
  for (int i = 0; json.size() < (std::size_t{4} << 20); ++i) {
    if (i != 0) json += ",\n";
    json += R"({"id":)" + std::to_string(i) + R"(,"tags":["a","b\u0063"],"user":{"name":"n)" + std::to_string(i) +
            R"(","\u006Bey":)" + std::to_string(i % 3) + "}}";
    ++count;
    if (i % 3 == 2) expected_sum += static_cast<std::uint64_t>(i);
  }
  json += "\n]\n";
  alignas(16) static char window[64 * 1024];
  alignas(16) static char scratch[8192];
  jot::arena query_arena(scratch, sizeof scratch);
  auto q = jot::path::compile("$[?@.user.key == 2].id", query_arena);
  ASSERT_TRUE(q);
  alignas(16) static char doc_space[4096];
  jot::arena reader_arena(doc_space, sizeof doc_space);
  jot_test::string_source src(json, 4096);
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, reader_arena, {.array_elements = true});
  std::size_t nodes = 0;
  std::uint64_t sum = 0, index_sum = 0;
  const std::size_t free = query_arena.available();
  const std::size_t before = jot_test::allocation_count();
  const jot::result<void> done = jot::path::evaluate_elements(*q, r, [&](const jot::path::node& n) noexcept {
    ++nodes;
    sum += *n.value.get_uint64();
    char path[64];  // $[i]['id']
    const std::size_t size = n.path.write(path, sizeof path);
    std::uint64_t i = 0;
    for (std::size_t k = 2; k < size && path[k] != ']'; ++k) i = i * 10 + static_cast<std::uint64_t>(path[k] - '0');
    index_sum += i;
    return true;
  }, query_arena);
  const std::size_t after = jot_test::allocation_count();
  ASSERT_TRUE(done) << error_text(done.error());
  EXPECT_EQ(after, before) << "heap allocations while evaluating";
  EXPECT_EQ(r.count(), count);
  EXPECT_EQ(nodes, count / 3);
  EXPECT_EQ(sum, expected_sum);
  EXPECT_EQ(index_sum, expected_sum);  // element i has id i
  EXPECT_EQ(r.window_size(), sizeof window);
  EXPECT_EQ(query_arena.available(), free);
  EXPECT_GT(json.size(), 60 * sizeof window);
}

// The reader's arena may be the evaluation's too: each step resets it.
TEST(QueryElements, TheReadersArenaServesTheEvaluation) {
  const std::string doc = small_arrays[5];
  jot::arena qa;
  auto q = jot::path::compile("$[?@.id > 1]..a", qa);
  ASSERT_TRUE(q);
  char window[512];
  jot::arena shared;
  jot_test::string_source src{doc, 5};
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, shared, {.array_elements = true});
  std::string s;
  jot::arena paths;
  ASSERT_TRUE(jot::path::evaluate_elements(*q, r, [&](const jot::path::node& n) noexcept {
    s += std::string(*n.path.text(paths)) + "=" + jot_test::json_of(n.value) + "\n";
    return true;
  }, shared).ok());
  EXPECT_EQ(s, "$[1]['a']=[{\"a\":2}]\n$[1]['a'][0]['a']=2\n");
}

}  // namespace
