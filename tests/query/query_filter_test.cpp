// jot/query.h: JSONPath filters (RFC 9535 section 2.3.5), comparisons,
// logical operators, existence tests, the five functions with I-Regexp
// (RFC 9485), and the well-typedness rules (section 2.4.3), each case from
// the RFC's text and tables.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string>

#include "support/query_cases.h"

namespace {

using jot_test::compile_error;
using jot_test::query;

constexpr const char* filter_doc = R"({
  "a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
  "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
  "e": "f"
})";

TEST(QueryFilter, RfcExamples) {  // section 2.3.5.3, table 12
  EXPECT_EQ(query(filter_doc, "$.a[?@.b == 'kilo']"), "$['a'][9]={\"b\":\"kilo\"}");
  EXPECT_EQ(query(filter_doc, "$.a[?(@.b == 'kilo')]"), "$['a'][9]={\"b\":\"kilo\"}");
  EXPECT_EQ(query(filter_doc, "$.a[?@>3.5]"), "$['a'][1]=5\n$['a'][4]=4\n$['a'][5]=6");
  EXPECT_EQ(query(filter_doc, "$.a[?@.b]"),
            "$['a'][6]={\"b\":\"j\"}\n$['a'][7]={\"b\":\"k\"}\n$['a'][8]={\"b\":{}}\n$['a'][9]={\"b\":\"kilo\"}");
  EXPECT_EQ(query(filter_doc, "$[?@.*]").substr(0, 10), "$['a']=[3,");
  EXPECT_EQ(query(filter_doc, "$[?@.*]").find("\n$['o']={\"p\":1"), query(filter_doc, "$.a").size());
  EXPECT_EQ(query(filter_doc, "$[?@[?@.b]]").substr(0, 7), "$['a']=");
  EXPECT_EQ(query(filter_doc, "$[?@[?@.b]]").find('\n'), std::string::npos);
  EXPECT_EQ(query(filter_doc, "$.o[?@<3, ?@<3]"), "$['o']['p']=1\n$['o']['q']=2\n$['o']['p']=1\n$['o']['q']=2");
  EXPECT_EQ(query(filter_doc, "$.a[?@<2 || @.b == \"k\"]"), "$['a'][2]=1\n$['a'][7]={\"b\":\"k\"}");
  EXPECT_EQ(query(filter_doc, "$.a[?match(@.b, \"[jk]\")]"), "$['a'][6]={\"b\":\"j\"}\n$['a'][7]={\"b\":\"k\"}");
  EXPECT_EQ(query(filter_doc, "$.a[?search(@.b, \"[jk]\")]"),
            "$['a'][6]={\"b\":\"j\"}\n$['a'][7]={\"b\":\"k\"}\n$['a'][9]={\"b\":\"kilo\"}");
  EXPECT_EQ(query(filter_doc, "$.o[?@>1 && @<4]"), "$['o']['q']=2\n$['o']['r']=3");
  EXPECT_EQ(query(filter_doc, "$.o[?@.u || @.x]"), "$['o']['t']={\"u\":6}");
  EXPECT_EQ(query(filter_doc, "$.a[?@.b == $.x]"),
            "$['a'][0]=3\n$['a'][1]=5\n$['a'][2]=1\n$['a'][3]=2\n$['a'][4]=4\n$['a'][5]=6");
  EXPECT_EQ(query(filter_doc, "$.a[?@ == @]"), query(filter_doc, "$.a[*]"));
  EXPECT_EQ(query(filter_doc, "$[?@ == 'f']"), "$['e']=\"f\"");
}

