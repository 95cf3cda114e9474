// jot/detail/ndjson_chunks.h - how NDJSON on all cores cuts its text, one
// rule for jot::parallel_documents (src/parallel.cpp) and
// jot::parallel_ndjson_reader (jot/typed_parallel.h). Not API.
//
// Chunk c is nominally bytes [c * size, (c + 1) * size) of text; it holds the
// lines that start in that range (a line starts at text's first byte or after
// an LF), so every worker finds its chunk's bounds alone, with no pass over
// the text first. A line longer than a chunk leaves the chunks it covers
// empty, each found empty within its own bytes: a long line costs one pass,
// not one per chunk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

namespace jot::detail {

// The chunks of size bytes (at least 1) that text holds.
inline std::size_t ndjson_chunk_count(std::string_view text, std::size_t size) noexcept {
  return text.size() / size + (text.size() % size != 0);
}

// The first byte of the first line that starts in chunk c (c < the chunk
// count), or nullptr when none does.
inline const char* ndjson_chunk_start(std::string_view text, std::size_t size, std::size_t c) noexcept {
  if (c == 0) return text.data();
  // The first LF in [c * size - 1, (c + 1) * size - 1): a line starting at
  // c * size itself is found through the LF just before it.
  const std::size_t from = c * size - 1;
  const void* lf = std::memchr(text.data() + from, '\n', std::min(size, text.size() - from));
  if (lf == nullptr) return nullptr;
  const char* start = static_cast<const char*>(lf) + 1;
  return start != text.data() + text.size() ? start : nullptr;
}

// The lines of chunk c of count: from its first line start to the next
// chunk's that has one (or text's end); a view with no data when no line
// starts in chunk c.
inline std::string_view ndjson_chunk_lines(std::string_view text, std::size_t size, std::size_t count,
                                           std::size_t c) noexcept {
  const char* const begin = ndjson_chunk_start(text, size, c);
  if (begin == nullptr) return {};
  const char* end = text.data() + text.size();
  for (std::size_t k = c + 1; k < count; ++k)
    if (const char* s = ndjson_chunk_start(text, size, k)) {
      end = s;
      break;
    }
  return {begin, static_cast<std::size_t>(end - begin)};
}

}  // namespace jot::detail
