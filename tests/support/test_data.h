// tests/support/test_data.h - finding and reading the shared test data.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace jot_test {

// JOT_DATA_DIR if set, else ../shared/data beside the checkout; "" if neither exists.
inline std::string data_dir() {
  auto exists = [](const std::string& p) {
    std::ifstream f(p + "/README.md");
    return f.good();
  };
  if (const char* env = std::getenv("JOT_DATA_DIR"); env && *env && exists(env)) return env;
  if (exists(JOT_DEFAULT_DATA_DIR)) return JOT_DEFAULT_DATA_DIR;
  return "";
}

// The folder ../conformance/<suite> beside the shared data when it holds
// probe, else "".
inline std::string conformance_suite(const std::string& suite, const std::string& probe) {
  std::string d = data_dir();
  if (d.empty()) return "";
  std::string c = d + "/../conformance/" + suite;
  std::ifstream f(c + "/" + probe);
  return f.good() ? c : "";
}

// The conformance suite's test_parsing folder, or "".
inline std::string conformance_dir() {
  return conformance_suite("JSONTestSuite/test_parsing", "y_structure_lonely_null.json");
}

// The RFC 6902 suite (json-patch-tests: tests.json, spec_tests.json), or "".
inline std::string json_patch_tests_dir() { return conformance_suite("json-patch-tests", "tests.json"); }

// Sorted paths of the conformance files whose names start with prefix ("y_",
// "n_", "i_"); empty when the suite is missing.
inline std::vector<std::string> conformance_files(const std::string& prefix) {
  std::vector<std::string> out;
  const std::string dir = conformance_dir();
  if (dir.empty()) return out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind(prefix, 0) == 0) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

// A heap copy of exactly text.size() bytes, so that ASan reports any read past
// the end of the input (a std::string has spare capacity and a NUL).
class exact_copy {
 public:
  explicit exact_copy(std::string_view text)
      : size_(text.size()), data_(new char[text.size() ? text.size() : 1]) {
    if (size_) std::memcpy(data_.get(), text.data(), size_);
  }
  std::string_view view() const { return {data_.get(), size_}; }
  operator std::string_view() const { return view(); }  // NOLINT: implicit for brevity

 private:
  std::size_t size_;
  std::unique_ptr<char[]> data_;
};

}  // namespace jot_test

// Skips the current test with a clear message when the shared data is missing.
#define JOT_REQUIRE_DATA(dir)                                                       \
  std::string dir = jot_test::data_dir();                                            \
  if (dir.empty()) GTEST_SKIP() << "shared test data not found: set JOT_DATA_DIR or " \
                                   "place it at ../shared/data"