// Section 2.3.5.2.2, table 11: on {"obj": {"x": "y"}, "arr": [2, 3]}.
TEST(QueryFilter, ComparisonTable) {
  const char* doc = R"({"obj": {"x": "y"}, "arr": [2, 3]})";
  const struct {
    const char* comparison;
    bool result;
  } cases[] = {
      {"$.absent1 == $.absent2", true}, {"$.absent1 <= $.absent2", true}, {"$.absent == 'g'", false},
      {"$.absent1 != $.absent2", false}, {"$.absent != 'g'", true},       {"1 <= 2", true},
      {"1 > 2", false},                  {"13 == '13'", false},            {"'a' <= 'b'", true},
      {"'a' > 'b'", false},              {"$.obj == $.arr", false},        {"$.obj != $.arr", true},
      {"$.obj == $.obj", true},          {"$.obj != $.obj", false},        {"$.arr == $.arr", true},
      {"$.arr != $.arr", false},         {"$.obj == 17", false},           {"$.obj != 17", true},
      {"$.obj <= $.arr", false},         {"$.obj < $.arr", false},         {"$.obj <= $.obj", true},
      {"$.arr <= $.arr", true},          {"1 <= $.arr", false},            {"1 >= $.arr", false},
      {"1 > $.arr", false},              {"1 < $.arr", false},             {"true <= true", true},
      {"true > true", false},
  };
  for (const auto& c : cases) {
    const std::string q = std::string("$[?") + c.comparison + "]";
    EXPECT_EQ(query(doc, q), c.result ? query(doc, "$.*") : "") << c.comparison;
  }
}

TEST(QueryFilter, NumbersCompareByValue) {
  const char* doc = R"([1, 1.0, 1e0, 10e-1, -0, 0, 0.0, 9007199254740993, 18446744073709551615, -9223372036854775808,
                       1.5, "1", true, null])";
  EXPECT_EQ(query(doc, "$[?@ == 1]"), "$[0]=1\n$[1]=1.0\n$[2]=1.0\n$[3]=1.0");
  EXPECT_EQ(query(doc, "$[?@ == -0]"), "$[4]=-0.0\n$[5]=0\n$[6]=0.0");
  EXPECT_EQ(query(doc, "$[?@ == 0.0]"), "$[4]=-0.0\n$[5]=0\n$[6]=0.0");
  // Integers beyond 2^53 compare exactly, not through a rounded double.
  EXPECT_EQ(query(doc, "$[?@ > 9007199254740992]"), "$[7]=9007199254740993\n$[8]=18446744073709551615");
  EXPECT_EQ(query(doc, "$[?@ == 9007199254740992]"), "");
  EXPECT_EQ(query(doc, "$[?@ == 9.007199254740993e15]"), "");  // the double is 2^53
  EXPECT_EQ(query(doc, "$[?@ < -9e18]"), "$[9]=-9223372036854775808");
  EXPECT_EQ(query(doc, "$[?@ > 1 && @ < 2]"), "$[10]=1.5");
  EXPECT_EQ(query(doc, "$[?@ >= 1.5]"),
            "$[7]=9007199254740993\n$[8]=18446744073709551615\n$[10]=1.5");
  EXPECT_EQ(query(doc, "$[?@ == '1']"), "$[11]=\"1\"");
  EXPECT_EQ(query(doc, "$[?@ == true]"), "$[12]=true");
  EXPECT_EQ(query(doc, "$[?@ == false]"), "");
  EXPECT_EQ(query(doc, "$[?@ == null]"), "$[13]=null");
  EXPECT_EQ(query(doc, "$[?@ < true]"), "");
  EXPECT_EQ(query(doc, "$[?@ <= null]"), "$[13]=null");
}

TEST(QueryFilter, NumbersKeptAsText) {
  jot::arena a;
  jot::parse_options o;
  o.keep_number_text = true;
  auto doc = jot::parse("[1.0, 100, 1e400, -1e400, 2]", a, o);
  ASSERT_TRUE(doc);
  auto q = jot::path::compile("$[?@ == 1 || @ > 1e300 || @ < -5]", a);
  auto r = jot::path::evaluate(*q, doc->root(), a);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->size(), 3u);
  EXPECT_EQ((*r)[0].value.number_text(), "1.0");
  EXPECT_EQ((*r)[1].value.number_text(), "1e400");
  EXPECT_EQ((*r)[2].value.number_text(), "-1e400");
}

