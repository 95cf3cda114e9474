// src/multi/sources.cpp - the sources a stream_reader reads from (jot/stream.h):
// a FILE* (std::fread) and a file descriptor (read(2), retried on EINTR). A
// jot::source of the caller's own is a callback, called by the window's fill
// (stream.cpp).
#include "jot/stream.h"

#include <cstdint>
#include <cstdio>

#include "io_error.h"

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <unistd.h>
#define JOT_HAVE_POSIX_READ 1
#endif

namespace jot {

using detail::make_io_error;

source file_source(std::FILE* f) noexcept {
  source s;
  s.context = f;
  s.read = [](void* c, char* buffer, std::size_t size) noexcept -> result<std::size_t> {
    auto* file = static_cast<std::FILE*>(c);
    const std::size_t n = std::fread(buffer, 1, size, file);
    if (n == 0 && std::ferror(file) != 0) return make_io_error("cannot read the stream");
    return n;
  };
  return s;
}

source fd_source(int fd) noexcept {
  source s;
  // The descriptor travels in the context pointer itself: no state to keep alive.
  s.context = reinterpret_cast<void*>(static_cast<std::intptr_t>(fd));
  s.read = [](void* c, char* buffer, std::size_t size) noexcept -> result<std::size_t> {
#if defined(JOT_HAVE_POSIX_READ)
    const int from = static_cast<int>(reinterpret_cast<std::intptr_t>(c));
    for (;;) {
      const ssize_t n = ::read(from, buffer, size);
      if (n >= 0) return static_cast<std::size_t>(n);
      if (errno != EINTR) return make_io_error("cannot read the stream");
    }
#else
    (void)c;
    (void)buffer;
    (void)size;
    return make_io_error("no POSIX read(2) on this platform");
#endif
  };
  return s;
}

}  // namespace jot
