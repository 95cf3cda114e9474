// tests/support/query_random.h - random JSON texts and JSONPath segments for the
// suites that check a way of evaluating against evaluate on the DOM
// (query_stream_test.cpp, query_elements_test.cpp): nested values with
// escaped and duplicate keys and blanks between tokens, and segments of
// every kind the evaluators distinguish.
#pragma once

#include <random>
#include <string>

namespace jot_test {

struct random_query_text {
  std::mt19937 rng;

  explicit random_query_text(unsigned seed) : rng(seed) {}

  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }

  std::string blank() {
    static const char* const blanks[] = {"", " ", "\n ", "\t"};
    return blanks[pick(4)];
  }

  // A value nested depth levels down: scalars, arrays and objects whose keys
  // repeat ("a" also as "\u0061") and need decoding.
  std::string value(int depth = 0) {
    static const char* const keys[] = {"a", "b", "a", "\\u0061", "k\\n", "", "\\\"", "\\u00e9"};
    switch (depth > 4 ? pick(5) : pick(8)) {
      case 0: return std::to_string(pick(100) - 50);
      case 1: return "\"s" + std::to_string(pick(9)) + "\\u0041\"";
      case 2: return pick(2) ? "true" : "null";
      case 3: return "-1.5e2";
      case 4: return "false";
      case 5:
      case 6: return array(depth, pick(5));
      default: {
        std::string out = "{" + blank();
        for (int n = pick(5), i = 0; i < n; ++i)
          out += (i ? "," + blank() : "") + "\"" + keys[pick(8)] + "\"" + blank() + ":" + blank() +
                 value(depth + 1) + blank();
        return out + "}";
      }
    }
  }

  // An array of n random values.
  std::string array(int depth, int n) {
    std::string out = "[" + blank();
    for (int i = 0; i < n; ++i) out += (i ? "," + blank() : "") + value(depth + 1) + blank();
    return out + "]";
  }

  // A child segment of one name, wildcard, index >= 0 or slice with bounds
  // and step >= 0, or of increasing indexes: what one pass decides.
  std::string child_segment() {
    static const char* const names[] = {"'a'", "'b'", "'k\\n'", "''", "'\"'", "'\u00e9'"};
    switch (pick(8)) {
      case 0: return std::string("[") + names[pick(6)] + "]";
      case 1: return pick(2) ? ".a" : ".b";
      case 2: return pick(2) ? ".*" : "[*]";
      case 3: return "[" + std::to_string(pick(4)) + "]";
      case 4: return "[" + std::to_string(pick(3)) + ":" + std::to_string(pick(5)) + "]";
      case 5: return "[" + std::to_string(pick(2)) + "::" + std::to_string(pick(3)) + "]";
      case 6: return "[" + std::to_string(pick(2)) + "," + std::to_string(2 + pick(3)) + "]";
      default: return "[:" + std::to_string(pick(4)) + ":2]";
    }
  }

  // A filter selector's text, testing @ only: comparisons, existence,
  // functions, descendants inside.
  std::string filter() {
    static const char* const tests[] = {
        "?@.a",          "?@.b",           "?!@.a",         "?@.a == 1",        "?@.a > 0",
        "?@ == 's3A'",   "?@[0]",          "?length(@) > 1", "?count(@.*) > 2", "?@..a",
        "?match(@, 's[0-4]A')", "?@.a || @.b", "?@.a.a",   "?value(@..b) == null", "?@ < 0",
        "?@.a == @.b",   "?@[0] == true",  "?search(@.b, 'A')",
    };
    return tests[pick(static_cast<int>(sizeof tests / sizeof tests[0]))];
  }

  // Any segment: what one pass decides, filters, descendants, negative
  // indexes and steps, lists of selectors.
  std::string any_segment() {
    switch (pick(10)) {
      case 0: return "[" + filter() + "]";
      case 1: return pick(2) ? "..a" : "..*";
      case 2: return "..[" + std::to_string(pick(2)) + "]";
      case 3: return "[-" + std::to_string(1 + pick(2)) + "]";
      case 4: return "[::-1]";
      case 5: return "['b','a']";
      case 6: return "[1,0]";
      default: return child_segment();
    }
  }
};

}  // namespace jot_test