TEST(QueryFilter, StringsCompareByCodePoint) {
  const char* doc = R"(["a", "b", "ab", "", "\u00e9", "\ud83d\ude00", "\uffff", "B"])";
  EXPECT_EQ(query(doc, "$[?@ < 'b']"), "$[0]=\"a\"\n$[2]=\"ab\"\n$[3]=\"\"\n$[7]=\"B\"");
  // U+FFFF < U+1F600, which UTF-16 order would get wrong.
  EXPECT_EQ(query(doc, "$[?@ > '\\uffff']"), "$[5]=\"\xf0\x9f\x98\x80\"");
  EXPECT_EQ(query(doc, "$[?@ >= '\\u00e9' && @ <= '\\u00e9']"), "$[4]=\"\xc3\xa9\"");
  EXPECT_EQ(query(doc, "$[?@ == \"\"]"), "$[3]=\"\"");
}

TEST(QueryFilter, DeepEquality) {
  const char* doc = R"({"x": [{"a": [1, {"b": null}], "c": "d"}, {"c": "d", "a": [1.0, {"b": null}]},
                             {"a": [1, {"b": null}]}, {"a": [{"b": null}, 1], "c": "d"},
                             {"a": [1, {"b": null}], "c": "d", "e": 1}],
                       "y": {"a": [1, {"b": null}], "c": "d"}})";
  // Object members in any order, numbers by value; nothing else equal.
  EXPECT_EQ(query(doc, "$.x[?@ == $.y]"),
            "$['x'][0]={\"a\":[1,{\"b\":null}],\"c\":\"d\"}\n$['x'][1]={\"c\":\"d\",\"a\":[1.0,{\"b\":null}]}");
  EXPECT_EQ(query(doc, "$.x[?@ != $.y]").find("$['x'][2]"), 0u);
  EXPECT_EQ(query("[[], {}, [[]], [{}]]", "$[?@ == $[0]]"), "$[0]=[]");
  EXPECT_EQ(query("[[], {}, [[]], [{}]]", "$[?@ == $[1]]"), "$[1]={}");
}

TEST(QueryFilter, LogicalOperators) {
  const char* doc = R"([{"a": 1, "b": 2}, {"a": 1}, {"b": 2}, {}])";
  EXPECT_EQ(query(doc, "$[?@.a && @.b]"), "$[0]={\"a\":1,\"b\":2}");
  EXPECT_EQ(query(doc, "$[?@.a || @.b]"), "$[0]={\"a\":1,\"b\":2}\n$[1]={\"a\":1}\n$[2]={\"b\":2}");
  EXPECT_EQ(query(doc, "$[?!@.a]"), "$[2]={\"b\":2}\n$[3]={}");
  EXPECT_EQ(query(doc, "$[?!(@.a || @.b)]"), "$[3]={}");
  EXPECT_EQ(query(doc, "$[?! ( @.a && @.b )]"), "$[1]={\"a\":1}\n$[2]={\"b\":2}\n$[3]={}");
  // && binds tighter than ||.
  EXPECT_EQ(query(doc, "$[?@.b && !@.a || @.a && !@.b]"), "$[1]={\"a\":1}\n$[2]={\"b\":2}");
  EXPECT_EQ(query(doc, "$[?(@.b || @.a) && @.a == 1]"), "$[0]={\"a\":1,\"b\":2}\n$[1]={\"a\":1}");
  EXPECT_EQ(query(doc, "$[?!(!@.a)]"), "$[0]={\"a\":1,\"b\":2}\n$[1]={\"a\":1}");
  EXPECT_EQ(compile_error("$[?!!@.a]"), "query_syntax@4");  // '!' takes a test or parentheses
}

