// jot/query.h: JSONPath (RFC 9535) selectors, segments, normalized paths,
// the syntax errors with the byte each names, limits and memory. Filters and
// functions are in query_filter_test.cpp. Expected nodelists come from the
// RFC's text and examples (sections 1.5, 2.3, 2.5, 2.6, 2.7).
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/query_cases.h"

namespace {

using jot_test::compile_error;
using jot_test::query;

constexpr const char* bookstore = R"({ "store": {
    "book": [
      { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
      { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
      { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3",
        "price": 8.99 },
      { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
        "isbn": "0-395-19395-8", "price": 22.99 }
    ],
    "bicycle": { "color": "red", "price": 399 }
  } })";

TEST(Query, BookstoreExamples) {  // RFC 9535 section 1.5, table 2
  EXPECT_EQ(query(bookstore, "$.store.book[*].author"),
            "$['store']['book'][0]['author']=\"Nigel Rees\"\n"
            "$['store']['book'][1]['author']=\"Evelyn Waugh\"\n"
            "$['store']['book'][2]['author']=\"Herman Melville\"\n"
            "$['store']['book'][3]['author']=\"J. R. R. Tolkien\"");
  EXPECT_EQ(query(bookstore, "$..author"),
            "$['store']['book'][0]['author']=\"Nigel Rees\"\n"
            "$['store']['book'][1]['author']=\"Evelyn Waugh\"\n"
            "$['store']['book'][2]['author']=\"Herman Melville\"\n"
            "$['store']['book'][3]['author']=\"J. R. R. Tolkien\"");
  EXPECT_EQ(query(bookstore, "$.store.*"),
            "$['store']['book']=" + jot_test::json_of(jot::parse_copy(bookstore)->root()["store"]["book"]) +
                "\n$['store']['bicycle']={\"color\":\"red\",\"price\":399}");
  EXPECT_EQ(query(bookstore, "$.store..price"),
            "$['store']['book'][0]['price']=8.95\n$['store']['book'][1]['price']=12.99\n"
            "$['store']['book'][2]['price']=8.99\n$['store']['book'][3]['price']=22.99\n"
            "$['store']['bicycle']['price']=399");
  EXPECT_EQ(query(bookstore, "$..book[2].title"), "$['store']['book'][2]['title']=\"Moby Dick\"");
  EXPECT_EQ(query(bookstore, "$..book[-1].title"), "$['store']['book'][3]['title']=\"The Lord of the Rings\"");
  EXPECT_EQ(query(bookstore, "$..book[0,1].title"),
            "$['store']['book'][0]['title']=\"Sayings of the Century\"\n"
            "$['store']['book'][1]['title']=\"Sword of Honour\"");
  EXPECT_EQ(query(bookstore, "$..book[:2].price"),
            "$['store']['book'][0]['price']=8.95\n$['store']['book'][1]['price']=12.99");
  EXPECT_EQ(query(bookstore, "$..book[?@.isbn].title"),
            "$['store']['book'][2]['title']=\"Moby Dick\"\n"
            "$['store']['book'][3]['title']=\"The Lord of the Rings\"");
  EXPECT_EQ(query(bookstore, "$..book[?@.price<10].title"),
            "$['store']['book'][0]['title']=\"Sayings of the Century\"\n"
            "$['store']['book'][2]['title']=\"Moby Dick\"");
}

TEST(Query, RootIdentifier) {
  EXPECT_EQ(query(R"({"k": "v"})", "$"), "$={\"k\":\"v\"}");
  EXPECT_EQ(query("3", "$"), "$=3");
}

