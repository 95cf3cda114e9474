// jot/documents.h - many JSON documents in one buffer: NDJSON / JSON Lines,
// concatenated JSON and RFC 7464 JSON text sequences.
//
//   char buf[64 * 1024];
//   jot::arena a(buf, sizeof buf);                     // reset before each document
//   jot::documents docs(text, a, {.format = jot::document_format::ndjson,
//                                 .continue_after_error = true});
//   for (jot::result<jot::document>& d : docs) {
//     if (!d) { report(docs.index(), d.error()); continue; }   // line, column, offset in text
//     use(d->root());                                  // valid until the next step
//   }
//   if (docs.error_count() != 0) ...
//
// Each step resets the arena and parses the next document into it, so a reused
// arena reaches a steady state with no allocation, and the previous document
// (and anything else allocated in the arena) is gone. Documents borrow text,
// like parse(). Errors locate bytes in the whole text: offset, line and column
// count from its first byte. docs/streams.md gives every rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <type_traits>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/options.h"
#include "jot/parse.h"

namespace jot {

// How the documents of a buffer are separated.
enum class document_format : std::uint8_t {
  // NDJSON / JSON Lines: one document per line, lines end with LF. A CR before
  // the LF is whitespace, like any space or tab around the document; a line
  // holding only whitespace is skipped and is not a document; a document may
  // not span lines (its line ends it: `[1,` is unexpected_end at that LF).
  ndjson,
  // Documents one after another, separated by optional whitespace (and, with
  // allow_comments, comments). Whitespace is required only where two
  // documents would run together: after a number or a literal.
  concatenated,
  // RFC 7464 JSON text sequences: each record starts with the byte 0x1E (RS)
  // and holds one document with optional whitespace around it (generators end
  // it with LF). Empty records are skipped. A top-level number or literal not
  // followed by whitespace may have been truncated and fails (RFC 7464 2.4).
  json_seq,
};

// How documents are read from a buffer.
struct documents_options {
  document_format format = document_format::ndjson;  // how documents are separated
  bool continue_after_error = false;  // after a bad document, go on at the next line (ndjson)
                                      // or record (json_seq); concatenated always stops, as
                                      // nothing marks where the next document starts
  bool parse = true;  // false: a step only finds the next document's bytes (source()) for
                      // jot::read or jot::visit, builds no document and leaves the arena
                      // empty; ndjson lines and json_seq records are then not checked (the
                      // decoder does it), concatenated documents are (the scan that finds
                      // their end validates them with jot::visit's rules; with comments,
                      // trailing commas or keep_number_text they are parsed as with
                      // parse = true)
};

// Iterates over the documents of one buffer. Each step resets the arena and
// parses the next document into it. Not copyable: it holds the current
// document. One documents object per thread; a parser may be shared.
class documents {
 public:
  class iterator;
  struct sentinel {};

  // Reads text with a default parser (strict options, the best kernel).
  documents(std::string_view text JOT_LIFETIMEBOUND, arena& a JOT_LIFETIMEBOUND,
            const documents_options& options = {}) noexcept;
  // Reads text with p's parse options and kernel. A leading UTF-8 byte order
  // mark is skipped when p allows one (only at the start of text); p's
  // allow_trailing_content is ignored (the format decides where documents end).
  documents(const parser& p, std::string_view text JOT_LIFETIMEBOUND, arena& a JOT_LIFETIMEBOUND,
            const documents_options& options = {}) noexcept;
  // Rejected at compile time: the documents would point into a dead temporary.
  template <class S, std::enable_if_t<detail::is_owning_temporary_v<S>, int> = 0>
  documents(S&& text, arena& a, const documents_options& options = {}) = delete;
  template <class S, std::enable_if_t<detail::is_owning_temporary_v<S>, int> = 0>
  documents(const parser& p, S&& text, arena& a, const documents_options& options = {}) = delete;

  documents(const documents&) = delete;
  documents& operator=(const documents&) = delete;

  // Resets the arena and parses the next document. Returns false when none
  // is left: at the end of text, or after a failed document unless the
  // format resynchronises and continue_after_error is set.
  bool next() noexcept;

  // The current document or its error (offset, line and column in the whole
  // text). Valid until the next step; requires a next() that returned true.
  // With parse = false, a document found is an empty one (root() absent).
  result<document>& current() noexcept JOT_LIFETIMEBOUND { return current_; }
  // e, an error located in source() (what jot::read or jot::visit of source()
  // returned), located in the whole text instead: offset, line and column as
  // the iteration's own errors say them. Requires a step that yielded a source().
  error locate(error e) noexcept;
  // 0-based index of the current document among all documents of text, bad
  // ones included (blank lines and empty records are not documents).
  std::size_t index() const noexcept { return index_ - 1; }
  // The bytes the current document was parsed from: its line without the
  // LF (ndjson), its record without the RS (json_seq), or its text and the
  // whitespace after it (concatenated, the first with the whitespace before
  // it too; up to the failure for a bad one).
  std::string_view source() const noexcept { return source_; }
  // Documents read so far, bad ones included.
  std::size_t count() const noexcept { return index_; }
  // Bad documents read so far.
  std::size_t error_count() const noexcept { return errors_; }

