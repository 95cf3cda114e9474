// src/write/write_sinks.h - where the writers' bytes go. Not API.
//
// A sink hands out writable ranges. refill(cur, need) is called when the
// current range has fewer than need bytes left at cur (need <= scratch_size)
// and returns the next range; it never fails, so the writers' hot paths have
// no failure branch: a sink that fails carries on, dropping its output, and
// reports the failure at the end (finish). Three sinks exist:
//   buffer_sink - appends to an output_buffer, growing it through its allocator;
//   fixed_sink  - fills a caller buffer; when a reservation does not fit it
//                 continues in a scratch block that is flushed into the
//                 buffer while room lasts and only counted afterwards, so one
//                 pass yields both the text and, on overflow, the exact size;
//   stream_sink - fills a block of sink_block_size bytes and hands it to a
//                 jot::sink whenever a reservation does not fit.
// Every writer (the DOM writer's tape loop, the typed encoder, jot::writer)
// runs over these, so each gets all three destinations.
#pragma once

#include <cstddef>
#include <cstring>

#include "jot/detail/write/write_primitives.h"
#include "jot/sink.h"
#include "jot/write.h"

#if defined(__GNUC__) || defined(__clang__)
#define JOT_WRITE_LIKELY(x) __builtin_expect(!!(x), 1)
#define JOT_WRITE_NOINLINE __attribute__((noinline))
#else
#define JOT_WRITE_LIKELY(x) (x)
#define JOT_WRITE_NOINLINE
#endif

namespace jot::detail {

// Largest single reservation; the fixed and buffer sinks' scratch block holds one.
inline constexpr std::size_t scratch_size = max_reserve;
static_assert(sink_block_size >= 2 * scratch_size,
              "a stream block must take a reservation and still flush in large pieces");

// Appends to an output_buffer. A token whose worst-case reservation exceeds
// the free capacity goes to a scratch block first, and only the bytes actually
// written are appended: the buffer grows (geometrically) only when the text
// itself does not fit, so a buffer sized with written_size() never grows.
class buffer_sink {
 public:
  explicit buffer_sink(output_buffer& out) noexcept : out_(out) {}
  out_range start() noexcept { return {out_.end(), out_.end() + (out_.capacity() - out_.size())}; }
  JOT_WRITE_NOINLINE out_range refill(char* cur, std::size_t need) noexcept {
    settle(cur);
    if (!failed_ && out_.capacity() - out_.size() >= need) {
      in_scratch_ = false;
      return start();
    }
    in_scratch_ = true;
    return {scratch_, scratch_ + scratch_size};
  }
  // False when the allocator failed; out then holds an unspecified prefix.
  bool finish(char* cur) noexcept {
    settle(cur);
    return !failed_;
  }
  output_buffer& out() noexcept { return out_; }

 private:
  // Accounts for the bytes before cur: committed in place, or appended from
  // the scratch block (growing the buffer); after a failure, dropped.
  void settle(char* cur) noexcept {
    if (!in_scratch_) {
      out_.commit(static_cast<std::size_t>(cur - out_.end()));
    } else if (!failed_ && !out_.append({scratch_, static_cast<std::size_t>(cur - scratch_)})) {
      failed_ = true;
    }
  }

  output_buffer& out_;
  bool failed_ = false;
  bool in_scratch_ = false;
  char scratch_[scratch_size];
};

// Fills a caller buffer. Past its end, output goes to a scratch block that is
// flushed into the buffer while room lasts and counted once it does not fit,
// so the writer can finish and report the exact size.
class fixed_sink {
 public:
  fixed_sink(char* buffer, std::size_t capacity) noexcept : buffer_(buffer), capacity_(capacity) {}
  out_range start() noexcept { return {buffer_, buffer_ + capacity_}; }
  JOT_WRITE_NOINLINE out_range refill(char* cur, std::size_t need) noexcept {
    if (in_scratch_) {
      flush(cur);
    } else {
      written_ = static_cast<std::size_t>(cur - buffer_);
    }
    // Back into the caller buffer while it still has room for this token.
    if (counted_ == 0 && capacity_ - written_ >= need) {
      in_scratch_ = false;
      return {buffer_ + written_, buffer_ + capacity_};
    }
    in_scratch_ = true;
    return {scratch_, scratch_ + scratch_size};
  }
  // Total bytes produced; sets overflowed().
  std::size_t finish(char* cur) noexcept {
    if (!in_scratch_) return static_cast<std::size_t>(cur - buffer_);
    flush(cur);
    return written_ + counted_;
  }
  bool overflowed() const noexcept { return counted_ != 0; }