TEST(QueryFilter, ExistenceAndNestedQueries) {
  const char* doc = R"({"k": 1, "list": [{"n": 0}, {"n": [1]}, {"m": null}, 3]})";
  // A member holding null or 0 exists.
  EXPECT_EQ(query(doc, "$.list[?@.n]"), "$['list'][0]={\"n\":0}\n$['list'][1]={\"n\":[1]}");
  EXPECT_EQ(query(doc, "$.list[?@.m]"), "$['list'][2]={\"m\":null}");
  // A non-singular query as a test: true when it selects anything.
  EXPECT_EQ(query(doc, "$.list[?@.*]"), "$['list'][0]={\"n\":0}\n$['list'][1]={\"n\":[1]}\n$['list'][2]={\"m\":null}");
  EXPECT_EQ(query(doc, "$.list[?@..[0]]"), "$['list'][1]={\"n\":[1]}");
  // Absolute queries inside filters look at the root.
  EXPECT_EQ(query(doc, "$.list[?$.k]").size(), query(doc, "$.list[*]").size());
  EXPECT_EQ(query(doc, "$.list[?$.nope]"), "");
  EXPECT_EQ(query(doc, "$.list[?@.n == $.k - 1]").substr(0, 12), "error query_");
  EXPECT_EQ(query(doc, "$.list[?@ == $.list[-1]]"), "$['list'][3]=3");
  EXPECT_EQ(query(doc, "$.list[?@.n[0] == $.k]"), "$['list'][1]={\"n\":[1]}");
  EXPECT_EQ(query(doc, "$.list[?@['n'] == 0]"), "$['list'][0]={\"n\":0}");
}

TEST(QueryFilter, LengthFunction) {  // section 2.4.4
  const char* doc = R"(["ab", "\u00e9\ud83d\ude00", [1, 2, 3], {"a": 1}, 5, true, null, ""])";
  EXPECT_EQ(query(doc, "$[?length(@) == 2]"), "$[0]=\"ab\"\n$[1]=\"\xc3\xa9\xf0\x9f\x98\x80\"");
  EXPECT_EQ(query(doc, "$[?length(@) == 3]"), "$[2]=[1,2,3]");
  EXPECT_EQ(query(doc, "$[?length(@) == 1]"), "$[3]={\"a\":1}");
  EXPECT_EQ(query(doc, "$[?length(@) == 0]"), "$[7]=\"\"");
  // Numbers, booleans and null have no length: Nothing, equal only to Nothing.
  EXPECT_EQ(query(doc, "$[?length(@) == $.absent]"), "$[4]=5\n$[5]=true\n$[6]=null");
  EXPECT_EQ(query(doc, "$[?length('abc') == 3]").size(), query(doc, "$[*]").size());
  EXPECT_EQ(query(doc, "$[?length(1) == 1]"), "");
  EXPECT_EQ(query(doc, "$[?length(length(@)) >= 0]"), "");
  EXPECT_EQ(query(doc, "$[?length(@.absent) >= 0]"), "");
}

TEST(QueryFilter, CountFunction) {  // section 2.4.5
  const char* doc = R"([{"a": [1, 2]}, {"a": 1, "b": 2}, {}, [[1], [2, 3]]])";
  EXPECT_EQ(query(doc, "$[?count(@.*) == 2]"), "$[1]={\"a\":1,\"b\":2}\n$[3]=[[1],[2,3]]");
  EXPECT_EQ(query(doc, "$[?count(@.*) == 1]"), "$[0]={\"a\":[1,2]}");
  EXPECT_EQ(query(doc, "$[?count(@..*) == 3]"), "$[0]={\"a\":[1,2]}");
  EXPECT_EQ(query(doc, "$[?count(@.*) == 0]"), "$[2]={}");
  EXPECT_EQ(query(doc, "$[?count($) == 1]").size(), query(doc, "$[*]").size());
}

TEST(QueryFilter, ValueFunction) {  // section 2.4.8
  const char* doc = R"([{"color": "red"}, {"x": {"color": "red"}}, {"c": [{"color": "red"}, {"color": "blue"}]}, {}])";
  EXPECT_EQ(query(doc, "$[?value(@..color) == \"red\"]"), "$[0]={\"color\":\"red\"}\n$[1]={\"x\":{\"color\":\"red\"}}");
  EXPECT_EQ(query(doc, "$[?value(@..color) == $.none]"),
            "$[2]={\"c\":[{\"color\":\"red\"},{\"color\":\"blue\"}]}\n$[3]={}");
  EXPECT_EQ(query(doc, "$[?length(value(@.c)) == 2]"), "$[2]={\"c\":[{\"color\":\"red\"},{\"color\":\"blue\"}]}");
}