TEST(Query, NameSelector) {  // section 2.3.1.3
  const char* doc = R"({"o": {"j j": {"k.k": 3}}, "'": {"@": 2}})";
  EXPECT_EQ(query(doc, "$.o['j j']"), "$['o']['j j']={\"k.k\":3}");
  EXPECT_EQ(query(doc, "$.o['j j']['k.k']"), "$['o']['j j']['k.k']=3");
  EXPECT_EQ(query(doc, R"($.o["j j"]["k.k"])"), "$['o']['j j']['k.k']=3");
  EXPECT_EQ(query(doc, R"($["'"]["@"])"), "$['\\'']['@']=2");
  EXPECT_EQ(query(doc, "$.missing"), "");
  EXPECT_EQ(query("[1]", "$.a"), "");
  // Escapes in both kinds of literal; a name with a NUL byte.
  EXPECT_EQ(query(R"({"a\"b'c": 1})", R"($['a"b\'c'])"), "$['a\"b\\'c']=1");
  EXPECT_EQ(query(R"({"a\"b'c": 1})", R"($["a\"b'c"])"), "$['a\"b\\'c']=1");
  EXPECT_EQ(query(R"({"\u00e9\ud83d\ude00/\\": 1})", R"($['\u00E9\uD83D\uDE00\/\\'])"),
            "$['\xc3\xa9\xf0\x9f\x98\x80/\\\\']=1");
  EXPECT_EQ(query(R"({"\u00e9": 1})", "$.\xc3\xa9"), "$['\xc3\xa9']=1");
  EXPECT_EQ(query(R"({"_a1": 1})", "$._a1"), "$['_a1']=1");
  // Duplicate names: the first member, as jot's own lookup.
  EXPECT_EQ(query(R"({"a": 1, "a": 2})", "$.a"), "$['a']=1");
}

TEST(Query, WildcardSelector) {  // section 2.3.2.3
  const char* doc = R"({"o": {"j": 1, "k": 2}, "a": [5, 3]})";
  EXPECT_EQ(query(doc, "$[*]"), "$['o']={\"j\":1,\"k\":2}\n$['a']=[5,3]");
  EXPECT_EQ(query(doc, "$.o[*]"), "$['o']['j']=1\n$['o']['k']=2");
  EXPECT_EQ(query(doc, "$.o[*, *]"), "$['o']['j']=1\n$['o']['k']=2\n$['o']['j']=1\n$['o']['k']=2");
  EXPECT_EQ(query(doc, "$.a[*]"), "$['a'][0]=5\n$['a'][1]=3");
  EXPECT_EQ(query(doc, "$.a.*"), "$['a'][0]=5\n$['a'][1]=3");
  EXPECT_EQ(query("[[], {}, 1]", "$[*][*]"), "");
}

TEST(Query, IndexSelector) {  // section 2.3.3.3
  EXPECT_EQ(query(R"(["a","b"])", "$[1]"), "$[1]=\"b\"");
  EXPECT_EQ(query(R"(["a","b"])", "$[-2]"), "$[0]=\"a\"");
  EXPECT_EQ(query(R"(["a","b"])", "$[2]"), "");
  EXPECT_EQ(query(R"(["a","b"])", "$[-3]"), "");
  EXPECT_EQ(query(R"({"0": 1})", "$[0]"), "");
  EXPECT_EQ(query(R"(["a","b"])", "$[0, 0, -1]"), "$[0]=\"a\"\n$[0]=\"a\"\n$[1]=\"b\"");
  EXPECT_EQ(query("[1]", "$[9007199254740991]"), "");
  EXPECT_EQ(query("[1]", "$[-9007199254740991]"), "");
}

TEST(Query, SliceSelector) {  // section 2.3.4.3
  const char* doc = R"(["a", "b", "c", "d", "e", "f", "g"])";
  EXPECT_EQ(query(doc, "$[1:3]"), "$[1]=\"b\"\n$[2]=\"c\"");
  EXPECT_EQ(query(doc, "$[5:]"), "$[5]=\"f\"\n$[6]=\"g\"");
  EXPECT_EQ(query(doc, "$[1:5:2]"), "$[1]=\"b\"\n$[3]=\"d\"");
  EXPECT_EQ(query(doc, "$[5:1:-2]"), "$[5]=\"f\"\n$[3]=\"d\"");
  EXPECT_EQ(query(doc, "$[::-1]"),
            "$[6]=\"g\"\n$[5]=\"f\"\n$[4]=\"e\"\n$[3]=\"d\"\n$[2]=\"c\"\n$[1]=\"b\"\n$[0]=\"a\"");
  // The defaults and the clamping of section 2.3.4.2.2.
  EXPECT_EQ(query(doc, "$[:]"), query(doc, "$[*]"));
  EXPECT_EQ(query(doc, "$[::]"), query(doc, "$[*]"));
  EXPECT_EQ(query(doc, "$[-2:]"), "$[5]=\"f\"\n$[6]=\"g\"");
  EXPECT_EQ(query(doc, "$[:-5]"), "$[0]=\"a\"\n$[1]=\"b\"");
  EXPECT_EQ(query(doc, "$[-100:2]"), "$[0]=\"a\"\n$[1]=\"b\"");
  EXPECT_EQ(query(doc, "$[5:100]"), "$[5]=\"f\"\n$[6]=\"g\"");
  EXPECT_EQ(query(doc, "$[::0]"), "");  // step 0 selects nothing
  EXPECT_EQ(query(doc, "$[3:1]"), "");
  EXPECT_EQ(query(doc, "$[1:3:-1]"), "");
  EXPECT_EQ(query(doc, "$[:-100:-3]"), "$[6]=\"g\"\n$[3]=\"d\"\n$[0]=\"a\"");
  EXPECT_EQ(query(doc, "$[100::-3]"), "$[6]=\"g\"\n$[3]=\"d\"\n$[0]=\"a\"");
  EXPECT_EQ(query(doc, "$[1:2:9007199254740991]"), "$[1]=\"b\"");
  EXPECT_EQ(query(doc, "$[-9007199254740991:9007199254740991:-9007199254740991]"), "");
  EXPECT_EQ(query(doc, "$[ 1 : 3 : 1 ]"), "$[1]=\"b\"\n$[2]=\"c\"");
  EXPECT_EQ(query("[]", "$[::-1]"), "");
  EXPECT_EQ(query(R"({"a": 1})", "$[0:1]"), "");
}

// Several selectors in one segment: their results concatenated in selector
// order (section 2.5.1.2), duplicates kept.
TEST(Query, SelectorsInOneSegment) {
  EXPECT_EQ(query(R"({"a": 1, "b": 2, "c": [3]})", "$['b', 'a', 'b']"), "$['b']=2\n$['a']=1\n$['b']=2");
  EXPECT_EQ(query("[10, 11, 12]", "$[0, 'a', -1, 1:2, ?@ > 11, *]"),
            "$[0]=10\n$[2]=12\n$[1]=11\n$[2]=12\n$[0]=10\n$[1]=11\n$[2]=12");
  EXPECT_EQ(query(R"({"a": [1, 2]})", "$..['a', 0]"), "$['a']=[1,2]\n$['a'][0]=1");
  EXPECT_EQ(query(R"({"a": {"b": 1}})", "$['a']['b']"), query(R"({"a": {"b": 1}})", "$.a.b"));
}

TEST(Query, DescendantSegment) {  // section 2.5.2.3
  const char* doc = R"({"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]})";
  EXPECT_EQ(query(doc, "$..j"), "$['o']['j']=1\n$['a'][2][0]['j']=4");
  EXPECT_EQ(query(doc, "$..[0]"), "$['a'][0]=5\n$['a'][2][0]={\"j\":4}");
  const std::string all =
      "$['o']={\"j\":1,\"k\":2}\n$['a']=[5,3,[{\"j\":4},{\"k\":6}]]\n$['o']['j']=1\n$['o']['k']=2\n"
      "$['a'][0]=5\n$['a'][1]=3\n$['a'][2]=[{\"j\":4},{\"k\":6}]\n$['a'][2][0]={\"j\":4}\n"
      "$['a'][2][1]={\"k\":6}\n$['a'][2][0]['j']=4\n$['a'][2][1]['k']=6";
  EXPECT_EQ(query(doc, "$..[*]"), all);
  EXPECT_EQ(query(doc, "$..*"), all);
  EXPECT_EQ(query(doc, "$.o..[*, *]"), "$['o']['j']=1\n$['o']['k']=2\n$['o']['j']=1\n$['o']['k']=2");
  EXPECT_EQ(query(doc, "$.a..[0, 1]"),
            "$['a'][0]=5\n$['a'][1]=3\n$['a'][2][0]={\"j\":4}\n$['a'][2][1]={\"k\":6}");
  EXPECT_EQ(query("1", "$..*"), "");
  EXPECT_EQ(query("[[[1]]]", "$..[0]"), "$[0]=[[1]]\n$[0][0]=[1]\n$[0][0][0]=1");
  EXPECT_EQ(query(R"({"a": {"a": {"a": 1}}})", "$..a"),
            "$['a']={\"a\":{\"a\":1}}\n$['a']['a']={\"a\":1}\n$['a']['a']['a']=1");
}

