// src/core/file.cpp - load_file: a whole file into an arena or an output_buffer.
//
// POSIX open/fstat/read where available (the size comes first, so a regular
// file costs one allocation and no copy); standard C stdio elsewhere, in
// growing chunks.
#include "jot/file.h"

#include <cstdio>
#include <cstring>

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define JOT_FILE_POSIX 1
#endif

namespace jot {

namespace {

constexpr std::size_t first_chunk = 64 * 1024;

error io_failure(const char* message) noexcept {
  error e = make_error(error_code::io_error);
  e.message = message;
  return e;
}

// Where the bytes go: room(used, more) returns where to write the next `more`
// bytes after `used` bytes already read (nullptr when memory runs out), and
// commit(n) records n of them as read.
class arena_target {
 public:
  explicit arena_target(arena& a) noexcept : a_(a) {}
  char* room(std::size_t used, std::size_t more) noexcept {
    if (more > cap_ - used) {
      std::size_t want = used + more;
      if (cap_ != 0 && want < 2 * cap_) want = 2 * cap_;  // growing: keep the copies linear
      auto* p = static_cast<char*>(a_.allocate(want, 1));
      if (p == nullptr) return nullptr;
      if (used != 0) std::memcpy(p, data_, used);
      data_ = p;
      cap_ = want;
    }
    return data_ + used;
  }
  void commit(std::size_t) noexcept {}
  std::string_view bytes(std::size_t used) const noexcept { return {data_, used}; }
  error out_of_room(std::size_t needed) const noexcept {
    return make_error(error_code::capacity_exceeded, needed);
  }
  void undo() noexcept {}

 private:
  arena& a_;
  char* data_ = nullptr;
  std::size_t cap_ = 0;
};

class buffer_target {
 public:
  explicit buffer_target(output_buffer& out) noexcept : out_(out), start_(out.size()) {}
  char* room(std::size_t, std::size_t more) noexcept { return out_.reserve_more(more) ? out_.end() : nullptr; }
  void commit(std::size_t n) noexcept { out_.commit(n); }
  std::string_view bytes(std::size_t used) const noexcept { return {out_.data() + start_, used}; }
  error out_of_room(std::size_t) const noexcept { return make_error(error_code::out_of_memory); }
  // Drops what this call appended: out keeps its previous content on failure.
  void undo() noexcept {
    out_.clear();
    out_.commit(start_);
  }

 private:
  output_buffer& out_;
  std::size_t start_;
};

#if defined(JOT_FILE_POSIX)

// Reads up to n bytes, retrying on EINTR; -1 on failure.
long read_some(int fd, char* to, std::size_t n) noexcept {
  for (;;) {
    const ssize_t got = ::read(fd, to, n);
    if (got >= 0 || errno != EINTR) return static_cast<long>(got);
  }
}

template <class Target>
result<std::string_view> load(const char* path, Target& t) noexcept {
  int fd;
  do fd = ::open(path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return io_failure("cannot open the file");
  struct stat st;
  std::size_t size = 0;  // 0: not known in advance
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      ::close(fd);
      return io_failure("is a directory");
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) size = static_cast<std::size_t>(st.st_size);
  }
  std::size_t used = 0;
  error failure;
  if (size != 0) {
    char* to = t.room(0, size);
    if (to == nullptr) {
      failure = t.out_of_room(size);
    } else {
      while (used < size) {
        const long got = read_some(fd, to + used, size - used);
        if (got < 0) {
          failure = io_failure("cannot read the file");
          break;
        }
        if (got == 0) break;  // shrank since fstat: what is there is the file
        used += static_cast<std::size_t>(got);
      }
      t.commit(used);
      char probe;
      if (failure.ok() && used == size) {
        const long more = read_some(fd, &probe, 1);
        if (more < 0) failure = io_failure("cannot read the file");
        if (more > 0) failure = io_failure("the file grew while being read");
      }
    }
  } else {
    std::size_t chunk = first_chunk;
    for (;;) {
      char* to = t.room(used, chunk);
      if (to == nullptr) {
        failure = t.out_of_room(used + chunk);
        break;
      }
      const long got = read_some(fd, to, chunk);
      if (got < 0) {
        failure = io_failure("cannot read the file");
        break;
      }
      if (got == 0) break;
      t.commit(static_cast<std::size_t>(got));
      used += static_cast<std::size_t>(got);
      if (static_cast<std::size_t>(got) == chunk && chunk < (std::size_t{64} << 20)) chunk *= 2;
    }
  }
  ::close(fd);
  if (!failure.ok()) {
    t.undo();
    return failure;
  }
  return t.bytes(used);
}

#else

template <class Target>
result<std::string_view> load(const char* path, Target& t) noexcept {
  std::FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return io_failure("cannot open the file");
  std::size_t used = 0;
  std::size_t chunk = first_chunk;
  error failure;
  for (;;) {
    char* to = t.room(used, chunk);
    if (to == nullptr) {
      failure = t.out_of_room(used + chunk);
      break;
    }
    const std::size_t got = std::fread(to, 1, chunk, f);
    t.commit(got);
    used += got;
    if (got < chunk) {
      if (std::ferror(f) != 0) failure = io_failure("cannot read the file");
      break;
    }
    if (chunk < (std::size_t{64} << 20)) chunk *= 2;
  }
  std::fclose(f);
  if (!failure.ok()) {
    t.undo();
    return failure;
  }
  return t.bytes(used);
}

#endif

}  // namespace

result<std::string_view> load_file(const char* path, arena& a) noexcept {
  arena_target t(a);
  return load(path, t);
}

result<std::string_view> load_file(const char* path, output_buffer& out) noexcept {
  buffer_target t(out);
  return load(path, t);
}

}  // namespace jot
