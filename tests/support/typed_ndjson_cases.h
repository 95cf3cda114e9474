// tests/support/typed_ndjson_cases.h - what the typed NDJSON suites
// (typed_ndjson_test.cpp, typed_parallel_test.cpp,
// typed_parallel_stream_test.cpp) share: how they compare results, the rows they
// read, and random NDJSON of those rows: valid lines (one with an unknown
// member), CRLF and blank lines, then up to two random edits (a line feed
// inserted or turned into a space, a byte deleted, a separator or bracket
// inserted), so that the text is now and then bad in every way an NDJSON
// reader must report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "jot/typed.h"
#include "test_data.h"

namespace jot_test {

// An error and its path as one comparable string: code, offset, line, column, path.
inline std::string describe_error(const jot::error& e, std::string_view path) {
  return std::string(jot::error_code_name(e.code)) + " at " + std::to_string(e.offset) + " (" +
         std::to_string(e.line) + ":" + std::to_string(e.column) + ") path '" + std::string(path) + "'";
}

// A read's outcome as one comparable string: the error, or the number of values read.
inline std::string describe_read(const jot::read_result& r, std::size_t values) {
  if (r) return "ok, " + std::to_string(values) + " values";
  return describe_error(r.error(), r.error().path());
}

// A row with owning members.
struct ndjson_row {
  std::int64_t id = 0;
  std::string name;
  std::optional<double> score;
  std::vector<int> tags;
  bool operator==(const ndjson_row&) const = default;
};

// A row of views: name points into the text, or into the arena when escaped.
struct ndjson_view_row {
  std::string_view name;
  std::int32_t n = 0;
  bool operator==(const ndjson_view_row&) const = default;
};

// A row of the corpus file amazon_cellphones.ndjson, as the benchmark reads it.
using product = std::tuple<std::string, std::string, std::string, std::string, std::string, double,
                           std::string, std::int64_t, std::string>;

// Loads the corpus file's rows (its lines after the header) into text; false
// when the file is not in dir.
inline bool load_product_rows(const std::string& dir, std::string& text) {
  if (!read_file(dir + "/corpus/amazon_cellphones.ndjson", text)) return false;
  text.erase(0, text.find('\n') + 1);
  return true;
}

// A text of up to max_lines lines, edited as above.
inline std::string mutated_ndjson(std::mt19937& rng, int max_lines) {
  static const char* const lines[] = {
      "{\"id\":1,\"name\":\"a\",\"score\":1.5,\"tags\":[1,2,3]}",
      "{\"id\":22,\"name\":\"\\\"q\\\"\",\"tags\":[]}",
      "{ \"name\" : \"sp aces\" , \"id\" : 3 , \"tags\" : [ 4 ] }",
      "{\"id\":4,\"name\":\"x\",\"tags\":[5],\"extra\":{\"a\":[1,{\"b\":null}]}}",
  };
  static const char* const inserts[] = {"\n", "\r\n", " ", "\n\n", "x", ",", "]", "}", "{", "\"", "1"};
  std::string text;
  const int n = static_cast<int>(rng() % static_cast<unsigned>(max_lines + 1));
  for (int i = 0; i < n; ++i) {
    text += lines[rng() % 4];
    text += rng() % 5 == 0 ? "\r\n" : "\n";
    if (rng() % 7 == 0) text += "\n";
  }
  const int edits = static_cast<int>(rng() % 3);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = rng() % text.size();
    switch (rng() % 3) {
      case 0: text.insert(at, inserts[rng() % std::size(inserts)]); break;
      case 1: text.erase(at, 1); break;
      default: if (text[at] == '\n') text[at] = ' '; else text.insert(at, "\n");
    }
  }
  return text;
}

}  // namespace jot_test