TEST(Query, NullSemantics) {  // section 2.6.1
  const char* doc = R"({"a": null, "b": [null], "c": [{}], "null": 1})";
  EXPECT_EQ(query(doc, "$.a"), "$['a']=null");
  EXPECT_EQ(query(doc, "$.a[0]"), "");
  EXPECT_EQ(query(doc, "$.a.d"), "");
  EXPECT_EQ(query(doc, "$.b[0]"), "$['b'][0]=null");
  EXPECT_EQ(query(doc, "$.b[*]"), "$['b'][0]=null");
  EXPECT_EQ(query(doc, "$.b[?@]"), "$['b'][0]=null");
  EXPECT_EQ(query(doc, "$.b[?@==null]"), "$['b'][0]=null");
  EXPECT_EQ(query(doc, "$.c[?@.d==null]"), "");
  EXPECT_EQ(query(doc, "$.null"), "$['null']=1");
}

TEST(Query, NormalizedPaths) {  // section 2.7, table 16
  EXPECT_EQ(query(R"({"a": 1})", "$.a"), "$['a']=1");
  EXPECT_EQ(query("[0, 1]", "$[1]"), "$[1]=1");
  EXPECT_EQ(query("[0, 1, 2, 3, 4]", "$[-3]"), "$[2]=2");
  EXPECT_EQ(query(R"({"a": {"b": [0, 1]}})", "$.a.b[1:2]"), "$['a']['b'][1]=1");
  EXPECT_EQ(query(R"({"\u000b": 1})", R"($["\u000B"])"), "$['\\u000b']=1");
  EXPECT_EQ(query(R"({"a": 1})", R"($["\u0061"])"), "$['a']=1");
  // Every escape: \b \f \n \r \t, quote and backslash; other controls in
  // lower-case hex; DEL and non-ASCII as they are.
  EXPECT_EQ(query(R"({"\b\f\n\r\t'\\\u0000\u001f\u007f\u00e9": 1})", "$.*"),
            "$['\\b\\f\\n\\r\\t\\'\\\\\\u0000\\u001f\x7f\xc3\xa9']=1");
  // location::write and size agree with text.
  jot::arena a;
  auto doc = jot::parse(R"({"k": [0, {"x\ny": true}]})", a);
  auto q = jot::path::compile("$..[?@ == true]", a);
  ASSERT_TRUE(q);
  auto nodes = jot::path::evaluate(*q, doc->root(), a);
  ASSERT_TRUE(nodes);
  ASSERT_EQ(nodes->size(), 1u);
  const jot::path::location at = (*nodes)[0].path;
  EXPECT_EQ(at.depth(), 3u);
  const std::string expected = "$['k'][1]['x\\ny']";
  EXPECT_EQ(at.size(), expected.size());
  char small[4];
  EXPECT_EQ(at.write(small, sizeof small), expected.size());
  char buf[64];
  ASSERT_EQ(at.write(buf, sizeof buf), expected.size());
  EXPECT_EQ(std::string(buf, expected.size()), expected);
  EXPECT_EQ(jot::path::location().size(), 1u);
  EXPECT_EQ(std::string(*jot::path::location().text(a)), "$");
}

// options::paths = false: the same values in the same order, every path
// empty, and no path links in the arena.
TEST(Query, ValuesWithoutPaths) {
  jot::arena doc_arena;
  auto doc = jot::parse(bookstore, doc_arena);
  ASSERT_TRUE(doc);
  jot::path::options no_paths;
  no_paths.paths = false;
  for (const char* text : {"$.store.book[*].author", "$..price", "$..*", "$.store.book[?@.price < 10].title",
                           "$.store.book[-1:0:-2]", "$.store['bicycle', 'book'][0, 'color']", "$"}) {
    SCOPED_TRACE(text);
    std::vector<char> with_buf(1 << 16), without_buf(1 << 16);
    jot::arena with_arena(with_buf.data(), with_buf.size()), without_arena(without_buf.data(), without_buf.size());
    auto q = jot::path::compile(text, with_arena);
    auto q_values = jot::path::compile(text, without_arena, no_paths);
    ASSERT_TRUE(q);
    ASSERT_TRUE(q_values);
    const std::size_t with_before = with_arena.available(), without_before = without_arena.available();
    auto with = jot::path::evaluate(*q, doc->root(), with_arena);
    auto without = jot::path::evaluate(*q_values, doc->root(), without_arena);
    ASSERT_TRUE(with);
    ASSERT_TRUE(without);
    const std::size_t used_with = with_before - with_arena.available();
    const std::size_t used_without = without_before - without_arena.available();
    if (with->size() > 0 && std::string(text) != "$") EXPECT_LT(used_without, used_with);
    ASSERT_EQ(with->size(), without->size());
    for (std::size_t i = 0; i < with->size(); ++i) {
      EXPECT_TRUE((*with)[i].value == (*without)[i].value) << i;
      EXPECT_EQ((*without)[i].path.depth(), 0u) << i;
      EXPECT_EQ(std::string(*(*without)[i].path.text(without_arena)), "$");
    }
  }
}

TEST(Query, Whitespace) {
  EXPECT_EQ(query(R"({"a": [1, 2]})", "$ .a [ 0 , 1 ]"), "$['a'][0]=1\n$['a'][1]=2");
  EXPECT_EQ(query(R"({"a": [1, 2]})", "$\t.a\n[\r1]"), "$['a'][1]=2");
  EXPECT_EQ(query(R"({"a": [1, 2]})", "$.a[?  @  >  1  ]"), "$['a'][1]=2");
  EXPECT_EQ(compile_error("$. a"), "query_syntax@2");
  EXPECT_EQ(compile_error("$.. a"), "query_syntax@3");
  EXPECT_EQ(compile_error("$ "), "query_syntax@1");
  EXPECT_EQ(compile_error(" $"), "query_syntax@0");
  EXPECT_EQ(compile_error("$[1]\n"), "query_syntax@4");
  EXPECT_EQ(compile_error("$\v.a"), "query_syntax@1");  // vertical tab is no blank
}

// Each bad query fails with the code and the byte offset given.
TEST(Query, SyntaxErrorsNameTheByte) {
  const struct {
    std::string_view text;
    const char* expected;
  } cases[] = {
      {"", "query_syntax@0"},
      {"a", "query_syntax@0"},
      {"@.a", "query_syntax@0"},
      {"$.", "query_syntax@2"},
      {"$.1", "query_syntax@2"},
      {"$..", "query_syntax@3"},
      {"$...a", "query_syntax@3"},
      {"$a", "query_syntax@1"},
      {"$[", "query_syntax@2"},
      {"$[1", "query_syntax@3"},
      {"$[1,]", "query_syntax@4"},
      {"$[]", "query_syntax@2"},
      {"$[01]", "query_syntax@2"},
      {"$[-0]", "query_syntax@2"},
      {"$[- 1]", "query_syntax@3"},
      {"$[1.0]", "query_syntax@3"},
      {"$[9007199254740992]", "query_syntax@2"},
      {"$[-9007199254740992]", "query_syntax@2"},
      {"$[0:-0]", "query_syntax@4"},
      {"$[::01]", "query_syntax@4"},
      {"$[1:2:3:4]", "query_syntax@7"},
      {"$['a]", "query_syntax@2"},
      {"$['a\\x']", "query_syntax@4"},
      {R"($["\'"])", "query_syntax@3"},
      {R"($['\"'])", "query_syntax@3"},
      {"$['\\u12G4']", "query_syntax@3"},
      {"$['\\ud800']", "query_syntax@3"},
      {"$['\\ud800\\u0041']", "query_syntax@3"},
      {"$['\\udc00']", "query_syntax@3"},
      {"$['a\tb']", "query_syntax@4"},
      {std::string_view("$[\"\0\"]", 5), "query_syntax@3"},  // a raw NUL: escape it
      {std::string_view("$['\0']", 5), "query_syntax@3"},
      {"$['\xff']", "query_syntax@3"},
      {"$.\xc3", "query_syntax@2"},
      {"$.a$", "query_syntax@3"},
      {"$.a b", "query_syntax@3"},
      {"$[?]", "query_syntax@3"},
      {"$[?@.a", "query_syntax@6"},
      {"$[?(@.a]", "query_syntax@7"},
      {"$[?@.a == 1 == 2]", "query_syntax@12"},
      {"$[?!@.a == 1]", "query_syntax@8"},
      {"$[?true]", "query_syntax@3"},
      {"$[?1]", "query_syntax@3"},
      {"$[?'a']", "query_syntax@3"},
      {"$[?@.a == tru]", "query_syntax@10"},
      {"$[?@.a == True]", "query_syntax@10"},
      {"$[?@.a == 01]", "query_syntax@11"},
      {"$[?@.a == 1.]", "query_syntax@12"},
      {"$[?@.a == 1e]", "query_syntax@12"},
      {"$[?@.a == 1e400]", "query_syntax@10"},
      {"$[?@.a = 1]", "query_syntax@7"},
      {"$[?@.a & @.b]", "query_syntax@7"},
      {"$[?foo(@)]", "query_syntax@3"},
      {"$[?Length(@)]", "query_syntax@3"},
      {"$[?length (@) == 1]", "query_syntax@3"},
  };
  for (const auto& c : cases) EXPECT_EQ(compile_error(c.text), c.expected) << c.text;
}

TEST(Query, ErrorsSayWhat) {
  jot::arena a;
  auto q = jot::path::compile("$[01]", a);
  ASSERT_FALSE(q);
  EXPECT_EQ(q.error().code, jot::error_code::query_syntax);
  EXPECT_STREQ(q.error().message, "leading zero in an integer");
  q = jot::path::compile("$['abc", a);
  EXPECT_STREQ(q.error().message, "unterminated string literal");
  q = jot::path::compile("$[?length(@.*) < 3]", a);
  EXPECT_EQ(q.error().code, jot::error_code::query_type);
  EXPECT_EQ(q.error().offset, 10u);
  EXPECT_STREQ(jot::error_code_name(jot::error_code::query_limit), "query_limit");
}

TEST(Query, ValidLexicalEdges) {
  EXPECT_EQ(compile_error("$[0]"), "ok");
  EXPECT_EQ(compile_error("$[-1]"), "ok");
  EXPECT_EQ(compile_error("$[9007199254740991]"), "ok");
  EXPECT_EQ(compile_error("$[-9007199254740991]"), "ok");
  EXPECT_EQ(compile_error("$[?@.a == -0]"), "ok");        // -0 is a number, not an index
  EXPECT_EQ(compile_error("$[?@.a == 1.5E+3]"), "ok");
  EXPECT_EQ(compile_error("$[?@.a == 0.0e-0]"), "ok");
  EXPECT_EQ(compile_error("$['']"), "ok");
  EXPECT_EQ(compile_error("$[\"\"]"), "ok");
  EXPECT_EQ(compile_error("$['\\b\\f\\n\\r\\t\\/\\\\\\'']"), "ok");
  EXPECT_EQ(compile_error("$.\xf0\x9f\x98\x80"), "ok");
  jot::arena a;
  EXPECT_FALSE(jot::path::compile("$.a", a)->singular() == false);
  EXPECT_TRUE(jot::path::compile("$.a[0]['b']", a)->singular());
  EXPECT_FALSE(jot::path::compile("$.a[*]", a)->singular());
  EXPECT_FALSE(jot::path::compile("$..a", a)->singular());
  EXPECT_FALSE(jot::path::compile("$[0,1]", a)->singular());
}

TEST(Query, NestingIsBounded) {
  std::string deep = "$";
  for (int i = 0; i < 200; ++i) deep += "[?@";
  for (int i = 0; i < 200; ++i) deep += "]";
  EXPECT_EQ(compile_error(deep).substr(0, 12), "query_limit@");
  std::string parens = "$[?";
  for (int i = 0; i < 10000; ++i) parens += "(";
  EXPECT_EQ(compile_error(parens).substr(0, 12), "query_limit@");
  jot::path::options o;
  o.max_depth = 6;  // a filter nested in a filter: brackets, test, query, twice
  EXPECT_EQ(compile_error("$[?@[?@]]", o), "ok");
  EXPECT_EQ(compile_error("$[?@[?@[?@]]]", o), "query_limit@7");
}

// $..*..*..*..* grows as depth^4: it must stop at max_nodes, not exhaust
// memory, and a deep document must not exhaust the stack.
TEST(Query, NodelistsAreBounded) {
  const int depth = 1500;
  std::string deep = std::string(depth, '[') + std::string(depth, ']');
  jot::arena a;
  jot::parse_options po;
  po.syntax.max_depth = depth;
  auto doc = jot::parse(deep, a, po);
  ASSERT_TRUE(doc);
  auto q = jot::path::compile("$..*..*..*..*", a);
  ASSERT_TRUE(q);
  auto r = jot::path::evaluate(*q, doc->root(), a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, jot::error_code::query_limit);

  auto one = jot::path::compile("$..*", a);
  auto all = jot::path::evaluate(*one, doc->root(), a);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->size(), static_cast<std::size_t>(depth - 1));
  EXPECT_EQ((*all)[depth - 2].path.depth(), static_cast<std::size_t>(depth - 1));

  jot::path::options o;
  o.max_nodes = 3;
  auto few = jot::path::compile("$[*]", a, o);
  EXPECT_EQ(jot::path::evaluate(*few, jot::parse_copy("[1,2,3]")->root(), a)->size(), 3u);
  auto r2 = jot::path::evaluate(*few, jot::parse_copy("[1,2,3,4]")->root(), a);
  ASSERT_FALSE(r2);
  EXPECT_EQ(r2.error().code, jot::error_code::query_limit);
}

TEST(Query, DeepMutableDocument) {
  // 100,000 levels: the descendant walk and the deep equality use the arena,
  // not the C++ stack.
  const int depth = 100000;
  std::string deep = std::string(depth, '[') + std::string(depth, ']');
  jot::arena a;
  jot::parse_options po;
  po.syntax.max_depth = depth + 2;
  const std::string text = "{\"a\":" + deep + ",\"b\":" + deep + "}";
  auto doc = jot::parse(text, a, po);
  ASSERT_TRUE(doc);
  jot::mutable_document m(a);
  ASSERT_TRUE(m.set_root(doc->root()).ok());
  auto q = jot::path::compile("$..[0]", a);
  auto r = jot::path::evaluate(*q, m.root(), a);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), 2u * (depth - 1));
  auto eq = jot::path::compile("$[?$.a == $.b]", a);
  EXPECT_EQ(jot::path::evaluate(*eq, m.root(), a)->size(), 2u);
  EXPECT_EQ(jot::path::evaluate(*eq, doc->root(), a)->size(), 2u);
}

