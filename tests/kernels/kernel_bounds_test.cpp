// No kernel reads past its input: every input here ends on the last byte of a
// readable page whose next page is PROT_NONE, so an over-read is a crash, not
// a silent pass. Sanitizers do not see every vector load (AVX-512 masked
// loads are not instrumented), and heap padding hides over-reads of a few
// bytes; a guard page does neither. Lengths run over several register widths
// so that every tail size of every kernel is met. Each kernel must also agree
// with the portable one.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <cstring>
#include <string>
#include <vector>

#include "support/guarded_page.h"
#include "support/test_kernels.h"

#if defined(JOT_TEST_HAVE_GUARDED_PAGE)

namespace {

using jot_test::guarded_page;

// Inputs whose last bytes are each kind of token a kernel scans with vectors.
std::vector<std::string> edge_inputs() {
  std::vector<std::string> out;
  const std::string utf8 = "\xC3\xA9";  // é
  for (std::size_t n = 0; n <= 200; ++n) {
    const std::string run(n, 'a');
    out.push_back("\"" + run + "\"");                 // a string that ends the input
    out.push_back("\"" + run);                        // unterminated
    out.push_back("\"" + run + "\\n\"");              // an escape near the end
    out.push_back("\"" + run + "\\");                 // a backslash as the last byte
    out.push_back("[" + std::string(n, ' ') + "]");   // whitespace before the end
    out.push_back("1" + std::string(n, ' '));         // trailing whitespace
    out.push_back("1" + std::string(n, '\n') + "x");  // trailing content after a run
    std::string wide = "\"";
    for (std::size_t i = 0; i < n; ++i) wide += utf8;
    out.push_back(wide + "\"");                       // non-ASCII up to the end
    out.push_back(wide + "\xC3");                     // a sequence cut by the end
    out.push_back("\"" + run + "\xE2\x82");           // a longer one, cut
    out.push_back("\"" + run + "\x01\"");             // a control character
  }
  return out;
}

class KernelBounds : public testing::TestWithParam<jot::kernel> {};

TEST_P(KernelBounds, NoKernelReadsPastTheInput) {
  guarded_page page;
  if (!page.ok()) GTEST_SKIP() << "mmap/mprotect unavailable";
  std::vector<char> buf(64 * 1024), ref_buf(64 * 1024);
  for (const std::string& text : edge_inputs()) {
    ASSERT_LE(text.size(), page.capacity());
    const std::string_view in = page.place(text);
    jot::arena a(buf.data(), buf.size());
    jot::arena b(ref_buf.data(), ref_buf.size());
    jot::result<jot::document> got = jot::parser({}, GetParam()).parse(in, a);
    // The reference runs on a private copy (nothing of it is guarded).
    const std::string copy(text);
    jot::result<jot::document> want = jot::parser({}, jot::kernel::portable).parse(copy, b);
    ASSERT_EQ(static_cast<bool>(got), static_cast<bool>(want)) << text;
    if (!want) {
      EXPECT_EQ(got.error().code, want.error().code) << text;
      EXPECT_EQ(got.error().offset, want.error().offset) << text;
      // The line count runs up to the error, which may be the input's end.
      EXPECT_EQ(got.error().line, want.error().line) << text;
      EXPECT_EQ(got.error().column, want.error().column) << text;
    }
  }
}

JOT_INSTANTIATE_FOR_KERNELS(KernelBounds);

}  // namespace
#endif
