// fuzz/typed_ndjson_fuzzer.cpp - jot::read_ndjson of arbitrary bytes into
// rows of a struct.
//
// Input: one option byte (typed_options.h, as typed_fuzzer reads it), then
// the text.
// The oracle is the slow way: jot::documents (parse = false) splits the lines
// and jot::read decodes each, into an arena of the same size. Checks that
// read_ndjson gives the same rows, or the same error (code, offset, line,
// column) with the document's index before its path, with out ending at the
// failing document, and leaves the same arena memory free: its fast path
// (one reader over the whole text, lines checked afterwards) and its hand-over
// to the exact path must be invisible. Then jot::parallel_ndjson_reader
// (chunks of 1 to 13 bytes, two workers run one after the other, growing
// arenas) must give what read_ndjson gives with a growing arena, and so must
// jot::parallel_ndjson_stream reading the text from a source a few bytes at
// a time through a small window that grows (values handed over in order,
// each compared during its on_value call, the failing document not among
// them).
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_check.h"
#include "jot/documents.h"
#include "jot/typed.h"
#include "jot/typed_parallel.h"
#include "typed_options.h"

namespace {

// A source over the text that hands out at most chunk bytes per read.
struct text_source {
  std::string_view text;
  std::size_t chunk;
  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    const std::size_t n = std::min({size, chunk, text.size()});
    std::memcpy(buffer, text.data(), n);
    text.remove_prefix(n);
    return n;
  }
};

struct item_t {
  std::uint16_t w = 0;
  std::optional<std::string_view> tag;
  bool operator==(const item_t&) const = default;
};
struct row_t {
  std::string id;
  std::optional<std::int64_t> n;
  std::optional<double> price;
  std::vector<item_t> items;
  std::optional<std::map<std::string, bool>> flags;
  std::variant<std::monostate, std::uint64_t, std::string, std::vector<int>> any;
  std::optional<jot::raw_json> ext;
  bool operator==(const row_t&) const = default;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t flags = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const jot::read_options o = jot_fuzz::read_options_from(flags);
  const std::size_t arena_size = jot_fuzz::arena_size_from(flags);
  static char fast_buffer[1 << 16];
  static char line_buffer[1 << 16];

  // The slow way.
  jot::arena line_arena(line_buffer, arena_size);
  jot::arena none(nullptr, 0);
  jot::documents docs(text, none, {.format = jot::document_format::ndjson, .parse = false});
  std::vector<row_t> want;
  jot::read_result want_result = std::size_t{0};
  std::string want_path;
  jot::error want_error{};
  while (docs.next()) {
    FUZZ_CHECK(docs.current().ok());  // parse = false: NDJSON lines are only split
    want.emplace_back();
    want_result = jot::read(docs.source(), want.back(), line_arena, o);
    if (!want_result) {
      want_error = docs.locate(want_result.error());
      want_path = "/" + std::to_string(docs.index()) + std::string(want_result.error().path());
      break;
    }
  }

  jot::arena fast_arena(fast_buffer, arena_size);
  std::vector<row_t> got(3);  // reused or erased
  const jot::read_result r = jot::read_ndjson(text, got, fast_arena, o);
  FUZZ_CHECK(r.ok() == want_result.ok());
  FUZZ_CHECK(got.size() == want.size());
  if (r) {
    FUZZ_CHECK(got == want);
  } else {
    jot_fuzz::check_position(r.error(), text);
    FUZZ_CHECK(r.error().code == want_error.code);
    FUZZ_CHECK(r.error().offset == want_error.offset);
    FUZZ_CHECK(r.error().line == want_error.line);
    FUZZ_CHECK(r.error().column == want_error.column);
    if (!r.error().path_truncated() && want_path.size() <= jot::read_error::max_path) FUZZ_CHECK(r.error().path() == want_path);
    // The rows before the failing one are complete.
    for (std::size_t i = 0; i + 1 < got.size(); ++i) FUZZ_CHECK(got[i] == want[i]);
  }
  FUZZ_CHECK(fast_arena.available() == line_arena.available());

  // In chunks: the same rows, or the same error, as one reader gives.
  jot::arena one_arena;
  std::vector<row_t> one;
  const jot::read_result s = jot::read_ndjson(text, one, one_arena, o);
  jot::arena arenas[2];
  std::vector<row_t> chunked(5);  // reused, then resized
  jot::parallel_ndjson_reader<std::vector<row_t>> job(text, chunked, arenas,
                                                      {.read = o, .chunk_size = 1 + text.size() % 13});
  job.work(1);
  job.work(0);
  const jot::read_result p = job.finish();
  FUZZ_CHECK(p.ok() == s.ok());
  FUZZ_CHECK(chunked.size() == one.size());
  if (p) {
    FUZZ_CHECK(chunked == one);
  } else {
    FUZZ_CHECK(p.error().code == s.error().code);
    FUZZ_CHECK(p.error().offset == s.error().offset);
    FUZZ_CHECK(p.error().line == s.error().line);
    FUZZ_CHECK(p.error().column == s.error().column);
    FUZZ_CHECK(p.error().path() == s.error().path());
    for (std::size_t i = 0; i + 1 < chunked.size(); ++i) FUZZ_CHECK(chunked[i] == one[i]);
  }

  // From a stream: read_ndjson's values in order, and its error located in the stream.
  text_source source{text, 1 + text.size() % 7};
  std::vector<row_t> block(2);
  std::size_t streamed = 0;
  auto on_value = [&](std::size_t index, row_t& value) {
    FUZZ_CHECK(index == streamed);
    // Compared here: a value's views into the window and the arenas are
    // valid only during this call (a copy kept for later read freed memory
    // once the window grew).
    FUZZ_CHECK(index < one.size() && value == one[index]);
    ++streamed;
  };
  jot::arena stream_arenas[2];
  jot::parallel_ndjson_stream stream(jot::source::of(source),
                                     {nullptr, 8 + text.size() % 29, jot::malloc_allocator(), text.size() + 64},
                                     block, stream_arenas, {.read = o, .chunk_size = 1 + text.size() % 11}, on_value);
  stream.work(0);
  stream.work(1);  // after the end: returns at once
  const jot::read_result& q = stream.result();
  FUZZ_CHECK(q.ok() == s.ok());
  FUZZ_CHECK(stream.count() == streamed);
  FUZZ_CHECK(streamed == one.size() - (s ? 0 : 1));
  if (!q) {
    FUZZ_CHECK(q.error().code == s.error().code);
    FUZZ_CHECK(q.error().offset == s.error().offset);
    FUZZ_CHECK(q.error().line == s.error().line);
    FUZZ_CHECK(q.error().column == s.error().column);
    FUZZ_CHECK(q.error().path() == s.error().path());
  }
  return 0;
}