TEST(Query, FixedBufferArena) {
  // Every size of a caller buffer: success or capacity_exceeded, never a crash.
  const std::string doc_text = bookstore;
  auto doc = jot::parse_copy(doc_text);
  ASSERT_TRUE(doc);
  bool succeeded = false;
  for (std::size_t size = 0; size <= 8192 && !succeeded; size += 64) {
    std::string buffer(size + 1, '\0');
    jot::arena a(buffer.data(), size);
    // Nothing but the arena: no operator new, no malloc.
    const std::size_t before = jot_test::allocation_count();
    auto q = jot::path::compile("$..book[?@.price < 10 && match(@.category, 'ref.*')].title", a);
    auto r = q ? jot::path::evaluate(*q, doc->root(), a) : jot::result<jot::path::nodelist>(q.error());
    if (jot_test::malloc_is_counted()) EXPECT_EQ(jot_test::allocation_count(), before) << size;
    if (!q) {
      EXPECT_EQ(q.error().code, jot::error_code::capacity_exceeded);
      continue;
    }
    if (!r) {
      EXPECT_EQ(r.error().code, jot::error_code::capacity_exceeded);
      continue;
    }
    ASSERT_EQ(r->size(), 1u);
    EXPECT_EQ(*(*r)[0].value.get_string(), "Sayings of the Century");
    succeeded = true;
  }
  EXPECT_TRUE(succeeded);
}

