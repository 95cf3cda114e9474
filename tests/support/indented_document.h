// tests/support/indented_document.h - random indented JSON for the tests of the
// whitespace guess (scanner::skip_spaces_guessed): the DOM parser's kernels
// and the typed reader's validating skip.
#pragma once

#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace jot_test {

// An indented document whose whitespace runs after ',' and '[' / '{' take
// a few lengths per depth (0 to 80 bytes, across every register width), so
// that skip_spaces_guessed meets right and wrong guesses, runs at the end
// of the input, and with bad != 0, one run holding a byte that is not
// whitespace at a random place.
inline std::string indented_document(std::mt19937& rng, char bad) {
  std::string text;
  const auto run = [&](int depth) {
    static const int lengths[] = {0, 1, 2, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 80};
    const int n = lengths[(depth * 3 + static_cast<int>(rng() % 2)) % std::size(lengths)];
    std::string r = rng() % 2 ? "\n" : (rng() % 2 ? "\r\n" : "");
    for (int i = static_cast<int>(r.size()); i < n; ++i) r += rng() % 8 == 0 ? '\t' : ' ';
    text += r;
  };
  const auto value = [&](auto& self, int depth) -> void {
    const unsigned pick = depth >= 5 ? rng() % 3 : rng() % 5;
    if (pick == 0) text += std::to_string(rng() % 1000);
    else if (pick == 1) text += "\"s\"";
    else if (pick == 2) text += "true";
    else {
      const bool object = pick == 3;
      text += object ? '{' : '[';
      const int n = static_cast<int>(rng() % 5);
      for (int i = 0; i < n; ++i) {
        if (i > 0) text += ',';
        run(depth + 1);
        if (object) text += "\"k" + std::to_string(i) + "\": ";
        self(self, depth + 1);
      }
      run(depth);
      text += object ? '}' : ']';
    }
  };
  value(value, 0);
  if (bad != 0) {
    // Replace one whitespace byte, if any, by the bad byte.
    std::vector<std::size_t> spaces;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == ' ' || text[i] == '\t') spaces.push_back(i);
    if (!spaces.empty()) text[spaces[rng() % spaces.size()]] = bad;
  }
  return text;
}

// The i-th case of a test: one run in three holds a stray byte ('x' or a
// control), and one document in five is cut short at a random byte.
inline std::string indented_case(std::mt19937& rng, int i) {
  const char bad = i % 3 == 0 ? (i % 2 ? 'x' : '\x01') : 0;
  std::string text = indented_document(rng, bad);
  if (i % 5 == 4) text.resize(rng() % (text.size() + 1));
  return text;
}

}  // namespace jot_test
