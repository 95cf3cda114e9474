// src/multi/stream_elements.cpp - stream_reader over the elements of one JSON
// array (stream_options::array_elements): the brackets and commas between the
// elements are checked here, each element is parsed (or scanned) as a prefix
// of the window by stream.cpp's parse_prefix, which refills the window until
// the outcome cannot change.
#include <cstring>

#include "document_bytes.h"
#include "jot/detail/scan/blank.h"
#include "jot/stream.h"

namespace jot {

namespace {

using detail::comment_end;
using detail::is_space;

// Whether [p, end) holds only whitespace and, with comments, whole
// comments: a parse that then fails at end failed where a value starts.
bool only_blank(const char* p, const char* end, bool comments) noexcept {
  while (p != end) {
    if (is_space(*p)) {
      ++p;
    } else if (comments && end - p >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
      p = comment_end(p, end);
      if (p == nullptr) return false;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool detail::stream_state::skip_space() noexcept {
  for (;;) {
    while (pos_ != end_ && is_space(window_[pos_])) ++pos_;
    if (pos_ != end_) return true;
    if (read_failed_) {
      fail_read();
      return false;
    }
    if (eof_) return false;
    if (fill(false) == more::failed) return false;
  }
}

bool detail::stream_state::skip_blank() noexcept {
  for (;;) {
    if (!skip_space()) return false;
    if (window_[pos_] != '/') return true;
    // The byte after the '/' tells a comment from a stray '/'.
    while (end_ - pos_ < 2 && !eof_) {
      const more m = fill(false);
      if (m == more::failed) return false;
      if (m == more::full) break;  // a one-byte window: the '/' is all there is
    }
    if (end_ - pos_ < 2 && read_failed_) {
      fail_read();
      return false;
    }
    if (end_ - pos_ < 2 || (window_[pos_ + 1] != '/' && window_[pos_ + 1] != '*')) return true;
    if (!parser_.options().syntax.allow_comments) {
      fail_at(error_code::comment_not_allowed, default_message(error_code::comment_not_allowed), pos_);
      return false;
    }
    if (!skip_comment()) return false;
  }
}

bool detail::stream_state::skip_comment() noexcept {
  const bool line = window_[pos_ + 1] == '/';
  std::size_t from = pos_ + 2;  // no end of the comment starts before this
  for (;;) {
    if (line) {
      from = static_cast<std::size_t>(line_comment_end(window_ + from, window_ + end_) - window_);
      if (from != end_) {
        pos_ = from;
        return true;
      }
    } else {
      if (const char* after = block_comment_end(window_ + from, window_ + end_)) {
        pos_ = static_cast<std::size_t>(after - window_);
        return true;
      }
      if (end_ - from >= 2) from = end_ - 1;  // a '*' there may meet the next '/'
    }
    if (eof_) {
      if (read_failed_) {
        fail_read();
        return false;
      }
      if (!line) {
        fail_at(error_code::unterminated_comment, default_message(error_code::unterminated_comment), pos_);
        return false;
      }
      pos_ = end_;  // a line comment may end the stream
      return true;
    }
    const std::size_t start = pos_;
    const more m = fill(true);
    if (m == more::failed) return false;
    from -= start - pos_;  // the bytes moved from start to pos_
    if (m == more::full) {
      error e = make_error(error_code::capacity_exceeded, cap_ + 1);
      e.message = "comment larger than the stream window";
      e.offset = pos_;
      fail(e);
      return false;
    }
  }
}

bool detail::stream_state::fail_trailing_comma(std::uint64_t comma) noexcept {
  error e = make_error(error_code::trailing_comma);
  if (comma >= base_) {
    e.offset = static_cast<std::size_t>(comma - base_);
    return fail(e);
  }
  // fill() counted its line before it left the window.
  e.offset = static_cast<std::size_t>(comma);
  e.line = comma_line_;
  e.column = comma - comma_line_start_ + 1;
  return failed(e);
}

bool detail::stream_state::next_element_in_window() noexcept {
  const char* const w = window_;
  std::size_t at = pos_;
  while (at != end_ && is_space(w[at])) ++at;
  if (at == end_ || w[at] != ',') return false;
  ++at;  // the element's source() starts here, as in next_element
  const std::size_t avail = end_ - at;
  if (scan_only_) {
    if (!parse(w + at, avail).ok()) return false;
  } else {
    if (!documents_state::run_step(parser_, std::string_view(w + at, avail), avail, false, *arena_,
                                   current_)
             .ok()) {
      arena_->reset();  // the attempt's nodes
      return false;
    }
    consumed_ = current_->consumed();
  }
  const std::size_t consumed = consumed_;
  if (consumed == avail || (consumed + 1 == avail && w[at + consumed] == '/')) {  // may_continue
    arena_->reset();
    return false;
  }
  source_ = std::string_view(w + at, consumed);
  source_offset_ = base_ + at;
  pos_ = at + consumed;
  return succeed();
}

bool detail::stream_state::next_element() noexcept {
  if (array_ == array_state::after_element && !parser_.options().syntax.allow_trailing_commas &&
      next_element_in_window())
    return true;
  return next_element_general();
}

JOT_NOINLINE bool detail::stream_state::next_element_general() noexcept {
  // before: expect '['; first: an element or ']'; after_element: ',' or ']';
  // after_end: only whitespace (and comments, where allowed) may follow.
  for (;;) {
    const bool any = skip_blank();
    if (done_) return true;  // a read failed, or a comment
    switch (array_) {
      case array_state::before:
        if (!any) return fail_at(error_code::empty_input, "the stream holds no array", pos_);
        if (base_ + pos_ == 0 && end_ < 3 && !eof_ && window_[0] == '\xEF') {
          // start() filled the window: too small to tell a byte order mark.
          error e = make_error(error_code::capacity_exceeded, 3);
          e.message = "the stream window is smaller than a byte order mark";
          return fail(e);
        }
        if (!bom_ && base_ + pos_ == 0 && end_ >= 3 && std::memcmp(window_, "\xEF\xBB\xBF", 3) == 0)
          return fail_at(error_code::byte_order_mark, default_message(error_code::byte_order_mark), 0);
        if (window_[pos_] != '[')
          return fail_at(error_code::unexpected_character, "expected '[': the stream is not an array",
                         pos_);
        if (array_too_deep_)
          return fail_at(error_code::depth_exceeded, default_message(error_code::depth_exceeded), pos_);
        ++pos_;
        array_ = array_state::first;
        continue;
      case array_state::first:
        if (!any) return fail_at(error_code::unexpected_end, "expected an element or ']'", pos_);
        if (window_[pos_] == ']') {
          ++pos_;
          array_ = array_state::after_end;
          continue;
        }
        break;
      case array_state::after_element:
        if (!any) return fail_at(error_code::unexpected_end, "expected ',' or ']'", pos_);
        if (window_[pos_] == ']') {
          ++pos_;
          array_ = array_state::after_end;
          continue;
        }
        if (window_[pos_] != ',')
          return fail_at(error_code::unexpected_character, "expected ',' or ']' after an element",
                         pos_);
        comma_ = base_ + pos_;
        ++pos_;
        break;
      case array_state::after_end:
        if (any)
          return fail_at(error_code::trailing_content, "content after the array", pos_);
        done_ = true;
        return false;
    }
    bool failed_io = false;
    const error e = parse_prefix(failed_io);
    const std::uint64_t comma = comma_;
    comma_ = no_comma;
    if (failed_io) return true;
    source_offset_ = base_ + pos_;
    if (!e.ok()) {
      if (comma != no_comma && e.code == error_code::unexpected_character && e.offset < end_ - pos_ &&
          window_[pos_ + e.offset] == ']' &&
          only_blank(window_ + pos_, window_ + pos_ + e.offset, parser_.options().syntax.allow_comments)) {
        // The array ends where the element after the comma should start.
        if (parser_.options().syntax.allow_trailing_commas) {
          pos_ += e.offset + 1;
          array_ = array_state::after_end;
          continue;
        }
        source_ = std::string_view(window_ + pos_, e.offset);
        return fail_trailing_comma(comma);
      }
      error located = e;
      if (e.code == error_code::empty_input) {  // "[1," and the end
        located = make_error(error_code::unexpected_end);
        located.offset = end_ - pos_;
      } else if (e.code == error_code::byte_order_mark) {
        // A parse refuses the mark at its first byte; inside the array it
        // is only a byte that starts no value.
        located = make_error(error_code::unexpected_character);
        located.message = "expected a value";
        located.offset = e.offset;
      }
      if (e.code != error_code::capacity_exceeded)
        source_ = std::string_view(window_ + pos_, std::min(located.offset, end_ - pos_));
      located.offset += pos_;
      return fail(located);
    }
    source_ = std::string_view(window_ + pos_, consumed_);
    pos_ += consumed_;
    array_ = array_state::after_element;
    return succeed();
  }
}

}  // namespace jot
