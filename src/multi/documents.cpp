// src/multi/documents.cpp - iterating over the documents of one buffer.
//
// NDJSON and JSON text sequences find the end of each line or record with
// memchr and parse exactly those bytes: the parser's own end-of-document
// check then says whether the rest of the line is whitespace, a bad line
// cannot swallow the next one, and an error's line is the line being read.
// With strict options an NDJSON line is first parsed by parse_line, which
// stops at the LF by itself (no memchr); only a clean success stands, and
// anything else takes the exact way above (next_line_at_once).
// Concatenated JSON has no such marks, so it parses the rest of the buffer
// with allow_trailing_content and continues where the document stopped.
#include "jot/documents.h"

#include <algorithm>
#include <cstring>

#include "document_bytes.h"
#include "jot/visit.h"
#include "kernels/kernels.h"

namespace jot {

namespace {

using detail::ends_word;
using detail::for_format;
using detail::record_separator;
using detail::starts_value;

error error_at(error_code code, const char* message, std::size_t offset) noexcept {
  error e = make_error(code);
  e.message = message;
  e.offset = offset;
  return e;
}

}  // namespace

documents::documents(std::string_view text, arena& a, const documents_options& options) noexcept
    : documents(parser(), text, a, options) {}

documents::documents(const parser& p, std::string_view text, arena& a,
                     const documents_options& options) noexcept
    : state_(p, text, a, options) {}

detail::documents_state::documents_state(const parser& p, std::string_view text, arena& a,
                                         const documents_options& options) noexcept
    : parser_(for_format(p.options(), options.format), p.kernel()),
      scan_only_(!options.parse && options.format == document_format::concatenated && scan_allowed(p)),
      unparsed_(!options.parse && (scan_only_ || options.format != document_format::concatenated)),
      engine_(engine_for(p)),
      begin_(text.data()),
      pos_(text.data()),
      end_(text.data() + text.size()),
      arena_(&a),
      options_(options),
      current_(make_error(error_code::empty_input)) {
  if (p.options().syntax.allow_bom && text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0)
    pos_ += 3;
}

bool documents::next() noexcept {
  detail::documents_state& s = state_;
  if (s.done_) return false;
  if (s.reset_arena_) s.arena_->reset();
  switch (s.options_.format) {
    case document_format::ndjson: return s.next_line();
    case document_format::concatenated: return s.next_concatenated();
    case document_format::json_seq: return s.next_record();
  }
  s.done_ = true;
  return false;
}

error detail::documents_state::parse_step(const parser& p, std::string_view bytes,
                                          std::size_t readable, arena& a,
                                          result<document>& current) noexcept {
  return run_step(p, bytes, readable, false, a, current);
}

// Strict options (the common case) parse each line at once, with a parse
// that stops at the first LF (parse_line), instead of finding the LF with
// memchr and then parsing: the memchr was a sizeable part of an NDJSON
// pass. The result stands when the document and its spaces end at
// the LF or the text's end. Anything else (an error, a blank line, content
// after the document) is parsed again the exact way below, so every error
// is the line's own. The attempt's nodes are given back to the arena first
// (rolled back, not reset: parallel_documents keeps a chunk's earlier
// documents in it).
bool detail::documents_state::line_at_once_allowed(const parser& p) noexcept {
  return detail::is_strict(p.options_);
}

detail::scan_engine detail::documents_state::engine_for(const parser& p) noexcept {
  return detail::select_scan_engine(p.kernel());
}

bool detail::documents_state::scan_allowed(const parser& p) noexcept {
  const parse_options& o = p.options();
  return !o.syntax.allow_comments && !o.syntax.allow_trailing_commas && !o.keep_number_text && o.syntax.max_depth <= 4096;
}

error detail::documents_state::scan_step(const parser& p, scan_engine engine, std::string_view bytes,
                                         std::size_t* consumed) noexcept {
  jot::visitor nothing;  // no events: the scan only validates and finds the end
  detail::visit_events<jot::visitor> events{nothing};
  error e;
  const parse_options& o = p.options();
  detail::with_engine(engine, [&](auto tag) {
    visit_document(tag, bytes, events, o.syntax.max_depth, o.syntax.validate_utf8, e, consumed);
  });
  return e;
}

bool detail::documents_state::unparsed_record_cut(const parser& p, scan_engine engine,
                                                  std::string_view record, char first) noexcept {
  if (!detail::record_may_be_cut(first, record.back())) return false;
  // Where the scan cannot judge (lenient options), the rule alone decides.
  return !scan_allowed(p) || scan_step(p, engine, record, nullptr).ok();
}

bool detail::documents_state::found() noexcept {
  if (!current_.ok()) current_ = document();  // an empty one: root() absent
  ++index_;
  return true;
}

void detail::documents_state::place(const parser& p, const char* begin, error_locator& at,
                                    error& e) noexcept {
  if (e.offset < at.offset) at = error_locator();
  const char* const stop = begin + e.offset;
  const detail::line_position now =
      detail::count_newlines(kernel_of(p), begin + at.offset, stop, {at.line, begin + at.line_start});
  at = {e.offset, now.line, static_cast<std::size_t>(now.line_start - begin)};
  e.line = now.line;
  e.column = static_cast<std::uint64_t>(stop - now.line_start) + 1;
}

error documents::locate(error e) noexcept {
  detail::documents_state& s = state_;
  if (e.ok() || s.source_.data() == nullptr) return e;
  e.offset = static_cast<std::size_t>(s.source_.data() - s.begin_) + std::min(e.offset, s.source_.size());
  if (s.options_.format == document_format::ndjson) {
    // The line holds no LF, and line_ has moved past it. Its column counts
    // from text's first byte on line 1, even after a skipped BOM.
    e.line = s.line_ - 1;
    const char* line_start = e.line == 1 ? s.begin_ : s.source_.data();
    e.column = static_cast<std::uint64_t>(s.begin_ + e.offset - line_start) + 1;
    return e;
  }
  s.place(e);
  return e;
}

error detail::documents_state::parse_line_step(const parser& p, std::string_view bytes, arena& a,
                                               result<document>& current) noexcept {
  return run_step(p, bytes, bytes.size(), true, a, current);
}

bool detail::documents_state::next_line_at_once() noexcept {
  const std::string_view rest(pos_, static_cast<std::size_t>(end_ - pos_));
  if (!run_step(parser_, rest, rest.size(), true, *arena_, current_).ok()) return false;
  const std::size_t consumed = current_->consumed();
  const char* stop = pos_ + consumed;
  if (stop != end_ && *stop != '\n') return false;
  source_ = std::string_view(pos_, consumed);
  pos_ = stop != end_ ? stop + 1 : end_;
  ++line_;
  ++index_;
  return true;
}

bool detail::documents_state::next_line() noexcept {
  if (pos_ != end_ && !unparsed_ && line_at_once_allowed(parser_)) {
    const arena::savepoint before = arena_->save();
    if (next_line_at_once()) return true;
    arena_->rewind(before);  // the attempt's nodes
  }
  while (pos_ != end_) {
    const char* nl = static_cast<const char*>(std::memchr(pos_, '\n', static_cast<std::size_t>(end_ - pos_)));
    const char* stop = nl != nullptr ? nl : end_;
    const std::string_view line(pos_, static_cast<std::size_t>(stop - pos_));
    const std::uint64_t line_number = line_;
    pos_ = nl != nullptr ? nl + 1 : end_;
    ++line_;
    if (unparsed_) {
      if (std::all_of(line.begin(), line.end(), detail::is_space)) continue;  // blank
      source_ = line;
      return found();
    }
    error e = parse(line);
    source_ = line;
    if (JOT_LIKELY(e.ok())) {
      ++index_;
      return true;
    }
    // Only whitespace (or comments, where allowed): a blank line.
    if (e.code == error_code::empty_input) continue;
    // The line holds no LF: the column is the offset from the line's start,
    // which is text's first byte on line 1 even after a skipped BOM.
    const char* line_start = line_number == 1 ? begin_ : line.data();
    e.line = line_number;
    e.offset += static_cast<std::size_t>(line.data() - begin_);
    e.column = static_cast<std::uint64_t>(begin_ + e.offset - line_start) + 1;
    return failed(e);
  }
  done_ = true;
  return false;
}

bool detail::documents_state::next_concatenated() noexcept {
  if (pos_ == end_) {
    done_ = true;
    return false;
  }
  const std::size_t base = static_cast<std::size_t>(pos_ - begin_);
  const std::string_view rest(pos_, static_cast<std::size_t>(end_ - pos_));
  std::size_t consumed = 0;
  const error e = scan_only_ ? scan_step(parser_, engine_, rest, &consumed) : parse(rest);
  if (!e.ok()) {
    // Nothing but whitespace (or comments) was left: there is no document.
    // Elsewhere the parser stops on a byte that cannot start one.
    if (e.code == error_code::empty_input) {
      done_ = true;
      return false;
    }
    source_ = std::string_view(pos_, static_cast<std::size_t>(end_ - pos_));
    if (source_.size() > e.offset) source_ = source_.substr(0, e.offset);
    return fail(e, base);
  }
  if (!scan_only_) consumed = current_->consumed();
  const char* stop = pos_ + consumed;
  source_ = std::string_view(pos_, consumed);
  if (stop != end_ && ends_word(stop[-1]) && starts_value(*stop))
    return fail(error_at(error_code::unexpected_character, "expected whitespace between documents",
                         0),
                static_cast<std::size_t>(stop - begin_));
  pos_ = stop;
  if (scan_only_) return found();
  ++index_;
  return true;
}

bool detail::documents_state::next_record() noexcept {
  while (pos_ != end_) {
    if (*pos_ != record_separator) {
      // Only the start of text can get here: every record ends at an RS.
      const char* rs = static_cast<const char*>(
          std::memchr(pos_, record_separator, static_cast<std::size_t>(end_ - pos_)));
      const char* stop = rs != nullptr ? rs : end_;
      const std::size_t base = static_cast<std::size_t>(pos_ - begin_);
      source_ = std::string_view(pos_, static_cast<std::size_t>(stop - pos_));
      pos_ = stop;
      return fail(error_at(error_code::unexpected_character,
                           "expected a record separator (0x1E)", 0),
                  base);
    }
    const char* body = pos_ + 1;
    const char* rs = static_cast<const char*>(
        std::memchr(body, record_separator, static_cast<std::size_t>(end_ - body)));
    const char* stop = rs != nullptr ? rs : end_;
    pos_ = stop;
    source_ = std::string_view(body, static_cast<std::size_t>(stop - body));
    const std::size_t base = static_cast<std::size_t>(body - begin_);
    if (unparsed_) {
      const char* first = std::find_if_not(source_.begin(), source_.end(), detail::is_space);
      if (first == source_.end()) continue;  // RS RS: no record
      if (unparsed_record_cut(parser_, engine_, source_, *first))
        return fail(error_at(error_code::unexpected_end, detail::record_cut_message, source_.size()), base);
      return found();
    }
    const error e = parse(source_);
    if (!e.ok()) {
      if (e.code == error_code::empty_input) continue;  // RS RS: no record
      return fail(e, base);
    }
    if (detail::record_may_be_cut(current_->root(), stop[-1]))
      return fail(error_at(error_code::unexpected_end, detail::record_cut_message, source_.size()), base);
    ++index_;
    return true;
  }
  done_ = true;
  return false;
}

bool detail::documents_state::fail(error e, std::size_t base) noexcept {
  e.offset += base;
  place(e);  // lines counted on from the last error (errors come in text order)
  return failed(e);
}

void detail::documents_state::rewind() noexcept {
  // Only ndjson and json_seq are rewound (parallel_documents): a line is
  // source_, and line_ counted it; a record is source_ after its RS.
  if (options_.format == document_format::ndjson) {
    pos_ = source_.data();
    --line_;
  } else {
    pos_ = source_.data() - 1;
  }
  --index_;
  if (!current_.ok()) --errors_;
  done_ = false;
}

bool detail::documents_state::failed(const error& e) noexcept {
  current_ = e;
  ++index_;
  ++errors_;
  if (!options_.continue_after_error || options_.format == document_format::concatenated)
    done_ = true;
  return true;
}

}  // namespace jot
