// jot/sink.h - where output goes in bounded memory: a callback that takes
// consecutive pieces of the text.
//
// Writing to a sink (jot::write(value, sink), jot::writer) fills a fixed
// block (sink_block_size bytes, on the stack or inside the writer, never on
// the heap) and hands it to the sink whenever it fills, then once more at the
// end. Memory stays bounded by the block however long the output is. A sink
// that fails makes the write fail with io_error; what it accepted before
// stays written (a sink cannot take bytes back).
#pragma once

#include <cstddef>
#include <cstdio>

namespace jot {

// Bytes the writer collects before calling a sink (at most this many per call).
inline constexpr std::size_t sink_block_size = 8192;

// A destination for text. write(context, data, size) receives the next size
// (> 0) bytes of the output and returns false when it could not take them
// all; it is never called again after that.
struct sink {
  void* context = nullptr;  // passed back to write
  bool (*write)(void* context, const char* data, std::size_t size) noexcept = nullptr;

  // Adapts an object with a `bool write(const char*, std::size_t) noexcept`
  // member; the object must outlive every write that uses it.
  template <class S>
  static sink of(S& object) noexcept {
    sink s;
    s.context = &object;
    s.write = [](void* c, const char* data, std::size_t size) noexcept -> bool {
      return static_cast<S*>(c)->write(data, size);
    };
    return s;
  }
};

// Writes to f with std::fwrite; fails on a short write. Does not flush or
// close f (call std::fflush to see a late error of a buffered stream).
sink file_sink(std::FILE* f) noexcept;

// Writes to the POSIX file descriptor fd with write(2), retrying after
// EINTR and partial writes; fails on any other error (errno then says why).
// Does not close fd. On a platform without POSIX write(2), fails on use.
sink fd_sink(int fd) noexcept;

}  // namespace jot