TEST(QueryFilter, MatchAndSearch) {  // sections 2.4.6, 2.4.7; RFC 9485
  const char* doc = R"(["1974-05-01", "1974-05-011", "x1974-05-01", "ab", "a\nb", "caf\u00e9", 7,
                       "\ud83d\ude00", "Europe/Berlin", "europe/x"])";
  EXPECT_EQ(query(doc, "$[?match(@, '1974-05-..')]"), "$[0]=\"1974-05-01\"");
  EXPECT_EQ(query(doc, "$[?search(@, '1974-05-..')]"),
            "$[0]=\"1974-05-01\"\n$[1]=\"1974-05-011\"\n$[2]=\"x1974-05-01\"");
  EXPECT_EQ(query(doc, "$[?match(@, 'Europe/.*')]"), "$[8]=\"Europe/Berlin\"");
  // '.' is one code point but not a line end.
  EXPECT_EQ(query(doc, "$[?match(@, 'a.b')]"), "");
  EXPECT_EQ(query(doc, "$[?match(@, 'a\\nb')]"), "$[4]=\"a\\nb\"");
  EXPECT_EQ(query(doc, "$[?match(@, '.')]"), "$[7]=\"\xf0\x9f\x98\x80\"");
  EXPECT_EQ(query(doc, "$[?match(@, 'caf.')]"), "$[5]=\"caf\xc3\xa9\"");
  // '^' and '$' are ordinary characters in I-Regexp.
  EXPECT_EQ(query(R"(["^a$", "a"])", "$[?match(@, '^a$')]"), "$[0]=\"^a$\"");
  // Non-strings and invalid patterns: false, not an error.
  EXPECT_EQ(query(doc, "$[?match(@, '(')]"), "");
  EXPECT_EQ(query(doc, "$[?search(@, 'a{2,1}')]"), "");
  EXPECT_EQ(query(doc, "$[?match(@, 7)]"), "");
  EXPECT_EQ(query(doc, "$[?!match(@, '.*')]"), "$[4]=\"a\\nb\"\n$[6]=7");
  // A pattern from the document.
  EXPECT_EQ(query(R"([{"s": "abc", "p": "a.c"}, {"s": "abc", "p": "b"}, {"s": "abc", "p": "("}])",
                  "$[?match(@.s, @.p)]"),
            "$[0]={\"s\":\"abc\",\"p\":\"a.c\"}");
  EXPECT_EQ(query(R"([{"s": "abc", "p": "a.c"}, {"s": "abc", "p": "b"}, {"s": "abc", "p": "("}])",
                  "$[?search(@.s, @.p)]"),
            "$[0]={\"s\":\"abc\",\"p\":\"a.c\"}\n$[1]={\"s\":\"abc\",\"p\":\"b\"}");
}

// The I-Regexp grammar, one pattern at a time: whether match() holds on the subject.
bool matches(const std::string& subject, const std::string& pattern, bool whole = true) {
  jot::arena a;
  jot::mutable_document m(a);
  EXPECT_TRUE(m.set_root({subject, pattern}).ok());
  auto q = jot::path::compile(whole ? "$[?match($[0], $[1])]" : "$[?search($[0], $[1])]", a);
  EXPECT_TRUE(q);
  auto r = jot::path::evaluate(*q, m.root(), a);
  EXPECT_TRUE(r);
  return r && r->size() == 2;
}

TEST(QueryFilter, IRegexp) {
  EXPECT_TRUE(matches("", ""));
  EXPECT_TRUE(matches("abc", "abc"));
  EXPECT_FALSE(matches("abcd", "abc"));
  EXPECT_TRUE(matches("abcd", "bc", false));
  EXPECT_TRUE(matches("", "a*"));
  EXPECT_TRUE(matches("aaa", "a+"));
  EXPECT_FALSE(matches("", "a+"));
  EXPECT_TRUE(matches("ac", "ab?c"));
  EXPECT_TRUE(matches("abab", "(ab)*"));
  EXPECT_TRUE(matches("b", "a|b|c"));
  EXPECT_TRUE(matches("", "a|"));
  EXPECT_TRUE(matches("aaa", "a{3}"));
  EXPECT_FALSE(matches("aa", "a{3}"));
  EXPECT_TRUE(matches("aaaa", "a{2,}"));
  EXPECT_TRUE(matches("aa", "a{1,3}"));
  EXPECT_FALSE(matches("aaaa", "a{1,3}"));
  EXPECT_TRUE(matches("a", "a{0,0}a"));
  EXPECT_TRUE(matches("x-y", "[a-z]-[xyz]"));
  EXPECT_TRUE(matches("Q", "[^a-z]"));
  EXPECT_FALSE(matches("q", "[^a-z]"));
  EXPECT_TRUE(matches("-", "[-a]"));
  EXPECT_TRUE(matches("-", "[a-]"));
  EXPECT_TRUE(matches("]", "[\\]]"));
  EXPECT_TRUE(matches("^", "[a^]"));
  EXPECT_TRUE(matches("(*+?.)", "\\(\\*\\+\\?\\.\\)"));
  EXPECT_TRUE(matches("\t\n\r", "\\t\\n\\r"));
  EXPECT_TRUE(matches("{|}", "\\{\\|\\}"));
  EXPECT_TRUE(matches("\xc3\xa9", "\\p{L}"));
  EXPECT_TRUE(matches("\xc3\xa9", "\\p{Ll}"));
  EXPECT_FALSE(matches("\xc3\xa9", "\\p{Lu}"));
  EXPECT_TRUE(matches("\xc3\x89", "\\p{Lu}"));
  EXPECT_TRUE(matches("7", "\\p{Nd}"));
  EXPECT_TRUE(matches("\xd9\xa3", "\\p{Nd}"));  // ARABIC-INDIC DIGIT THREE
  EXPECT_TRUE(matches(" ", "\\p{Zs}"));
  EXPECT_TRUE(matches("a", "\\P{N}"));
  EXPECT_TRUE(matches("a1", "[\\p{L}\\p{N}]+"));
  EXPECT_TRUE(matches("\xf0\x9f\x98\x80", "\\p{So}"));
  EXPECT_TRUE(matches("\x01", "\\p{Cc}"));
  EXPECT_TRUE(matches("\xe2\x80\x8b", "\\p{Cf}"));  // ZERO WIDTH SPACE
  EXPECT_TRUE(matches("\xf0\x9f\x98\x80\xc3\xa9", ".."));
  // Not I-Regexp: false rather than an error.
  for (const char* bad : {"(", ")", "a)", "[", "[]", "[^]", "[b-a]", "[a-b-c]", "[--a]", "{", "a{", "a{1", "a{,2}",
                          "a{2,1}", "*", "a**", "+a", "?", "\\d", "\\w", "\\s", "\\x", "\\p{Xx}", "\\p{L",
                          "\\p{Cs}", "\\p{Lx}", "\\", "]", "}", "a|*"}) {
    EXPECT_FALSE(matches("a", bad)) << bad;
    EXPECT_FALSE(matches("", bad)) << bad;
  }
}

// A pathological pattern for backtracking engines: linear here.
TEST(QueryFilter, NoBacktracking) {
  const std::string subject(3000, 'a');
  EXPECT_FALSE(matches(subject + "b", "(a*)*c"));
  EXPECT_FALSE(matches(subject, "(a|aa)*b"));
  EXPECT_TRUE(matches(subject, "(a|aa)*"));
  EXPECT_TRUE(matches(subject + "b", "(a*)*b"));
}

TEST(QueryFilter, RegexSizeIsBounded) {
  EXPECT_EQ(compile_error("$[?match(@, '(a{1000}){1000}')]").substr(0, 12), "query_limit@");
  EXPECT_EQ(compile_error("$[?match(@, 'a{1000}')]"), "ok");
  std::string nested = "$[?match(@, '";
  for (int i = 0; i < 300; ++i) nested += "(";
  nested += "')]";
  EXPECT_EQ(compile_error(nested).substr(0, 12), "query_limit@");
  // From the document, too large is simply no match.
  EXPECT_FALSE(matches("a", "(a{1000}){1000}"));
  EXPECT_FALSE(matches("a", "a{2}{2}"));  // a quantifier cannot follow a quantifier
  jot::path::options o;
  o.max_regex_size = 4;
  EXPECT_EQ(compile_error("$[?match(@, 'abc')]", o), "ok");
  EXPECT_EQ(compile_error("$[?match(@, 'abcd')]", o).substr(0, 12), "query_limit@");
}

// Section 2.4.9, table 14, and the other typing rules of section 2.4.3.
TEST(QueryFilter, WellTypedness) {
  EXPECT_EQ(compile_error("$[?length(@) < 3]"), "ok");
  EXPECT_EQ(compile_error("$[?length(@.*) < 3]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?count(@.*) == 1]"), "ok");
  EXPECT_EQ(compile_error("$[?count(1) == 1]"), "query_type@9");
  EXPECT_EQ(compile_error("$[?count(foo(@.*)) == 1]"), "query_syntax@9");
  EXPECT_EQ(compile_error("$[?match(@.timezone, 'Europe/.*')]"), "ok");
  EXPECT_EQ(compile_error("$[?match(@.timezone, 'Europe/.*') == true]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?value(@..color) == \"red\"]"), "ok");
  EXPECT_EQ(compile_error("$[?value(@..color)]"), "query_type@3");
  // Comparisons need singular queries; tests need no value.
  EXPECT_EQ(compile_error("$[?@.* == 1]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?1 == @..a]"), "query_type@8");
  EXPECT_EQ(compile_error("$[?@[0, 1] == 1]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?@[0:1] == 1]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?@[0]['a'].b == 1]"), "ok");
  // A singular query's brackets hold no blank (name-segment, index-segment);
  // blanks between its segments are fine.
  EXPECT_EQ(compile_error("$[?@[ 'a' ] == 1]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?length(@[0 ]) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?@ ['a'] .b [0] == 1]"), "ok");
  EXPECT_EQ(compile_error("$[?@[ 'a' ]]"), "ok");  // as a test it need not be singular
  EXPECT_EQ(compile_error("$[?$[0] == 1]"), "ok");
  EXPECT_EQ(compile_error("$[?length(@)]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?count(@)]"), "query_type@3");
  EXPECT_EQ(compile_error("$[?!length(@)]"), "query_type@4");
  EXPECT_EQ(compile_error("$[?match(@, 'a')]"), "ok");
  EXPECT_EQ(compile_error("$[?!search(@, 'a')]"), "ok");
  // Arguments: the count and each one's type.
  EXPECT_EQ(compile_error("$[?length() == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?length(@, @) == 1]"), "query_type@13");
  EXPECT_EQ(compile_error("$[?match(@) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?match(@.*, 'a')]"), "query_type@9");
  EXPECT_EQ(compile_error("$[?match(@, @.*)]"), "query_type@12");
  EXPECT_EQ(compile_error("$[?length(@ == 1) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?length(@.a && @.b) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?length(!@.a) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?length((@.a)) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?length(match(@, 'a')) == 1]"), "query_type@10");
  EXPECT_EQ(compile_error("$[?count(length(@)) == 1]"), "query_type@9");
  EXPECT_EQ(compile_error("$[?value('a') == 1]"), "query_type@9");
  EXPECT_EQ(compile_error("$[?length(value(@.*)) == 1]"), "ok");
  EXPECT_EQ(compile_error("$[?length( @ ) == count( @.* )]"), "ok");
  EXPECT_EQ(compile_error("$[?match(@, 'a' , )]"), "query_type@18");
}

}  // namespace
