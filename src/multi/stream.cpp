// src/multi/stream.cpp - documents from a stream, through a window. The
// sources that fill it are in sources.cpp.
//
// The window holds [pos_, end_): what the source gave and no step has used.
// A step finds its document in the window, refilling when the document may
// go on past end_: NDJSON and RFC 7464 look for the next LF or RS (memchr,
// resuming where the last search stopped; with strict options an NDJSON line
// is first parsed in one pass that stops at its LF, as documents does);
// concatenated JSON and array elements parse a prefix and refill when the
// parse ran into end_ (see may_continue). Refilling moves [pos_, end_) to the window's start first,
// which is why it only happens inside next(): the previous document, whose
// strings point into the window, is dead by then. Lines are counted lazily:
// up to an error, and over the bytes a move is about to drop.
#include "jot/stream.h"

#include <algorithm>
#include <cstring>

#include "document_bytes.h"
#include "io_error.h"

namespace jot {

namespace {

using detail::ends_word;
using detail::is_space;
using detail::make_io_error;
using detail::record_separator;

// A parse error this close to the end of the bytes may be the document being
// cut by the window rather than a mistake: a \uXXXX\uXXXX pair cut after its
// first byte fails 11 bytes back, a cut UTF-8 sequence up to 3 back, a cut
// number or string at the end.
constexpr std::size_t max_cut_distance = 12;

// After a short read, a document cut with fewer unread bytes than this is
// parsed again at once (see fill): a source that trickles a byte at a time
// costs at most this many parses of at most this many bytes per document.
constexpr std::size_t reparse_always_below = 4096;

// True when the prefix parse of avail bytes (outcome e, consumed bytes on
// success) may change once more bytes follow.
bool may_continue(const error& e, std::size_t consumed, const char* bytes, std::size_t avail) noexcept {
  // 12|3 and tru|e change; a document followed by whitespace up to the end
  // does not, but the whitespace after it belongs to its source().
  // A last '/' may start a comment, which is whitespace after the document.
  if (e.ok()) return consumed == avail || (consumed + 1 == avail && bytes[consumed] == '/');
  if (e.code == error_code::unexpected_end || e.code == error_code::empty_input) return true;
  // A comment open at the end of the bytes may close in the next ones, however
  // far back it started (a whole window of it fails as too large).
  if (e.code == error_code::unterminated_comment) return true;
  return e.offset <= avail && avail - e.offset <= max_cut_distance;
}

// Whether bytes, a document and the whitespace and comments after it, may
// end inside a line comment: a '/' on their last line. A line comment ends at
// an LF or a CR, so none before the last one is open; a '/' in a string or a
// block comment on that line makes the answer a conservative yes.
bool may_end_in_line_comment(const char* bytes, std::size_t n) noexcept {
  for (std::size_t i = n; i-- > 0;) {
    if (bytes[i] == '\n' || bytes[i] == '\r') return false;
    if (bytes[i] == '/') return true;
  }
  return false;
}

// The options each step parses with: the format's, and for array elements
// one level of depth fewer, the array's own, which jot::parse of the whole
// array counts.
parse_options step_options(const parser& p, const stream_options& s) noexcept {
  parse_options o = detail::for_format(p.options(), s.array_elements ? document_format::concatenated : s.format);
  if (s.array_elements && o.syntax.max_depth > 0) --o.syntax.max_depth;
  return o;
}

}  // namespace

stream_reader::stream_reader(jot::source src, const stream_window& window, arena& a,
                             const stream_options& options) noexcept
    : stream_reader(parser(), src, window, a, options) {}

stream_reader::stream_reader(const parser& p, jot::source src, const stream_window& window,
                             arena& a, const stream_options& options) noexcept
    : state_(p, src, window, a, options) {}

detail::stream_state::stream_state(const parser& p, jot::source src, const stream_window& window,
                                   arena& a, const stream_options& options) noexcept
    : parser_(step_options(p, options), p.kernel()),
      // jot::visit's scan is strict: lenient options still parse.
      scan_only_(!options.parse &&
                 (options.array_elements || options.format == document_format::concatenated) &&
                 documents_state::scan_allowed(p)),
      unparsed_(!options.parse && (scan_only_ || (!options.array_elements &&
                                                  options.format != document_format::concatenated))),
      engine_(documents_state::engine_for(p)),
      source_in_(src),
      arena_(&a),
      options_(options),
      window_(window.buffer),
      cap_(window.buffer != nullptr ? window.size : 0),
      first_size_(window.size),
      upstream_(window.upstream),
      max_size_(window.upstream.allocate != nullptr ? std::max(window.max_size, window.size)
                                                    : window.size),
      bom_(p.options().syntax.allow_bom),
      array_too_deep_(options.array_elements && p.options().syntax.max_depth == 0),
      current_(make_error(error_code::empty_input)) {}

detail::stream_state::~stream_state() {
  if (window_ != nullptr && owned_)
    upstream_.deallocate(upstream_.context, window_, cap_, alignof(std::max_align_t));
}

error detail::stream_state::parse(const char* bytes, std::size_t size) noexcept {
  if (decode_ != nullptr) {  // typed_stream_reader's decoder, in place of the scan
    const error e = decode_(decode_context_, bytes, size, consumed_);
    if (e.ok() && !current_.ok()) current_ = document();  // an empty one: root() absent
    return e;
  }
  if (scan_only_) {
    const error e =
        documents_state::scan_step(parser_, engine_, std::string_view(bytes, size), &consumed_);
    if (e.ok() && !current_.ok()) current_ = document();  // an empty one: root() absent
    return e;
  }
  const error e =
      documents_state::parse_step(parser_, std::string_view(bytes, size), size, *arena_, current_);
  if (e.ok()) consumed_ = current_->consumed();
  return e;
}

error stream_reader::locate(error e) noexcept {
  detail::stream_state& s = state_;
  if (e.ok() || s.source_.data() == nullptr) return e;
  const std::size_t rel = std::min(e.offset, s.source_.size());
  std::uint64_t line;
  std::uint64_t line_start;
  if (s.counted_ <= s.source_offset_) {
    s.count_lines(s.source_offset_);
    line = s.line_;
    line_start = s.line_start_;
  } else {
    // An NDJSON line, whose LF was counted when it was yielded: the line
    // before, which starts at the line (the first, after a byte order mark,
    // at 0).
    line = s.line_ - 1;
    line_start = line == 1 ? 0 : s.source_offset_;
  }
  const detail::line_position found =
      detail::count_newlines(detail::documents_state::kernel_of(s.parser_), s.source_.data(),
                             s.source_.data() + rel, {line, nullptr});
  if (found.line != line) {
    line = found.line;
    line_start = s.source_offset_ + static_cast<std::uint64_t>(found.line_start - s.source_.data());
  }
  e.offset = static_cast<std::size_t>(s.source_offset_ + rel);
  e.line = line;
  e.column = s.source_offset_ + rel - line_start + 1;
  return e;
}

bool stream_reader::next() noexcept {
  detail::stream_state& s = state_;
  if (s.done_) return false;
  s.arena_->reset();
  s.source_ = {};
  if (!s.started_ && !s.start()) return true;
  if (s.options_.array_elements) return s.next_element();
  switch (s.options_.format) {
    case document_format::ndjson: return s.next_delimited('\n');
    case document_format::concatenated: return s.next_concatenated();
    case document_format::json_seq: return s.next_delimited(record_separator);
  }
  s.done_ = true;
  return false;
}

error_code detail::stream_state::grow(std::size_t at_least) noexcept {
  std::size_t size = cap_ == 0 ? first_size_ : std::max(cap_ * 2, at_least);
  size = std::min(size, max_size_);
  if (size < at_least || size <= cap_ || upstream_.allocate == nullptr)
    return error_code::capacity_exceeded;
  auto* bigger = static_cast<char*>(upstream_.allocate(upstream_.context, size, alignof(std::max_align_t)));
  if (bigger == nullptr) return error_code::out_of_memory;
  if (end_ > pos_) std::memcpy(bigger, window_ + pos_, end_ - pos_);
  if (owned_) upstream_.deallocate(upstream_.context, window_, cap_, alignof(std::max_align_t));
  base_ += pos_;
  end_ -= pos_;
  scan_ -= pos_;
  pos_ = 0;
  window_ = bigger;
  cap_ = size;
  owned_ = true;
  return error_code::ok;
}

detail::stream_state::more detail::stream_state::fill(bool until_full) noexcept {
  if (pos_ > 0) {
    if (comma_ != no_comma && comma_ >= base_ && comma_ < base_ + pos_) {
      // The element after this comma may prove to be the array's end, and
      // the error is placed at the comma, whose line is known only now.
      count_lines(comma_);
      comma_line_ = line_;
      comma_line_start_ = line_start_;
    }
    count_lines(base_ + pos_);  // the bytes before pos_ are about to go
    std::memmove(window_, window_ + pos_, end_ - pos_);
    base_ += pos_;
    end_ -= pos_;
    scan_ -= pos_;
    pos_ = 0;
  }
  if (end_ == cap_) {
    const error_code c = grow(cap_ + 1);
    if (c == error_code::capacity_exceeded && cap_ == 0) {  // no window at all: nothing can be read
      fail_at(c, "the stream window is empty", 0);
      done_ = true;
      return more::failed;
    }
    if (c == error_code::capacity_exceeded) return more::full;
    if (c != error_code::ok) {
      fail_at(c, "cannot allocate the stream window", end_);
      done_ = true;
      return more::failed;
    }
  }
  const std::size_t held = end_;  // unread bytes, which the caller parses again after the fill
  for (;;) {
    const std::size_t asked = cap_ - end_;
    const result<std::size_t> n = source_in_.read(source_in_.context, window_ + end_, asked);
    if (!n || *n > asked) {
      // Reported where the stream stopped, after the documents before it.
      read_error_ = n ? make_io_error("the source returned more bytes than asked for") : n.error();
      read_failed_ = true;
      eof_ = true;
      break;
    }
    if (*n == 0) {
      eof_ = true;
      break;
    }
    end_ += *n;
    if (!until_full || end_ == cap_) break;
    // A short read: the source has nothing more for now (a pipe, a socket).
    // Waiting for the window to fill would hold back a document that may
    // already be whole until unrelated bytes arrive, so the caller parses
    // again now, when that is cheap (a small document) or when the bytes
    // have at least doubled: a document that trickles in is then parsed
    // O(log n) times, linear work in all.
    if (*n < asked && (held < reparse_always_below || end_ - held >= held)) break;
  }
  return more::read;
}

void detail::stream_state::count_lines(std::uint64_t at) noexcept {
  if (at <= counted_) return;
  // line_start_ is a stream offset; count_newlines works on window pointers.
  const detail::line_position found =
      detail::count_newlines(documents_state::kernel_of(parser_), window_ + (counted_ - base_),
                             window_ + (at - base_), {line_, nullptr});
  if (found.line != line_) {
    line_ = found.line;
    line_start_ = base_ + static_cast<std::uint64_t>(found.line_start - window_);
  }
  counted_ = at;
}

void detail::stream_state::locate_in_window(error& e) noexcept {
  const std::uint64_t at = base_ + e.offset;
  count_lines(at);
  e.offset = static_cast<std::size_t>(at);
  e.line = line_;
  e.column = at - line_start_ + 1;
}

bool detail::stream_state::fail(error e) noexcept {
  locate_in_window(e);
  return failed(e);
}

bool detail::stream_state::failed(const error& e) noexcept {
  current_ = e;
  ++index_;
  ++errors_;
  const bool resyncs = !options_.array_elements && options_.format != document_format::concatenated;
  if (!options_.continue_after_error || !resyncs) done_ = true;
  return true;
}

bool detail::stream_state::fail_read() noexcept {
  error e = read_error_;
  e.offset = end_;  // nothing was read, or moved, since
  fail(e);
  done_ = true;
  return true;
}

bool detail::stream_state::fail_at(error_code code, const char* message, std::size_t at) noexcept {
  error e = make_error(code);
  e.message = message;
  e.offset = at;
  return fail(e);
}

// NDJSON and RFC 7464: a piece ends at the delimiter or at the end of the stream.
bool detail::stream_state::next_delimited(char delimiter) noexcept {
  if (delimiter == '\n' && pos_ != end_ && !unparsed_ &&
      documents_state::line_at_once_allowed(parser_)) {
    // As documents does: one pass that stops at the LF, kept only when the
    // document and its spaces end at an LF in the window; anything else
    // (an error, a blank line, a line the window cuts) goes the exact way.
    if (documents_state::parse_line_step(parser_, std::string_view(window_ + pos_, end_ - pos_),
                                         *arena_, current_)
            .ok()) {
      const std::size_t to = pos_ + current_->consumed();
      if (to != end_ && window_[to] == '\n') {
        source_ = std::string_view(window_ + pos_, to - pos_);
        source_offset_ = base_ + pos_;
        pos_ = scan_ = to + 1;
        counted_ = line_start_ = base_ + to + 1;  // as piece() counts a line
        ++line_;
        return succeed();
      }
    }
    arena_->reset();  // the attempt's nodes
  }
  for (;;) {
    const void* found = std::memchr(window_ + scan_, delimiter, end_ - scan_);
    if (found != nullptr) {
      const auto to = static_cast<std::size_t>(static_cast<const char*>(found) - window_);
      const std::size_t from = pos_;
      pos_ = scan_ = to + 1;
      if (piece(from, to, true)) return true;
      continue;
    }
    scan_ = end_;
    if (eof_) {
      if (read_failed_) return fail_read();  // the piece may go on
      if (pos_ == end_) {
        done_ = true;
        return false;
      }
      const std::size_t from = pos_;
      pos_ = end_;
      if (piece(from, end_, false)) return true;
      continue;
    }
    const more m = fill(false);
    if (m == more::failed) return true;
    if (m == more::full) return skip_oversize(delimiter);
  }
}

bool detail::stream_state::start() noexcept {
  started_ = true;
  while (end_ < 3 && !eof_) {
    const more m = fill(false);
    if (m == more::failed) return false;
    if (m == more::full) break;
  }
  if (bom_ && end_ >= 3 && std::memcmp(window_, "\xEF\xBB\xBF", 3) == 0) pos_ = scan_ = 3;
  return true;
}

bool detail::stream_state::next_block(std::string_view& block) noexcept {
  block = {};
  if (done_) return false;
  if (!started_ && !start()) return true;
  const bool seq = options_.format == document_format::json_seq;
  const char delimiter = seq ? record_separator : '\n';
  for (;;) {
    // The last delimiter in the unread bytes (past the RS a record starts
    // with): a line ends after its LF, a record before the next RS.
    const std::size_t from = seq && past_first_piece_ ? pos_ + 1 : pos_;
    std::size_t cut = end_;
    while (cut > from && window_[cut - 1] != delimiter) --cut;
    if (cut > from) {
      if (seq) --cut;  // the record ends at the RS, which starts the next
      block = std::string_view(window_ + pos_, cut - pos_);
      pos_ = scan_ = cut;
      past_first_piece_ = true;
      if (!block.empty()) return true;
      continue;  // an RS first in the stream: no text before it
    }
    if (eof_) {
      if (read_failed_) return fail_read();  // the last document may go on
      past_first_piece_ = true;
      if (end_ - pos_ <= (seq ? 1u : 0u) && (pos_ == end_ || window_[pos_] == delimiter)) {
        done_ = true;  // nothing left, or one last empty record
        return false;
      }
      block = std::string_view(window_ + pos_, end_ - pos_);
      pos_ = scan_ = end_;
      return true;
    }
    const more m = fill(true);
    if (m == more::failed) return true;
    if (m == more::full) {
      // One document fills the window: the plain step reads it (or skips
      // it as too large), leaving pos_ just past a delimiter as it does.
      if (seq && past_first_piece_) ++pos_;
      scan_ = pos_;
      arena_->reset();  // as next() starts a step
      source_ = {};
      const bool yielded = next_delimited(delimiter);
      if (seq && pos_ > 0 && window_[pos_ - 1] == record_separator) --pos_;
      scan_ = pos_;
      return yielded;
    }
  }
}

bool detail::stream_state::piece(std::size_t from, std::size_t to, bool delimited) noexcept {
  const bool ndjson = options_.format == document_format::ndjson;
  source_ = std::string_view(window_ + from, to - from);
  source_offset_ = base_ + from;
  bool yielded = true;
  if (!ndjson && !past_first_piece_) {
    // Text before the stream's first RS is not a record.
    past_first_piece_ = true;
    yielded = to != from && fail_at(error_code::unexpected_character,
                                    "expected a record separator (0x1E)", from);
  } else if (unparsed_) {
    // Found, not checked: blank when it holds only whitespace.
    std::size_t first = from;
    while (first != to && is_space(window_[first])) ++first;
    if (first == to) {
      yielded = false;
    } else if (!ndjson &&
               documents_state::unparsed_record_cut(parser_, engine_,
                                                    std::string_view(window_ + from, to - from),
                                                    window_[first])) {
      fail_at(error_code::unexpected_end, detail::record_cut_message, to);
    } else {
      if (!current_.ok()) current_ = document();  // an empty one: root() absent
      succeed();
    }
  } else if (const error e = parse(source_.data(), source_.size()); !e.ok()) {
    if (e.code == error_code::empty_input) {
      yielded = false;  // a blank line or an empty record
    } else {
      error located = e;
      located.offset += from;
      fail(located);
    }
  } else if (!ndjson) {
    if (detail::record_may_be_cut(current_->root(), window_[to - 1]))
      fail_at(error_code::unexpected_end, detail::record_cut_message, to);
    else
      succeed();
  } else {
    succeed();
  }
  if (ndjson && delimited) {
    // The LF at to ends this line; errors on it were located above.
    counted_ = line_start_ = base_ + to + 1;
    ++line_;
  }
  return yielded;
}

bool detail::stream_state::skip_oversize(char delimiter) noexcept {
  // The window is full, holds no delimiter and cannot grow. The piece is
  // not in the window: no source (not that of a blank piece skipped before).
  source_ = {};
  const bool junk = options_.format == document_format::json_seq && !past_first_piece_;
  error e = make_error(junk ? error_code::unexpected_character : error_code::capacity_exceeded);
  e.message = junk ? "expected a record separator (0x1E)" : "document larger than the stream window";
  const std::uint64_t start = base_ + pos_;
  count_lines(start);
  e.offset = static_cast<std::size_t>(start);
  e.line = line_;
  e.column = start - line_start_ + 1;
  past_first_piece_ = true;
  // A piece of whitespace only is blank, however long: no document.
  bool blank = !junk;
  // Read on, dropping the bytes, to the delimiter or the end of the stream.
  for (;;) {
    for (std::size_t i = pos_; blank && i != end_; ++i) blank = is_space(window_[i]);
    count_lines(base_ + end_);
    base_ += end_;
    pos_ = scan_ = end_ = 0;
    if (read_failed_) return fail_read();
    if (eof_) break;
    const more m = fill(false);
    if (m == more::failed) return true;
    const void* found = std::memchr(window_, delimiter, end_);
    if (found != nullptr) {
      const auto to = static_cast<std::size_t>(static_cast<const char*>(found) - window_);
      for (std::size_t i = 0; blank && i != to; ++i) blank = is_space(window_[i]);
      count_lines(base_ + to);
      pos_ = scan_ = to + 1;
      if (options_.format == document_format::ndjson) {
        counted_ = line_start_ = base_ + to + 1;
        ++line_;
      }
      if (blank) return next_delimited(delimiter);
      e.needed = static_cast<std::size_t>(base_ + to - start);
      return failed(e);
    }
  }
  if (blank) return next_delimited(delimiter);
  e.needed = static_cast<std::size_t>(base_ + end_ - start);
  return failed(e);
}

error detail::stream_state::parse_prefix(bool& failed_io) noexcept {
  failed_io = false;
  for (;;) {
    const std::size_t avail = end_ - pos_;
    if (avail == 0 && !eof_) {
      const more m = fill(false);
      if (m == more::failed) {
        failed_io = true;
        return error();
      }
      continue;
    }
    const error e = parse(window_ + pos_, avail);
    const bool open = may_continue(e, e.ok() ? consumed_ : 0, window_ + pos_, avail);
    if (open && read_failed_) {
      failed_io = true;
      fail_read();
      return error();
    }
    if (eof_ || !open) return e;
    const more m = fill(true);
    if (m == more::failed) {
      failed_io = true;
      return error();
    }
    if (m == more::full) {
      // A whole window of one document and whitespace: complete, unless it
      // ends in a number or literal that may go on, or may end inside a line
      // comment (the parse took the window's end for the comment's).
      if (e.ok() && !ends_word(window_[end_ - 1]) &&
          !(parser_.options().syntax.allow_comments && may_end_in_line_comment(window_ + pos_, avail)))
        return e;
      // Whitespace before the document is none of it: drop it (source() then
      // starts after it) and read on, whether the window holds only
      // whitespace or the document's start comes late in it. A window of
      // comments cannot be dropped: it may end inside one, and the parser
      // does not say where. It fails as too large.
      std::size_t first = pos_;
      while (first != end_ && is_space(window_[first])) ++first;
      if (first != pos_) {
        pos_ = first;
        continue;
      }
      error c = make_error(error_code::capacity_exceeded, cap_ + 1);
      c.message = "document larger than the stream window";
      c.offset = 0;  // relative to pos_, as every error parse() returns
      return c;
    }
  }
}

bool detail::stream_state::next_concatenated() noexcept {
  bool failed_io = false;
  const error e = parse_prefix(failed_io);
  if (failed_io) return true;
  if (!e.ok()) {
    if (e.code == error_code::empty_input) {
      done_ = true;
      return false;
    }
    source_offset_ = base_ + pos_;
    error located = e;
    if (e.code != error_code::capacity_exceeded)
      source_ = std::string_view(window_ + pos_, std::min(e.offset, end_ - pos_));
    located.offset += pos_;
    return fail(located);
  }
  const std::size_t consumed = consumed_;
  const std::size_t stop = pos_ + consumed;
  source_ = std::string_view(window_ + pos_, consumed);
  source_offset_ = base_ + pos_;
  if (stop != end_ && ends_word(window_[stop - 1]) && detail::starts_value(window_[stop]))
    return fail_at(error_code::unexpected_character, "expected whitespace between documents", stop);
  pos_ = stop;
  return succeed();
}

}  // namespace jot
