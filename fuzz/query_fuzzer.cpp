// fuzz/query_fuzzer.cpp - JSONPath (jot/query.h): any bytes compile to a
// query or an error, and a query evaluates on a small fixed document.
//
// Input: an option byte (bits 0-1: max_depth 64, 3, 8 or 16; bit 2: a small
// max_nodes; bit 3: a small max_regex_size; bits 4-7: 0 for a growing arena,
// else a fixed buffer of that many KB), then the query text. Checks: an
// error has a JSONPath code (or capacity_exceeded from a fixed buffer) and
// an offset within the text; evaluation on the parsed and on the mutable
// copy of the document gives the same paths; and each node's normalized
// path, compiled as a query, is singular and selects exactly that node.
// Where evaluate_stream accepts the query, it reports the same nodes in the
// same order, with the same paths and equal values; where it refuses, the
// error is query_not_streamable at a byte of the text. The same for
// evaluate_elements, against evaluate on a fixed array read through a small
// window a few bytes at a time.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "fuzz_check.h"

namespace {

constexpr const char* document = R"({"a": [1, 2.5, -3, "x", null, true, false, [], {}],
  "b": {"c": {"d": "e\u00e9\ud83d\ude00", "": [[0]]}, "k'\n": 10},
  "s": ["ab", "a\nb", "1974-05-01", "\u0041\u0301"], "n": 9007199254740993, "m": 1e300})";

constexpr const char* array_document = R"([{"a": [1, 2.5, {"a": "x"}], "b": {"c": null}}, [1, [2, {"a": 3}]],
  "x", null, {"a": {"a": true, "k'\n": 10}, "s": ["ab", "1974-05-01"]}, 9007199254740993, [], {}, -1e300])";

// The array's text, a few bytes per read.
struct trickle {
  std::string_view text;
  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    const std::size_t n = std::min({size, text.size(), std::size_t{5}});
    std::memcpy(buffer, text.data(), n);
    text.remove_prefix(n);
    return n;
  }
};

