// tests/query/query_regex_test.cpp - the fast paths of match() and search() (the
// literal form, src/query/iregexp_literal.cpp, and the DFA,
// src/query/iregexp_dfa.cpp) against the NFA simulation they replace on the
// query's patterns (run_regex_nfa, the reference): chosen patterns and
// strings, then random ones from a seeded generator, on both uses; and
// patterns that would take a backtracking engine exponential time.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "jot/jot.h"
#include "query/iregexp_program.h"

namespace q = jot::detail::query;

namespace {

const char* outcome_name(q::regex_outcome o) {
  switch (o) {
    case q::regex_outcome::yes: return "yes";
    case q::regex_outcome::no: return "no";
    case q::regex_outcome::no_memory: return "no_memory";
  }
  return "?";
}

// Compiles pattern for use; null when it is not I-Regexp.
const q::regex* compile(const std::string& pattern, q::regex_use use, jot::arena& a) {
  const q::regex* r = nullptr;
  const q::regex_status s = q::compile_regex(pattern, a, 8192, &r, use);
  EXPECT_TRUE(s == q::regex_status::ok || s == q::regex_status::invalid) << pattern;
  return s == q::regex_status::ok ? r : nullptr;
}

// Expects the fast path (literal or DFA) and the NFA to agree on each
// subject, for both uses; counts the comparisons in *checked.
void agree(const std::string& pattern, const std::vector<std::string>& subjects, int* checked = nullptr) {
  jot::arena a;
  for (const q::regex_use use : {q::regex_use::match, q::regex_use::search}) {
    const q::regex* r = compile(pattern, use, a);
    if (r == nullptr) return;
    ASSERT_TRUE(r->automaton != nullptr || r->literal.text != nullptr) << pattern;
    const bool whole = use == q::regex_use::match;
    for (const std::string& s : subjects) {
      const jot::arena::savepoint at = a.save();
      const q::regex_outcome fast = q::run_regex(*r, s, whole, a);
      const q::regex_outcome slow = q::run_regex_nfa(*r, s, whole, a);
      a.rewind(at);
      EXPECT_EQ(fast, slow) << (whole ? "match" : "search") << " of '" << pattern << "' on '" << s
                            << "': DFA " << outcome_name(fast) << ", NFA " << outcome_name(slow);
      if (checked != nullptr) ++*checked;
    }
  }
}

const std::vector<std::string> subjects = {
    "",
    "a",
    "ab",
    "abb",
    "aab",
    "b",
    "iPhone",
    "Twitter for iPhone",
    "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
    "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>\n",
    "Twitter for iPhone\r and more text after it, long enough for several words",
    "Polygon",
    "MultiPolygon",
    "Poly",
    "Concert de l'orchestre",
    "un concert",
    "1974-05-01",
    "a\nb",
    "a\rb",
    "caf\xc3\xa9",
    "\xc3\xa9\xc3\xa9\xc3\xa9",
    "\xf0\x9f\x98\x80",
    "x\xf0\x9f\x98\x80y\xf0\x9f\x98\x80z",
    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e iPhone",
    std::string("nul\0byte", 8),
    "\xff",                      // not UTF-8: U+FFFD
    "a\xff" "b",
    "\xc3",                      // truncated
    "\xe2\x82" "A",              // truncated before an ASCII byte
    "\xc0\x80",                  // overlong
    "\xed\xa0\x80",              // a surrogate, encoded: not UTF-8
    "\x80\x80\x80\x80\x80\x80\x80\x80\x80iPhone",
    "12345678901234567890",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
    "abababababababababababababababababab",
    "The quick brown fox jumps over the lazy dog, then iPhone; then \xc3\xa9t\xc3\xa9.",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxiPhon",
    "xxxxxxxiPhonexxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxxxxxxx",
    "\xef\xbf\xbd",             // U+FFFD itself
    "abc",
    "xabc",
    "abcx",
    "\nabc",
    "abc\r",
    "\xc3" "abc",               // an invalid byte before a literal
    "abc\xa9",                  // a stray continuation byte after it
};

const char* const patterns[] = {
    "",
    "abc",
    ".*abc",
    "abc.*",
    ".*abc.*",
    "(.*)abc(.*)",
    ".{0,}abc.*",
    ".*.*",
    ".*.*abc",
    "\xef\xbf\xbd",
    ".*\xef\xbf\xbd.*",
    "a\nb.*",
    ".*\r.*",
    "\xc3\xa9.*",
    ".*c\xc3\xa9",
    "a",
    "a*",
    "a+",
    "ab?",
    "a|",
    "a|b",
    ".",
    ".*",
    ".+",
    ".*iPhone.*",
    "iPhone",
    "Poly.*",
    ".*[Cc]oncert.*",
    "[Cc]oncert",
    "a.b",
    "a\\nb",
    "a[\\n\\r]b",
    "caf.",
    "caf\xc3\xa9",
    "\xc3\xa9+",
    "[\xc3\xa9\xf0\x9f\x98\x80]+",
    "\xf0\x9f\x98\x80",
    ".*\xf0\x9f\x98\x80.*",
    "[^a-z]+",
    "[^a]*",
    "[a-z]+",
    "[ -~]*",
    "[\\-a]",
    "[a-\xf4\x8f\xbf\xbf]*",
    "[\xc2\x80-\xf4\x8f\xbf\xbf]+",
    "\\p{L}+",
    "\\p{Lu}\\p{Ll}+",
    "\\P{L}*",
    "\\p{Nd}{4}-\\p{Nd}{2}-\\p{Nd}{2}",
    "[\\p{L}\\p{Nd}]+",
    "[^\\p{L}]",
    "\\p{Cf}",
    "\\p{Co}|\\p{Cn}",
    "\\p{Zs}",
    "(a|b)*abb",
    "(a|a)*b",
    "(a*)*b",
    "(a|b)*a(a|b){5}",
    "a{2,4}",
    "a{3}",
    "a{0,0}",
    "(ab){2,}",
    "(ab|a)(bc|c)",
    "((a|b)(c|d)?)*e?",
    "(x|\xc3\xa9|\xf0\x9f\x98\x80)*y?",
    "1974-05-..",
    "[0-9]+",
    ".*[0-9]{3}.*",
    "\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\\\",
    "[^\\n]*",
    "[\\t-\\r ]+",
    "nul.byte",
    ".*o.*o.*o.*",
};

TEST(QueryRegex, DfaAgreesWithNfa) {
  int checked = 0;
  for (const char* p : patterns) agree(p, subjects, &checked);
  EXPECT_EQ(checked, static_cast<int>(2 * subjects.size() * (sizeof patterns / sizeof patterns[0])));
}

// Each subject also as a prefix of a long run, so that the skip over the
// states that loop meets every alignment of its eight-byte words.
TEST(QueryRegex, DfaAgreesOnEveryAlignment) {
  std::vector<std::string> long_subjects;
  for (const std::string& s : subjects)
    for (std::size_t pad = 0; pad < 17; ++pad) {
      long_subjects.push_back(std::string(pad, 'x') + s);
      long_subjects.push_back(s + std::string(pad, 'y'));
      long_subjects.push_back(std::string(pad, '~') + s + std::string(17 - pad, '\xc3') + "\xa9");
    }
  for (const char* p : {".*iPhone.*", "iPhone", ".*[Cc]oncert.*", ".*\xf0\x9f\x98\x80.*", "[^a-z]+", ".*o.*o.*o.*",
                        ".*", "[^\\n]*", "x*iPhone", ".*b"})
    agree(p, long_subjects);
}

// A random pattern of I-Regexp's grammar over a small alphabet, nested at
// most depth deep.
std::string random_pattern(std::mt19937& g, int depth) {
  static const char* const atoms[] = {"a", "b", "c", ".", "\xc3\xa9", "\xf0\x9f\x98\x80", "\\n", "\\r", "[ab]", "[^a]",
                                      "[a-c]", "[^\\n]", "\\p{L}", "\\P{L}", "\\p{Nd}", "[\\p{Lu}0-9]", "1", " "};
  static const char* const quantifiers[] = {"", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"};
  std::string out;
  const int pieces = static_cast<int>(g() % 4);
  for (int k = 0; k < pieces; ++k) {
    if (depth > 0 && g() % 4 == 0) {
      out += "(" + random_pattern(g, depth - 1);
      if (g() % 2 == 0) out += "|" + random_pattern(g, depth - 1);
      out += ")";
    } else {
      out += atoms[g() % (sizeof atoms / sizeof atoms[0])];
    }
    out += quantifiers[g() % (sizeof quantifiers / sizeof quantifiers[0])];
  }
  if (g() % 5 == 0) out = ".*" + out + ".*";
  return out;
}

std::string random_subject(std::mt19937& g) {
  static const char* const units[] = {"a", "b", "c", "a", "b", "1", "9", " ", "A", "\n", "\r", "\xc3\xa9", "\xf0\x9f\x98\x80",
                                      "\xe6\x97\xa5", "\xff", "\x80", "\xc3", "x"};
  std::string s;
  const int n = static_cast<int>(g() % 24);
  for (int k = 0; k < n; ++k) s += units[g() % (sizeof units / sizeof units[0])];
  return s;
}

TEST(QueryRegex, RandomPatternsAgree) {
  std::mt19937 g(20261207);
  int checked = 0;
  for (int k = 0; k < 1500; ++k) {
    const std::string pattern = random_pattern(g, 2);
    std::vector<std::string> ss;
    for (int i = 0; i < 24; ++i) ss.push_back(random_subject(g));
    agree(pattern, ss, &checked);
    if (HasFailure()) break;
  }
  EXPECT_GT(checked, 50000);
}

// (a|b)*a(a|b){14} needs 2^15 states: the DFA stops at its budget, and the
// strings run partly on the NFA, going back to the DFA where a set is one of
// its states.
TEST(QueryRegex, PastTheBudget) {
  std::mt19937 g(65);
  std::vector<std::string> ss;
  for (int k = 0; k < 200; ++k) {
    std::string s;
    const int n = static_cast<int>(g() % 200);
    for (int i = 0; i < n; ++i) s += g() % 2 == 0 ? 'a' : 'b';
    ss.push_back(s);
  }
  jot::arena a;
  const q::regex* r = compile("(a|b)*a(a|b){14}", q::regex_use::match, a);
  ASSERT_NE(r, nullptr);
  EXPECT_LT(q::dfa_states(*r), 1u << 15);
  agree("(a|b)*a(a|b){14}", ss);
  agree("(a|b)*a(a|b){14}c?", ss);
  agree(".*a(a|b){14}", ss);
  agree("(\xc3\xa9|b)*\xc3\xa9(\xc3\xa9|b){9}", {"\xc3\xa9\xc3\xa9" "bbbbbbbbb", "b\xc3\xa9" "bbbbbbbbbb"});
}

// Patterns whose construction would be quadratic without the work budget:
// many instructions that consume, each followed by a long run of splits.
TEST(QueryRegex, ConstructionWithinItsBudget) {
  std::string alternatives = "(";
  for (int k = 0; k < 1200; ++k) alternatives += k == 0 ? "a" : "|a";
  alternatives += ")(|){1500}x";
  const std::vector<std::string> ss = {"", "ax", "aax", "a", "x", std::string(300, 'a'), std::string(300, 'a') + "x"};
  agree(alternatives, ss);
  agree("(a?(|){10}){300}", ss);
  agree("[a-z]{8000}", ss);
  agree("(.*a){900}", ss);
}

// Patterns that take a backtracking engine exponential time, on inputs long
// enough that it could not finish: the DFA's time is linear.
TEST(QueryRegex, NoBacktracking) {
  const std::string run(200000, 'a');
  jot::arena a;
  for (const char* p : {"(a|a)*b", "(a*)*b", "(a|aa)*b", "(a+)+b", "(.*a){20}b", "(a|b)*a(a|b){14}b"}) {
    for (const q::regex_use use : {q::regex_use::match, q::regex_use::search}) {
      const q::regex* r = compile(p, use, a);
      ASSERT_NE(r, nullptr) << p;
      EXPECT_EQ(q::run_regex(*r, run, use == q::regex_use::match, a), q::regex_outcome::no) << p;
      EXPECT_EQ(q::run_regex(*r, run + "b", use == q::regex_use::match, a), q::regex_outcome::yes) << p;
    }
  }
}

// What the DFA is for: a literal of the query gets one, a pattern from the
// document none, and the query answers the same either way.
TEST(QueryRegex, LiteralPatternsOfTheQuery) {
  jot::arena a;
  const q::regex* once = compile(".*[Ii]Phone.*", q::regex_use::once, a);
  ASSERT_NE(once, nullptr);
  EXPECT_EQ(once->automaton, nullptr);
  const q::regex* lit = compile(".*[Ii]Phone.*", q::regex_use::match, a);
  ASSERT_NE(lit, nullptr);
  ASSERT_NE(lit->automaton, nullptr);
  EXPECT_LE(q::dfa_states(*lit), 16u);  // six steps into "iPhone", before and after a first match
  // A literal between .* needs no automaton, whatever its use.
  for (const q::regex_use use : {q::regex_use::once, q::regex_use::match, q::regex_use::search}) {
    const q::regex* plain = compile(".*iPhone.*", use, a);
    ASSERT_NE(plain, nullptr);
    EXPECT_EQ(plain->automaton, nullptr);
    EXPECT_EQ(std::string_view(plain->literal.text, plain->literal.size), "iPhone");
  }

  auto doc = jot::parse(R"([{"s": "Twitter for iPhone", "p": ".*iPhone.*"},
                            {"s": "Twitter for iPad", "p": ".*iPhone.*"},
                            {"s": "iPhone\n", "p": ".*iPhone.*"}])", a);
  ASSERT_TRUE(doc);
  for (const char* text : {"$[?match(@.s, '.*iPhone.*')]", "$[?match(@.s, @.p)]"}) {
    auto query = jot::path::compile(text, a);
    ASSERT_TRUE(query);
    auto nodes = jot::path::evaluate(*query, doc->root(), a);
    ASSERT_TRUE(nodes);
    ASSERT_EQ(nodes->size(), 1u) << text;
    EXPECT_EQ((*nodes)[0].path.text(a).value_or(""), "$[0]");
  }
  for (const char* text : {"$[?search(@.s, 'iPhone')]", "$[?search(@.s, @.p)]"}) {
    auto query = jot::path::compile(text, a);
    ASSERT_TRUE(query);
    auto nodes = jot::path::evaluate(*query, doc->root(), a);
    ASSERT_TRUE(nodes);
    EXPECT_EQ(nodes->size(), 2u) << text;  // "iPhone\n" has it too
  }
}

// A buffer-only arena too small for the DFA still compiles the pattern: the
// DFA is what fits, or none, and the answers stay the NFA's.
TEST(QueryRegex, SmallArenas) {
  for (std::size_t size : {std::size_t{512}, std::size_t{1024}, std::size_t{2048}, std::size_t{4096}, std::size_t{16384}}) {
    std::vector<char> buffer(size);
    jot::arena a(buffer.data(), buffer.size());
    const q::regex* r = nullptr;
    if (q::compile_regex(".*[Cc]oncert.*", a, 8192, &r, q::regex_use::match) != q::regex_status::ok) continue;
    for (const std::string& s : subjects) {
      jot::arena scratch;
      EXPECT_EQ(q::run_regex(*r, s, true, scratch), q::run_regex_nfa(*r, s, true, scratch)) << size << " " << s;
    }
  }
}

}  // namespace
