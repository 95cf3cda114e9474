// jot/detail/multi/stream_state.h - what a jot::stream_reader holds and the steps it
// takes (not API): the one member of stream_reader, which the readers built
// on it (typed_stream_reader, parallel_stream, parallel_ndjson_stream) reach
// through stream_access. Included by jot/stream.h after the types it holds;
// src/multi/stream.cpp and src/multi/stream_elements.cpp define the functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/parse.h"

namespace jot::detail {

// A stream_reader's state, and its steps.
struct stream_state {
  stream_state(const parser& p, jot::source src, const stream_window& window, arena& a,
               const stream_options& options) noexcept;
  ~stream_state();
  stream_state(const stream_state&) = delete;
  stream_state& operator=(const stream_state&) = delete;

  // Where array_elements is: before '[', after '[', after an element, after ']'.
  enum class array_state : std::uint8_t { before, first, after_element, after_end };
  // What fill() did.
  enum class more : std::uint8_t { read, full, failed };

  // Parses size bytes into the arena as the current document (on success;
  // with parse = false, only finds and checks its end), else returns the
  // error, its offset relative to bytes. Sets consumed_ on success.
  error parse(const char* bytes, std::size_t size) noexcept;

  // Moves the unread bytes to the window's start, grows a full window when
  // allowed, then reads the source once (when until_full: until the window
  // is full, or after a short read, once the unread bytes are fewer than
  // reparse_always_below or have doubled). Returns full when no byte could be added, failed (with the
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

  // Decodes the document or element at the start of bytes (size of them) in
  // place of parse = false's validating scan: returns the error (offset
  // relative to bytes) and, on success, sets consumed to the document and the
  // whitespace after it, as the scan does.
  using prefix_decoder = error (*)(void* context, const char* bytes, std::size_t size,
                                   std::size_t& consumed) noexcept;
  prefix_decoder decode_ = nullptr;  // set by typed_stream_reader (jot/typed_stream.h)
  void* decode_context_ = nullptr;

  parser parser_;  // the caller's options and kernel, without allow_bom
  bool scan_only_;   // parse = false, and concatenated or array elements are found by a
                     // validating scan (jot::visit's), not a parse
  bool unparsed_;    // parse = false: no document is built
  scan_engine engine_;  // scan_only_: the scan's engine, chosen once
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

// The one friend of stream_reader: its state, for the readers built on it.
struct stream_access {
  // A template only so that it can be defined here, before stream_reader is complete.
  template <class Reader>
  static stream_state& state(Reader& r) noexcept {
    return r.state_;
  }
};

}  // namespace jot::detail
