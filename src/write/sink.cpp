// src/write/sink.cpp - the ready-made sinks of jot/sink.h: a FILE* and a POSIX
// file descriptor.
#include "jot/sink.h"

#include <cstdint>
#include <cstdio>

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <unistd.h>
#define JOT_HAVE_POSIX_WRITE 1
#endif

namespace jot {

sink file_sink(std::FILE* f) noexcept {
  sink s;
  s.context = f;
  s.write = [](void* c, const char* data, std::size_t size) noexcept -> bool {
    return std::fwrite(data, 1, size, static_cast<std::FILE*>(c)) == size;
  };
  return s;
}

sink fd_sink(int fd) noexcept {
  sink s;
  // The descriptor travels in the context pointer itself: no state to keep alive.
  s.context = reinterpret_cast<void*>(static_cast<std::intptr_t>(fd));
  s.write = [](void* c, const char* data, std::size_t size) noexcept -> bool {
#if defined(JOT_HAVE_POSIX_WRITE)
    const int to = static_cast<int>(reinterpret_cast<std::intptr_t>(c));
    while (size != 0) {
      const ssize_t n = ::write(to, data, size);
      if (n < 0) {
        if (errno == EINTR) continue;
        return false;
      }
      if (n == 0) return false;  // a regular write never returns 0 for size > 0
      data += n;
      size -= static_cast<std::size_t>(n);
    }
    return true;
#else
    (void)c;
    (void)data;
    (void)size;
    return false;
#endif
  };
  return s;
}

}  // namespace jot