TEST(Query, MutableDocumentAfterEdits) {
  jot::arena a;
  jot::mutable_document m(a);
  jot::mut_value root = m.root();
  root["a"] = {1, 2, 3};
  root["b"] = jot::object_init{{"c", "x"}};
  ASSERT_TRUE(root["a"].push_back(4).ok());
  ASSERT_TRUE(root["a"].erase(0).ok());
  root["e"] = jot::object_init{};
  root["f"] = {};
  auto q = jot::path::compile("$..*", a);
  auto r = jot::path::evaluate(*q, root, a);
  ASSERT_TRUE(r);
  EXPECT_EQ(jot_test::lines_of(*r, a),
            "$['a']=[2,3,4]\n$['b']={\"c\":\"x\"}\n$['e']={}\n$['f']=[]\n$['a'][0]=2\n$['a'][1]=3\n"
            "$['a'][2]=4\n$['b']['c']=\"x\"");
  // The nodes are handles into the document: editable.
  auto c = jot::path::compile("$.b.c", a);
  auto found = jot::path::evaluate(*c, root, a);
  ASSERT_EQ(found->size(), 1u);
  jot::mut_value v = (*found)[0].value;
  ASSERT_TRUE(v.set(7).ok());
  EXPECT_EQ(jot_test::json_of(root["b"]), "{\"c\":7}");
  EXPECT_EQ(jot::path::evaluate(*q, root["e"], a)->size(), 0u);
  EXPECT_EQ(jot::path::evaluate(*c, jot::mut_value(), a)->size(), 0u);
}

TEST(Query, InvalidQueryAndAbsentRoot) {
  jot::arena a;
  const jot::path::query none;
  EXPECT_FALSE(none.valid());
  auto r = jot::path::evaluate(none, jot::parse_copy("1")->root(), a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, jot::error_code::invalid_value);
  auto q = jot::path::compile("$", a);
  EXPECT_EQ(jot::path::evaluate(*q, jot::value(), a)->size(), 0u);
}

TEST(Query, QueryOutlivesItsText) {
  jot::arena a;
  std::string text = "$['k\\u00e9y'].name";
  auto q = jot::path::compile(text, a);
  ASSERT_TRUE(q);
  text.assign(text.size(), 'x');
  auto doc = jot::parse_copy(R"({"k\u00e9y": {"name": 1}})");
  EXPECT_EQ(jot::path::evaluate(*q, doc->root(), a)->size(), 1u);
}

}  // namespace
