// load_file (jot/file.h): regular files, unsized files, failures.
#include <gtest/gtest.h>
#include <jot/file.h>
#include <jot/jot.h>

#include <cstdio>
#include <string>

#include "support/must.h"
#include "support/test_data.h"

namespace {

using jot::error_code;
using jot_test::must;

// A file under the test's temporary directory, removed at the end.
class temp_file {
 public:
  explicit temp_file(const std::string& content, const char* name = "jot_file_test.json")
      : path_(testing::TempDir() + name) {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    EXPECT_NE(f, nullptr);
    if (f == nullptr) return;
    EXPECT_EQ(std::fwrite(content.data(), 1, content.size(), f), content.size());
    std::fclose(f);
  }
  ~temp_file() { std::remove(path_.c_str()); }
  const char* path() const { return path_.c_str(); }

 private:
  std::string path_;
};

TEST(LoadFile, IntoAnArena) {
  std::string content = "{\"a\": [1, 2, 3]}\n";
  for (int i = 0; i < 20000; ++i) content += "[" + std::to_string(i) + "]\n";
  temp_file f(content);
  jot::arena a;
  std::string_view text = must(jot::load_file(f.path(), a));
  EXPECT_EQ(text, content);
  EXPECT_EQ(a.upstream_blocks(), 1u);  // one allocation of the file's size
}

TEST(LoadFile, IntoAnOutputBufferAppends) {
  temp_file f("[true]");
  jot::output_buffer out;
  ASSERT_TRUE(out.append("x"));
  std::string_view text = must(jot::load_file(f.path(), out));
  EXPECT_EQ(text, "[true]");
  EXPECT_EQ(out.view(), "x[true]");
}

TEST(LoadFile, EmptyFile) {
  temp_file f("");
  jot::arena a;
  EXPECT_EQ(must(jot::load_file(f.path(), a)), "");
  jot::output_buffer out;
  EXPECT_EQ(must(jot::load_file(f.path(), out)), "");
}

TEST(LoadFile, FailuresAreIoErrors) {
  jot::arena a;
  auto missing = jot::load_file("/nonexistent/jot/file.json", a);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, error_code::io_error);
  EXPECT_STREQ(missing.error().message, "cannot open the file");
  jot::output_buffer out;
  ASSERT_TRUE(out.append("kept"));
  auto dir = jot::load_file(testing::TempDir().c_str(), out);
  ASSERT_FALSE(dir);
  EXPECT_EQ(dir.error().code, error_code::io_error);
  EXPECT_EQ(out.view(), "kept");
}

TEST(LoadFile, FixedBufferTooSmall) {
  temp_file f(std::string(1000, ' ') + "1");
  alignas(16) char buffer[256];
  jot::arena a(buffer, sizeof buffer);
  auto r = jot::load_file(f.path(), a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(r.error().needed, 1001u);
}

#if defined(__unix__)
// /proc files report size 0: read in chunks.
TEST(LoadFile, UnsizedFile) {
  jot::arena a;
  auto r = jot::load_file("/proc/self/status", a);
  if (!r) GTEST_SKIP() << "/proc/self/status not readable here";
  EXPECT_NE(r->find("Name:"), std::string_view::npos);
}
#endif

TEST(LoadFile, CorpusFileParses) {
  JOT_REQUIRE_DATA(dir);
  const std::string path = dir + "/corpus/twitter.json";
  jot::arena a, b;
  std::string_view text = must(jot::load_file(path.c_str(), a));
  std::string expected;
  ASSERT_TRUE(jot_test::read_file(path, expected));
  EXPECT_EQ(text, expected);
  EXPECT_TRUE(jot::parse(text, b));
}

}  // namespace
