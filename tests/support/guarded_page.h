// tests/support/guarded_page.h - a readable page followed by an unreadable one, so
// that text placed to end at the boundary turns any over-read into a crash
// (sanitizers miss some vector loads; a guard page does not). Unix only.
#pragma once

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <string_view>

namespace jot_test {

// Two pages, the second unreadable; place() copies text to end at the boundary.
class guarded_page {
 public:
  guarded_page() {
    page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* m = mmap(nullptr, 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return;
    base_ = static_cast<char*>(m);
    if (mprotect(base_ + page_, page_, PROT_NONE) != 0) {
      munmap(base_, 2 * page_);
      base_ = nullptr;
    }
  }
  ~guarded_page() {
    if (base_) munmap(base_, 2 * page_);
  }
  bool ok() const { return base_ != nullptr; }
  std::size_t capacity() const { return page_; }
  std::string_view place(std::string_view text) {
    char* at = base_ + page_ - text.size();
    std::memcpy(at, text.data(), text.size());
    return {at, text.size()};
  }

 private:
  std::size_t page_ = 0;
  char* base_ = nullptr;
};

}  // namespace jot_test

#define JOT_TEST_HAVE_GUARDED_PAGE 1
#endif
