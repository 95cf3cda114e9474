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

template <class Sequence, class F>
class parallel_ndjson_stream;  // jot/typed_parallel.h
template <class T>
class typed_stream_reader;  // jot/typed_stream.h

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
  ~stream_reader();

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
  result<document>& current() noexcept JOT_LIFETIMEBOUND { return current_; }
  // e, an error located in source() (what jot::read or jot::visit of source()
  // returned), located in the stream instead: offset, line and column as the
  // reader's own errors say them. Requires a step that yielded a source().
  error locate(error e) noexcept;
  // 0-based index of the current document (or array element), bad ones included.
  std::size_t index() const noexcept { return index_ - 1; }
  // The bytes the current document was parsed from, as documents::source()
  // says (an array element: its text and the whitespace around it, without
  // the commas). Points into the window: valid until the next step. Feed it
  // to jot::read to decode the element into a struct.
  std::string_view source() const noexcept { return source_; }
  // Offset in the stream of source()'s first byte.
  std::uint64_t source_offset() const noexcept { return source_offset_; }
  // Documents read so far, bad ones included.
  std::size_t count() const noexcept { return index_; }
  // Bad documents read so far.
  std::size_t error_count() const noexcept { return errors_; }
  // Bytes taken from the source so far.
  std::uint64_t bytes_read() const noexcept { return base_ + end_; }
  // The window's current size (grows only with an upstream allocator).
  std::size_t window_size() const noexcept { return cap_; }
  // The options the reader was opened with.
  const stream_options& options() const noexcept { return options_; }

 private:
  // Where array_elements is: before '[', after '[', after an element, after ']'.
  enum class array_state : std::uint8_t { before, first, after_element, after_end };
  // What fill() did.
  enum class more : std::uint8_t { read, full, failed };

  // Parses size bytes into the arena as the current document (on success;
  // with parse = false, only finds and checks its end), else returns the
  // error, its offset relative to bytes. Sets consumed_ on success.
  error parse(const char* bytes, std::size_t size) noexcept;

  // Moves the unread bytes to the window's start, grows a full window when
  // allowed, then reads the source once (until the window is full when
  // until_full). Returns full when no byte could be added, failed (with the
  // current document failed and the iteration over) when the window could
  // not be allocated. A read failure reads as the end (eof_) until a step
  // needs bytes past it: that step fails with it.
  more fill(bool until_full) noexcept;
  // Replaces the window by a larger one from upstream holding its unread bytes.
  error_code grow(std::size_t at_least) noexcept;
  // NDJSON and RFC 7464: the bytes up to the next delimiter are one piece.
  bool next_delimited(char delimiter) noexcept;
  // Parses the piece [from, to) of the window; false when it holds no document.
  bool piece(std::size_t from, std::size_t to, bool delimited) noexcept;
  // A piece longer than the window: reads on to its delimiter, dropping the
  // bytes, then fails with capacity_exceeded naming its size.
  bool skip_oversize(char delimiter) noexcept;
  bool next_concatenated() noexcept;
  bool next_element() noexcept;
  // next_element's general step, every case the one below leaves: out of
  // line, so that its registers are not saved for the common step.
  bool next_element_general() noexcept;
  // next_element's common step: ',' and then an element that parses and ends
  // inside the window, in one parse without the general step's calls, which
  // for a small element would cost more than parsing it. False, with nothing
  // consumed, for anything else: the general step then reads it.
  bool next_element_in_window() noexcept;
  // Parses a prefix at pos_, refilling until the outcome cannot change;
  // returns it (offset relative to pos_). failed_io: a read failed instead.
  error parse_prefix(bool& failed_io) noexcept;
  // Skips whitespace at pos_; false at the end of the stream or when a read
  // failed (done_ then says so).
  bool skip_space() noexcept;
  // Skips whitespace and comments at pos_ as the parser skips them between
  // an array's tokens: a comment where the parser allows none fails with
  // comment_not_allowed, as jot::parse says it. False at the end of the
  // stream or when the step failed (done_ then says so).
  bool skip_blank() noexcept;
  // Skips the comment that starts at pos_, refilling until its end is in
  // the window (a comment must fit in it); false when the step failed.
  bool skip_comment() noexcept;
  // Fails with trailing_comma at the comma (a stream offset) whose element
  // turned out to be the array's ']', as jot::parse reports it.
  bool fail_trailing_comma(std::uint64_t comma) noexcept;
  // Counts lines up to stream offset at, which is in the window and not
  // before the previous call's.
  void count_lines(std::uint64_t at) noexcept;
  // Sets e's offset (now relative to the window), line and column in the stream.
  void locate_in_window(error& e) noexcept;

  // Decodes the document or element at the start of bytes (size of them) in
  // place of parse = false's validating scan: returns the error (offset
  // relative to bytes) and, on success, sets consumed to the document and the
  // whitespace after it, as the scan does.
  using prefix_decoder = error (*)(void* context, const char* bytes, std::size_t size,
                                   std::size_t& consumed) noexcept;
  prefix_decoder decode_ = nullptr;  // set by typed_stream_reader (jot/typed_stream.h)
  void* decode_context_ = nullptr;
  template <class>
  friend class typed_stream_reader;

  friend class parallel_stream;  // reads the stream a block at a time (jot/parallel.h)
  template <class, class>
  friend class parallel_ndjson_stream;  // the same into the caller's types (jot/typed_parallel.h)
  // The first step's start: reads the first bytes and skips a byte order
  // mark when allowed. False when the window could not be had (the current
  // document then fails).
  bool start() noexcept;
  // parallel_stream's step, NDJSON and RFC 7464 only: reads until the window
  // is full or the stream ends, then sets block to the window's whole
  // documents (lines, or records from an RS up to the next; the text before
  // the first RS included) that were not yet given, and moves past them.
  // When the window holds no whole document and can grow no more, takes one
  // step of next() instead (the document fails as too large, or a blank
  // piece is skipped and the next document read) and leaves block empty:
  // current() then holds the step's document. False at the end of the stream.
  bool next_block(std::string_view& block) noexcept;
  // Records e (offset relative to the window) as the current, failed document.
  bool fail(error e) noexcept;
  bool fail_at(error_code code, const char* message, std::size_t at) noexcept;
  // Records e (located) as the current, failed document.
  bool failed(const error& e) noexcept;
  // Fails with the source's error, located at the end of what it gave.
  bool fail_read() noexcept;
  bool succeed() noexcept {
    ++index_;
    return true;
  }

  parser parser_;  // the caller's options and kernel, without allow_bom
  bool scan_only_;   // parse = false, and concatenated or array elements are found by a
                     // validating scan (jot::visit's), not a parse
  bool unparsed_;    // parse = false: no document is built
  std::uint8_t engine_;  // scan_only_: the scan's engine (detail::typed_engine), chosen once
  std::size_t consumed_ = 0;  // bytes of the last successful parse() (its document and spaces)
  jot::source source_in_;
  arena* arena_;
  stream_options options_;
  char* window_;
  std::size_t cap_;
  std::size_t first_size_;  // the first window's size, when upstream allocates it
  allocator upstream_;
  std::size_t max_size_;
  bool owned_ = false;  // window_ came from upstream
  bool bom_;            // the parser allows a byte order mark
  bool array_too_deep_;  // array_elements with max_depth 0: the '[' is too deep already
  bool past_first_piece_ = false;  // json_seq: the text before the first RS was checked
  std::size_t pos_ = 0;   // window offset where the next step reads (next_block, json_seq:
                          // the RS of the next record, past the first piece)
  std::size_t end_ = 0;   // window bytes filled
  std::size_t scan_ = 0;  // delimited formats: no delimiter in [pos_, scan_)
  std::uint64_t base_ = 0;  // stream offset of the window's first byte
  std::uint64_t counted_ = 0;  // lines are counted up to this stream offset,
  std::uint64_t line_ = 1;     // which is on this line,
  std::uint64_t line_start_ = 0;  // which starts at this stream offset
  result<document> current_;
  std::string_view source_;
  std::uint64_t source_offset_ = 0;
  std::size_t index_ = 0;
  std::size_t errors_ = 0;
  bool eof_ = false;  // the source said the end, or failed
  bool read_failed_ = false;  // the source failed: read_error_ says how
  error read_error_;
  bool started_ = false;  // the byte order mark was looked for
  bool done_ = false;
  array_state array_ = array_state::before;
  // array_elements: the stream offset of the comma before the element being
  // read (no_comma when none), and, once fill() dropped it from the window,
  // its line and the stream offset of that line's start, for the error a ']'
  // in the element's place makes of it.
  static constexpr std::uint64_t no_comma = ~std::uint64_t{0};
  std::uint64_t comma_ = no_comma;
  std::uint64_t comma_line_ = 0;
  std::uint64_t comma_line_start_ = 0;
};

}  // namespace jot
