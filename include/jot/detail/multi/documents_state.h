// jot/detail/multi/documents_state.h - what a jot::documents holds and the steps it
// takes (not API): the one member of documents, and the static steps that
// stream_reader parses with. Included by jot/documents.h after the options it
// holds; src/multi/documents.cpp defines the functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/arena.h"
#include "jot/detail/engine/engine_choice.h"
#include "jot/error.h"
#include "jot/parse.h"

namespace jot {

class documents;

namespace detail {

// Where errors are located from: this offset, which is on this line, which
// starts at this offset. Errors come in text order, so each locates on from
// the last (locating every error of a long text stays linear).
struct error_locator {
  std::size_t offset = 0;
  std::uint64_t line = 1;
  std::size_t line_start = 0;
};

// A documents object's state, and its steps. Also the friend of parser and
// document that calls the kernel directly, once per document.
struct documents_state {
  documents_state(const parser& p, std::string_view text, arena& a,
                  const documents_options& options) noexcept;
  documents_state(const documents_state&) = delete;
  documents_state& operator=(const documents_state&) = delete;

  // ---- the steps stream_reader shares ----

  // Parses bytes into a with p's kernel and options, making current that
  // document on success; else returns the error, its offset relative to
  // bytes and not yet located. readable >= bytes.size() is how many bytes
  // from bytes.data() may be read (the buffer goes on past a line).
  static error parse_step(const parser& p, std::string_view bytes, std::size_t readable, arena& a,
                          result<document>& current) noexcept;
  // parse_step in one pass for an NDJSON line: parses the document at the
  // start of bytes, which ends at its first LF (LF is not whitespace here);
  // on success current's consumed() is where the document and the spaces
  // after it end. Only where line_at_once_allowed(p); errors may differ from
  // the line's own, so callers parse the line exactly after any failure.
  static error parse_line_step(const parser& p, std::string_view bytes, arena& a,
                               result<document>& current) noexcept;
  // parse_step (line false) or parse_line_step (line true); inline in
  // src/multi/document_bytes.h.
  static error run_step(const parser& p, std::string_view bytes, std::size_t readable, bool line,
                        arena& a, result<document>& current) noexcept;
  // Whether p's options allow parse_line_step (the strict defaults).
  static bool line_at_once_allowed(const parser& p) noexcept;
  // Whether jot::visit's scan checks what p's parse would (parse = false
  // finds concatenated documents and array elements with it then).
  static bool scan_allowed(const parser& p) noexcept;
  // The engine of scan_step for p's kernel.
  static scan_engine engine_for(const parser& p) noexcept;
  // jot::visit's scan of bytes with p's depth and UTF-8 rules, on the engine
  // chosen once: one document and its spaces
  // (consumed set), or with no consumed all of bytes. Errors not located.
  static error scan_step(const parser& p, scan_engine engine, std::string_view bytes,
                         std::size_t* consumed) noexcept;
  // parse = false, json_seq: whether the record (first and last bytes not
  // spaces) fails as possibly cut: a number or literal without whitespace
  // after it, when valid (an invalid one is left to the decoder's error).
  static bool unparsed_record_cut(const parser& p, scan_engine engine, std::string_view record,
                                  char first) noexcept;
  // p's kernel, whose line count locates the errors of documents and stream_reader.
  static const kernel_entry& kernel_of(const parser& p) noexcept { return *p.entry_; }
  // Sets e's line and column from its offset in the text starting at begin,
  // counting with p's kernel on from at when e is not before it.
  static void place(const parser& p, const char* begin, error_locator& at, error& e) noexcept;

  // ---- one buffer's steps ----

  error parse(std::string_view bytes) noexcept {
    return parse_step(parser_, bytes, static_cast<std::size_t>(end_ - bytes.data()), *arena_,
                      current_);
  }
  bool next_line() noexcept;
  // next_line's one-parse attempt: true with the line's document, false when
  // the line must be parsed the exact way (nothing is consumed then).
  bool next_line_at_once() noexcept;
  bool next_concatenated() noexcept;
  bool next_record() noexcept;
  // place() in text, for concatenated and json_seq documents.
  void place(error& e) noexcept { place(parser_, begin_, located_, e); }
  // A document found and not parsed (parse = false): the current one, empty.
  bool found() noexcept;
  // Records e (its offset relative to base) as the current, failed document.
  bool fail(error e, std::size_t base) noexcept;
  // Records e (located) as the current, failed document.
  bool failed(const error& e) noexcept;
  // Steps back over the current document, so that next() parses it again
  // (parallel_documents, when its arena filled up).
  void rewind() noexcept;

  parser parser_;  // the caller's options and kernel, without allow_bom
  bool scan_only_;   // parse = false and concatenated: found by the visit scan
  bool unparsed_;    // parse = false: no document is built
  scan_engine engine_;  // the scan's engine, chosen once
  const char* begin_;
  const char* pos_;  // where the next step starts reading
  const char* end_;
  arena* arena_;
  documents_options options_;
  result<document> current_;
  std::string_view source_;
  std::size_t index_ = 0;
  std::size_t errors_ = 0;
  std::uint64_t line_ = 1;              // ndjson: the line of pos_
  error_locator located_;  // concatenated, json_seq: where errors are located from
  bool done_ = false;
  bool reset_arena_ = true;  // false while parallel_documents keeps earlier documents
};

// The one friend of documents: its state, for parallel_documents (which keeps
// a chunk's documents in one arena and rewinds a step).
struct documents_access {
  // A template only so that it can be defined here, before documents is complete.
  template <class Documents>
  static documents_state& state(Documents& d) noexcept {
    return d.state_;
  }
};

}  // namespace detail
}  // namespace jot