  // Range-for over the remaining documents: each element is current().
  iterator begin() noexcept;
  sentinel end() const noexcept { return {}; }

 private:
  friend class stream_reader;  // parses each step with parse_step (jot/stream.h)
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
  // parse_step (line false) or parse_line_step (line true).
  static error run_step(const parser& p, std::string_view bytes, std::size_t readable, bool line,
                        arena& a, result<document>& current) noexcept;
  // Whether p's options allow parse_line_step (the strict defaults).
  static bool line_at_once_allowed(const parser& p) noexcept;
  // Whether jot::visit's scan checks what p's parse would (parse = false
  // finds concatenated documents and array elements with it then).
  static bool scan_allowed(const parser& p) noexcept;
  // The engine of scan_step for p's kernel (a detail::typed_engine).
  static std::uint8_t scan_engine(const parser& p) noexcept;
  // jot::visit's scan of bytes with p's depth and UTF-8 rules, on the engine
  // (detail::typed_engine) chosen once: one document and its spaces
  // (consumed set), or with no consumed all of bytes. Errors not located.
  static error scan_step(const parser& p, std::uint8_t engine, std::string_view bytes,
                         std::size_t* consumed) noexcept;
  // parse = false, json_seq: whether the record (first and last bytes not
  // spaces) fails as possibly cut: a number or literal without whitespace
  // after it, when valid (an invalid one is left to the decoder's error).
  static bool unparsed_record_cut(const parser& p, std::uint8_t engine, std::string_view record,
                                  char first) noexcept;
  // p's kernel, whose line count locates the errors of documents and stream_reader.
  static const detail::kernel_entry& kernel_of(const parser& p) noexcept { return *p.entry_; }
  error parse(std::string_view bytes) noexcept {
    return parse_step(parser_, bytes, static_cast<std::size_t>(end_ - bytes.data()), *arena_, current_);
  }
  bool next_line() noexcept;
  // next_line's one-parse attempt: true with the line's document, false when
  // the line must be parsed the exact way (nothing is consumed then).
  bool next_line_at_once() noexcept;
  bool next_concatenated() noexcept;
  bool next_record() noexcept;
  // Where errors are located from: this offset, which is on this line, which
  // starts at this offset. Errors come in text order, so each locates on
  // from the last (locating every error of a long text stays linear).
  struct error_locator {
    std::size_t offset = 0;
    std::uint64_t line = 1;
    std::size_t line_start = 0;
  };
  // Sets e's line and column from its offset in the text starting at begin,
  // counting with p's kernel on from at when e is not before it.
  static void place(const parser& p, const char* begin, error_locator& at, error& e) noexcept;
  // place() in text, for concatenated and json_seq documents.
  void place(error& e) noexcept { place(parser_, begin_, located_, e); }
  // A document found and not parsed (parse = false): the current one, empty.
  bool found() noexcept;
  // Records e (its offset relative to base) as the current, failed document.
  bool fail(error e, std::size_t base) noexcept;
  // Records e (located) as the current, failed document.
  bool failed(const error& e) noexcept;
  // Steps back over the current document, so that next() parses it again.
  void rewind() noexcept;

  friend class parallel_documents;  // keeps a chunk's documents in one arena (parallel.h)

  parser parser_;  // the caller's options and kernel, without allow_bom
  bool scan_only_;   // parse = false and concatenated: found by the visit scan
  bool unparsed_;    // parse = false: no document is built
  std::uint8_t engine_;  // the scan's engine (detail::typed_engine), chosen once
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

// An input iterator over documents: *it is the current result.
class documents::iterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = result<document>;
  using difference_type = std::ptrdiff_t;
  using reference = result<document>&;
  using pointer = result<document>*;

  iterator() noexcept = default;
  explicit iterator(documents* d) noexcept : d_(d) {}
  reference operator*() const noexcept { return d_->current(); }
  pointer operator->() const noexcept { return &d_->current(); }
  iterator& operator++() noexcept {
    if (!d_->next()) d_ = nullptr;
    return *this;
  }
  void operator++(int) noexcept { ++*this; }
  friend bool operator==(const iterator& it, sentinel) noexcept { return it.d_ == nullptr; }

 private:
  documents* d_ = nullptr;
};

inline documents::iterator documents::begin() noexcept {
  return next() ? iterator(this) : iterator();
}

}  // namespace jot
