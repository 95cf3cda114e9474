// jot/stream.h - documents read from a stream larger than memory, through a
// fixed window: NDJSON, concatenated JSON, RFC 7464 sequences, or the
// elements of one huge top-level array.
//
//   char window[1 << 20];                              // the bytes in memory at once
//   alignas(16) char dom[64 * 1024];
//   jot::arena a(dom, sizeof dom, jot::malloc_allocator());   // reset before each document
//   jot::stream_reader r(jot::file_source(stdin), {window, sizeof window}, a,
//                        {.format = jot::document_format::ndjson});
//   while (r.next()) {
//     jot::result<jot::document>& d = r.current();
//     if (!d) { report(r.index(), d.error()); break; }    // offset, line, column in the stream
//     use(d->root());                                     // valid until the next step
//   }
//
// Each step resets the arena and parses the next document (or array element)
// from the window, with the same parser as parse() and documents. The window
// holds the current document and what was read after it; between steps the
// unread tail moves to the window's start and the source refills the rest.
// Peak memory is the window plus the arena's largest document, whatever the
// stream's length. With stream_options::parse = false a step only finds the
// document's bytes (source()), for jot::read to decode straight into a struct;
// locate() then places the decoder's errors in the stream. docs/streams.md
// gives every rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "jot/arena.h"
#include "jot/documents.h"
#include "jot/error.h"
#include "jot/options.h"
#include "jot/parse.h"

namespace jot {

// Where input comes from: a callback that fills a buffer. read(context,
// buffer, size) stores up to size (> 0) bytes at buffer and returns how many,
// 0 at the end of the input, or an error (io_error, say); after an error or
// the end it is not called again.
struct source {
  void* context = nullptr;  // passed back to read
  result<std::size_t> (*read)(void* context, char* buffer, std::size_t size) noexcept = nullptr;

  // Adapts an object with a `result<std::size_t> read(char*, std::size_t)
  // noexcept` member; the object must outlive every read that uses it.
  template <class S>
  static source of(S& object) noexcept {
    source s;
    s.context = &object;
    s.read = [](void* c, char* buffer, std::size_t size) noexcept -> result<std::size_t> {
      return static_cast<S*>(c)->read(buffer, size);
    };
    return s;
  }
};

// Reads from f with std::fread; a read error (std::ferror) is io_error. Does
// not close f.
source file_source(std::FILE* f) noexcept;

// Reads from the POSIX file descriptor fd with read(2), retrying after EINTR;
// any other error is io_error (errno then says why). Does not close fd. On a
// platform without POSIX read(2), fails on use.
source fd_source(int fd) noexcept;

// The window: the memory that holds the stream's bytes. A document must fit
// in it whole, so it bounds the largest document.
struct stream_window {
  char* buffer = nullptr;  // the caller's window, or nullptr to allocate one from upstream
  std::size_t size = 0;    // bytes of buffer (or of the first window from upstream); 0 fails
  allocator upstream{};    // grows the window when a document needs more; absent: never grows
  std::size_t max_size = 0;  // with upstream: the largest window ever allocated (0: size)
};

// How a stream is read.
struct stream_options {
  document_format format = document_format::ndjson;  // how documents are separated
  bool array_elements = false;  // the stream is one JSON array whose elements are the documents
                                // (format is then ignored)
  bool continue_after_error = false;  // after a bad document, go on at the next line (ndjson)
                                      // or record (json_seq); the others always stop
  bool parse = true;  // false: a step only finds the next document's bytes (source()) for
                      // jot::read or jot::visit, builds no document and leaves the arena
                      // empty; ndjson lines and json_seq records are then not checked (the
                      // decoder does it), concatenated documents and array elements are
                      // (the scan that finds their end validates them with jot::visit's
                      // rules; with comments, trailing commas or keep_number_text they
                      // are parsed as with parse = true)
};

}  // namespace jot

#include "jot/detail/multi/stream_state.h"  // stream_reader's state (not API), which holds the types above

namespace jot {

// Reads documents from a source through a window. Each step resets the arena
// and parses the next document into it. Not copyable: it holds the window.
// One stream_reader per thread; a parser may be shared.
class stream_reader {
 public:
  // Reads src with a default parser (strict options, the best kernel).
  stream_reader(jot::source src, const stream_window& window, arena& a JOT_LIFETIMEBOUND,
                const stream_options& options = {}) noexcept;
  // Reads src with p's parse options and kernel. A leading UTF-8 byte order
  // mark is skipped when p allows one; p's allow_trailing_content is ignored.
  stream_reader(const parser& p, jot::source src, const stream_window& window,
                arena& a JOT_LIFETIMEBOUND, const stream_options& options = {}) noexcept;

  stream_reader(const stream_reader&) = delete;
  stream_reader& operator=(const stream_reader&) = delete;

  // Resets the arena and parses the next document (moving the window and
  // reading the source as needed). Returns false when none is left: at the
  // end of the stream, or after a failed document unless the format
  // resynchronises and continue_after_error is set.
  bool next() noexcept;

  // The current document or its error (offset, line and column in the whole
  // stream). Valid until the next step; requires a next() that returned true.
  // Strings without escapes point into the window: valid until the next step.
  // With parse = false, a document found is an empty one (root() absent).
  result<document>& current() noexcept JOT_LIFETIMEBOUND { return state_.current_; }
  // e, an error located in source() (what jot::read or jot::visit of source()
  // returned), located in the stream instead: offset, line and column as the
  // reader's own errors say them. Requires a step that yielded a source().
  error locate(error e) noexcept;
  // 0-based index of the current document (or array element), bad ones included.
  std::size_t index() const noexcept { return state_.index_ - 1; }
  // The bytes the current document was parsed from, as documents::source()
  // says (an array element: its text and the whitespace around it, without
  // the commas). Points into the window: valid until the next step. Feed it
  // to jot::read to decode the element into a struct.
  std::string_view source() const noexcept { return state_.source_; }
  // Offset in the stream of source()'s first byte.
  std::uint64_t source_offset() const noexcept { return state_.source_offset_; }
  // Documents read so far, bad ones included.
  std::size_t count() const noexcept { return state_.index_; }
  // Bad documents read so far.
  std::size_t error_count() const noexcept { return state_.errors_; }
  // Bytes taken from the source so far.
  std::uint64_t bytes_read() const noexcept { return state_.base_ + state_.end_; }
  // The window's current size (grows only with an upstream allocator).
  std::size_t window_size() const noexcept { return state_.cap_; }
  // The options the reader was opened with.
  const stream_options& options() const noexcept { return state_.options_; }

 private:
  friend struct detail::stream_access;
  detail::stream_state state_;
};

}  // namespace jot