bool query_code(jot::error_code c) {
  return c == jot::error_code::query_syntax || c == jot::error_code::query_type ||
         c == jot::error_code::query_limit;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t opt = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  jot::path::options o;
  static constexpr std::uint32_t depths[4] = {64, 3, 8, 16};
  o.max_depth = depths[opt & 3];
  if ((opt & 4) != 0) o.max_nodes = 7;
  if ((opt & 8) != 0) o.max_regex_size = 16;
  const std::size_t kb = opt >> 4;

  jot::arena doc_arena;
  auto doc = jot::parse(document, doc_arena);
  FUZZ_CHECK(doc.ok());
  jot::mutable_document m(doc_arena);
  FUZZ_CHECK(m.set_root(doc->root()).ok());

  // Exactly the buffer's bytes on the heap, so ASan sees any access past it.
  std::unique_ptr<char[]> buffer(new char[kb * 1024 + 1]);
  std::unique_ptr<jot::arena> arena(kb == 0 ? new jot::arena() : new jot::arena(buffer.get(), kb * 1024));
  jot::arena& a = *arena;

  auto q = jot::path::compile(text, a, o);
  if (!q) {
    const jot::error& e = q.error();
    FUZZ_CHECK(query_code(e.code) || (kb != 0 && e.code == jot::error_code::capacity_exceeded));
    FUZZ_CHECK(e.offset <= text.size());
    FUZZ_CHECK(e.message != nullptr && e.message[0] != '\0');
    return 0;
  }
  auto nodes = jot::path::evaluate(*q, doc->root(), a);
  auto mut_nodes = jot::path::evaluate(*q, m.root(), a);
  if (!nodes || !mut_nodes) {
    for (const jot::error& e : {nodes.error(), mut_nodes.error()})
      FUZZ_CHECK(e.ok() || e.code == jot::error_code::query_limit ||
                 (kb != 0 && e.code == jot::error_code::capacity_exceeded));
    if (kb == 0) FUZZ_CHECK(nodes.ok() == mut_nodes.ok());
    return 0;
  }
  FUZZ_CHECK(nodes->size() == mut_nodes->size());
  if (q->singular()) FUZZ_CHECK(nodes->size() <= 1);

  // One pass without a DOM: the same nodelist, or a refusal.
  jot::arena check;  // growing: the checks must not fail for memory
  if (const jot::result<void> supported = jot::path::stream_supported(*q); !supported) {
    const jot::error& refused = supported.error();
    FUZZ_CHECK(refused.code == jot::error_code::query_not_streamable && refused.offset < text.size());
    FUZZ_CHECK(refused.message != nullptr && refused.message[0] != '\0');
  } else {
    std::size_t seen = 0;
    bool same = true;
    const auto done = jot::path::evaluate_stream(*q, document, [&](const jot::path::stream_node& s) noexcept {
      if (seen >= nodes->size()) return same = false;
      const jot::path::node& n = (*nodes)[seen++];
      auto stream_path = s.path.text(check);
      auto dom_path = n.path.text(check);
      auto value = jot::parse(s.text, check);
      same = same && stream_path.ok() && dom_path.ok() && *stream_path == *dom_path && value.ok() &&
             value->root() == n.value;
      return same;
    }, a);
    FUZZ_CHECK(same);
    FUZZ_CHECK(done || (kb != 0 && done.error().code == jot::error_code::capacity_exceeded));
    if (done) FUZZ_CHECK(seen == nodes->size());
  }

  // An element at a time over an array: the DOM's nodelist, or a refusal.
  auto array = jot::parse(array_document, doc_arena);
  FUZZ_CHECK(array.ok());
  if (const jot::result<void> supported = jot::path::elements_supported(*q); !supported) {
    const jot::error& refused = supported.error();
    FUZZ_CHECK(refused.code == jot::error_code::query_not_streamable && refused.offset < text.size());
    FUZZ_CHECK(refused.message != nullptr && refused.message[0] != '\0');
  } else if (auto whole = jot::path::evaluate(*q, array->root(), check); whole.ok()) {
    char window[256];  // the largest element fits
    jot::arena element_arena;
    trickle in{array_document};
    jot::stream_reader r(jot::source::of(in), {window, sizeof window}, element_arena, {.array_elements = true});
    std::size_t seen = 0;
    bool same = true;
    const jot::result<void> done = jot::path::evaluate_elements(*q, r, [&](const jot::path::node& n) noexcept {
      if (seen >= whole->size()) return same = false;
      const jot::path::node& w = (*whole)[seen++];
      auto element_path = n.path.text(check);
      auto dom_path = w.path.text(check);
      same = same && element_path.ok() && dom_path.ok() && *element_path == *dom_path && n.value == w.value;
      return same;
    }, a);
    FUZZ_CHECK(same);
    FUZZ_CHECK(done || (kb != 0 && done.error().code == jot::error_code::capacity_exceeded));
    if (done) FUZZ_CHECK(seen == whole->size());
  }

  // Paths: the same on both documents, and each one finds its node again.
  for (std::size_t i = 0; i < nodes->size(); ++i) {
    const jot::path::node& n = (*nodes)[i];
    auto text_path = n.path.text(check);
    auto mut_path = (*mut_nodes)[i].path.text(check);
    FUZZ_CHECK(text_path.ok() && mut_path.ok() && *text_path == *mut_path);
    FUZZ_CHECK((*mut_nodes)[i].value == n.value);
    auto again = jot::path::compile(*text_path, check);
    FUZZ_CHECK(again.ok() && again->singular());
    auto found = jot::path::evaluate(*again, doc->root(), check);
    FUZZ_CHECK(found.ok() && found->size() == 1);
    FUZZ_CHECK((*found)[0].value.node() == n.value.node());
  }
  return 0;
}
