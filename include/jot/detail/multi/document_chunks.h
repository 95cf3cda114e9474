// jot/detail/multi/document_chunks.h - how many documents on all cores cut their
// text, one rule for jot::parallel_documents (src/multi/parallel.cpp) and
// jot::parallel_ndjson_reader (jot/typed_parallel.h). Not API.
//
// Chunk c is nominally bytes [c * size, (c + 1) * size) of text; it holds the
// documents that start in that range: an NDJSON line starts at text's first
// byte or after an LF, a JSON text sequence record at an RS (and the text's
// first byte, where documents reports anything before the first RS). So
// every worker finds its chunk's bounds alone, with no pass over the text
// first. A document longer than a chunk leaves the chunks it covers empty,
// each found empty within its own bytes: a long document costs one pass,
// not one per chunk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

namespace jot::detail {

// The byte that marks where documents start.
struct chunk_marks {
  char byte;          // LF or RS
  bool starts_after;  // a document starts after the byte (LF), else at it (RS)
};
inline constexpr chunk_marks ndjson_marks{'\n', true};
inline constexpr chunk_marks json_seq_marks{'\x1e', false};

// The chunks of size bytes (at least 1) that text holds.
inline std::size_t chunk_count(std::string_view text, std::size_t size) noexcept {
  return text.size() / size + (text.size() % size != 0);
}

// The first byte of the first document that starts in chunk c (c < the chunk
// count), or nullptr when none does.
inline const char* chunk_start(std::string_view text, std::size_t size, std::size_t c,
                               chunk_marks marks = ndjson_marks) noexcept {
  if (c == 0) return text.data();
  // The first mark in [c * size - 1, (c + 1) * size - 1) for LF, so that a
  // line starting at c * size itself is found through the LF just before it;
  // in [c * size, (c + 1) * size) for RS.
  const std::size_t from = c * size - (marks.starts_after ? 1 : 0);
  const void* m = std::memchr(text.data() + from, marks.byte, std::min(size, text.size() - from));
  if (m == nullptr) return nullptr;
  const char* start = static_cast<const char*>(m) + (marks.starts_after ? 1 : 0);
  return start != text.data() + text.size() ? start : nullptr;
}

// The documents of chunk c of count: from its first document's start to the
// next chunk's that has one (or text's end); a view with no data when no
// document starts in chunk c.
inline std::string_view chunk_documents(std::string_view text, std::size_t size, std::size_t count,
                                        std::size_t c, chunk_marks marks = ndjson_marks) noexcept {
  const char* const begin = chunk_start(text, size, c, marks);
  if (begin == nullptr) return {};
  const char* end = text.data() + text.size();
  for (std::size_t k = c + 1; k < count; ++k)
    if (const char* s = chunk_start(text, size, k, marks)) {
      end = s;
      break;
    }
  return {begin, static_cast<std::size_t>(end - begin)};
}

}  // namespace jot::detail
