// jot/write.h - printing values as JSON text.
//
// Output is valid UTF-8 JSON: strings escaped ('"', '\\' and control
// characters always; '/' and non-ASCII on request), integers exact, doubles in
// the shortest form that reads back to the same double (a double that is a
// whole number keeps a ".0" so it reads back as a double). Numbers kept as raw
// text are written as that text.
#pragma once

#include <cstddef>
#include <string_view>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/options.h"
#include "jot/sink.h"
#include "jot/value.h"

namespace jot {

// A growable output buffer that starts in inline storage, so short output
// never allocates. Grows through its allocator (malloc by default).
class output_buffer {
 public:
  static constexpr std::size_t inline_capacity = 512;

  output_buffer() noexcept;
  explicit output_buffer(allocator upstream) noexcept;
  ~output_buffer();
  output_buffer(const output_buffer&) = delete;
  output_buffer& operator=(const output_buffer&) = delete;

  const char* data() const noexcept JOT_LIFETIMEBOUND { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  std::string_view view() const noexcept JOT_LIFETIMEBOUND { return {data_, size_}; }
  // Empties the buffer and keeps its capacity.
  void clear() noexcept { size_ = 0; }
  // Keeps the first n bytes (n <= size()), and the capacity.
  void truncate(std::size_t n) noexcept { size_ = n < size_ ? n : size_; }

  // Makes room for n more bytes; false when the allocator fails.
  bool reserve_more(std::size_t n) noexcept;
  // Appends bytes; false when the allocator fails.
  bool append(std::string_view s) noexcept;
  // Marks n bytes written after size(); requires capacity.
  void commit(std::size_t n) noexcept { size_ += n; }
  char* end() noexcept JOT_LIFETIMEBOUND { return data_ + size_; }

 private:
  char* data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = inline_capacity;
  allocator upstream_;
  char inline_[inline_capacity];
};

// Writes v into [buffer, buffer + capacity). Returns the bytes written; fails
// with buffer_too_small, error::needed holding the exact size, when it does
// not fit (the buffer's content is then unspecified). No terminating NUL.
result<std::size_t> write(value v, char* buffer, std::size_t capacity,
                          const write_options& options = {}) noexcept;

// Appends v to out. Returns the appended text (valid until out changes);
// fails with out_of_memory when out cannot grow.
result<std::string_view> write(value v, output_buffer& out JOT_LIFETIMEBOUND,
                               const write_options& options = {}) noexcept;

// Writes v to out in bounded memory (jot/sink.h: a block of sink_block_size
// bytes on the stack, handed to out as it fills). Returns the bytes written;
// fails with io_error when out fails (it keeps what it took before).
result<std::size_t> write(value v, sink out, const write_options& options = {}) noexcept;

// The exact number of bytes write() produces for v.
std::size_t written_size(value v, const write_options& options = {}) noexcept;

}  // namespace jot
