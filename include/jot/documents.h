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

}  // namespace jot

#include "jot/detail/multi/documents_state.h"  // documents' state (not API), which holds the options above

namespace jot {

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
  result<document>& current() noexcept JOT_LIFETIMEBOUND { return state_.current_; }
  // e, an error located in source() (what jot::read or jot::visit of source()
  // returned), located in the whole text instead: offset, line and column as
  // the iteration's own errors say them. Requires a step that yielded a source().
  error locate(error e) noexcept;
  // 0-based index of the current document among all documents of text, bad
  // ones included (blank lines and empty records are not documents).
  std::size_t index() const noexcept { return state_.index_ - 1; }
  // The bytes the current document was parsed from: its line without the
  // LF (ndjson), its record without the RS (json_seq), or its text and the
  // whitespace after it (concatenated, the first with the whitespace before
  // it too; up to the failure for a bad one).
  std::string_view source() const noexcept { return state_.source_; }
  // Documents read so far, bad ones included.
  std::size_t count() const noexcept { return state_.index_; }
  // Bad documents read so far.
  std::size_t error_count() const noexcept { return state_.errors_; }

  // Range-for over the remaining documents: each element is current().
  iterator begin() noexcept;
  sentinel end() const noexcept { return {}; }

 private:
  friend struct detail::documents_access;
  detail::documents_state state_;
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
