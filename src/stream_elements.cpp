// src/stream_elements.cpp - stream_reader over the elements of one JSON
// array (stream_options::array_elements): the brackets and commas between the
// elements are checked here, each element is parsed (or scanned) as a prefix
// of the window by stream.cpp's parse_prefix, which refills the window until
// the outcome cannot change.
#include <cstring>

#include "document_bytes.h"
#include "jot/stream.h"

namespace jot {

namespace {

using detail::is_space;

}  // namespace

bool stream_reader::skip_space() noexcept {
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

bool stream_reader::next_element_in_window() noexcept {
  const char* const w = window_;
  std::size_t at = pos_;
  while (at != end_ && is_space(w[at])) ++at;
  if (at == end_ || w[at] != ',') return false;
  ++at;  // the element's source() starts here, as in next_element
  const std::size_t avail = end_ - at;
  if (scan_only_) {
    if (!parse(w + at, avail).ok()) return false;
  } else {
    if (!documents::run_step(parser_, std::string_view(w + at, avail), avail, false, *arena_, current_)
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

bool stream_reader::next_element() noexcept {
  if (array_ == array_state::after_element && !parser_.options().allow_trailing_commas &&
      next_element_in_window())
    return true;
  // before: expect '['; first: an element or ']'; after_element: ',' or ']';
  // after_end: only whitespace may follow.
  for (;;) {
    const bool any = skip_space();
    if (done_) return true;  // a read failed
    switch (array_) {
      case array_state::before:
        if (!any) return fail_at(error_code::empty_input, "the stream holds no array", pos_);
        if (window_[pos_] != '[')
          return fail_at(error_code::unexpected_character, "expected '[': the stream is not an array",
                         pos_);
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
        ++pos_;
        if (parser_.options().allow_trailing_commas) {
          if (!skip_space()) {
            if (done_) return true;
            return fail_at(error_code::unexpected_end, "expected an element or ']'", pos_);
          }
          if (window_[pos_] == ']') {
            ++pos_;
            array_ = array_state::after_end;
            continue;
          }
        }
        break;
      case array_state::after_end:
        if (any)
          return fail_at(error_code::trailing_content, "content after the array", pos_);
        done_ = true;
        return false;
    }
    bool failed_io = false;
    const error e = parse_prefix(failed_io);
    if (failed_io) return true;
    source_offset_ = base_ + pos_;
    if (!e.ok()) {
      error located = e;
      if (e.code == error_code::empty_input) {  // "[1," and the end
        located = make_error(error_code::unexpected_end);
        located.offset = end_ - pos_;
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