 private:
  // Moves the scratch content into the buffer, or counts it once it no longer fits.
  void flush(char* cur) noexcept {
    const auto n = static_cast<std::size_t>(cur - scratch_);
    if (counted_ == 0 && capacity_ - written_ >= n) {
      if (n != 0) std::memcpy(buffer_ + written_, scratch_, n);
      written_ += n;
    } else {
      counted_ += n;
    }
  }

  char* buffer_;
  std::size_t capacity_;
  std::size_t written_ = 0;  // bytes in buffer_ when in scratch mode
  std::size_t counted_ = 0;  // bytes produced after the first that did not fit
  bool in_scratch_ = false;
  char scratch_[scratch_size];
};

// Fills a block and hands it to a jot::sink when a reservation does not fit
// in what is left. After the sink fails, output is counted and dropped.
class stream_sink {
 public:
  explicit stream_sink(sink out) noexcept : out_(out) {}
  out_range start() noexcept { return {block_, block_ + sink_block_size}; }
  JOT_WRITE_NOINLINE out_range refill(char* cur, std::size_t) noexcept {
    flush(cur);
    return start();
  }
  // Hands over the rest; total bytes produced. Sets failed().
  std::size_t finish(char* cur) noexcept {
    flush(cur);
    return total_;
  }
  bool failed() const noexcept { return failed_; }

 private:
  void flush(char* cur) noexcept {
    const auto n = static_cast<std::size_t>(cur - block_);
    total_ += n;
    if (n != 0 && !failed_ && (out_.write == nullptr || !out_.write(out_.context, block_, n)))
      failed_ = true;
  }

  sink out_;
  std::size_t total_ = 0;
  bool failed_ = false;
  char block_[sink_block_size];
};

// Writes where a typed encoder writes: its write_target, whose refill leads
// to one of the sinks above.
class target_sink {
 public:
  explicit target_sink(write_target& t) noexcept : t_(t) {}
  out_range refill(char* cur, std::size_t need) noexcept { return t_.refill(t_.sink, cur, need); }

 private:
  write_target& t_;
};

// The refill of a write_target over a Sink.
template <class Sink>
out_range refill_of(void* sink, char* cur, std::size_t need) noexcept {
  return static_cast<Sink*>(sink)->refill(cur, need);
}

// Turns the outcome of a write into the result of the public calls. failure
// (a value that cannot be written, a writer call out of order) wins over the
// destination's own errors: it does not depend on memory or I/O.
inline result<std::size_t> finish_fixed(fixed_sink& sink, char* cur, const error& failure) noexcept {
  const std::size_t total = sink.finish(cur);
  if (!failure.ok()) return failure;
  if (sink.overflowed()) return make_error(error_code::buffer_too_small, total);
  return total;
}

// old_size: out's size before the write; on failure out is cut back to it.
inline result<std::string_view> finish_buffer(buffer_sink& sink, char* cur, const error& failure,
                                              std::size_t old_size) noexcept {
  output_buffer& out = sink.out();
  const bool grown = sink.finish(cur);
  if (!grown || !failure.ok()) {
    out.clear();
    out.commit(old_size);
    return failure.ok() ? make_error(error_code::out_of_memory) : failure;
  }
  return std::string_view(out.data() + old_size, out.size() - old_size);
}

inline result<std::size_t> finish_stream(stream_sink& sink, char* cur, const error& failure) noexcept {
  // A failed write hands nothing more to the sink: its output is not JSON.
  if (!failure.ok()) return failure;
  const std::size_t total = sink.finish(cur);
  if (sink.failed()) return make_error(error_code::io_error);
  return total;
}

// Runs write(sink, failure) -> the cursor past the text on a fresh sink of
// each kind and returns the public result.
template <class Write>
result<std::size_t> run_fixed(char* buffer, std::size_t capacity, Write write) noexcept {
  fixed_sink sink(buffer, capacity);
  error failure{};
  char* const cur = write(sink, failure);
  return finish_fixed(sink, cur, failure);
}

template <class Write>
result<std::string_view> run_buffer(output_buffer& out, Write write) noexcept {
  const std::size_t old_size = out.size();
  buffer_sink sink(out);
  error failure{};
  char* const cur = write(sink, failure);
  return finish_buffer(sink, cur, failure, old_size);
}

template <class Write>
result<std::size_t> run_stream(sink out, Write write) noexcept {
  stream_sink sink(out);
  error failure{};
  char* const cur = write(sink, failure);
  return finish_stream(sink, cur, failure);
}

}  // namespace jot::detail
