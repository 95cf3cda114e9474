// tests/conformance/differential_test.cpp - jot's DOM against RapidJSON's on every y_
// conformance file, every i_ file jot accepts, and every shared data file.
//
// RapidJSON parses with kParseFullPrecisionFlag | kParseValidateEncodingFlag.
// Structure, member order and string bytes must match exactly; integers as
// integers; doubles bit for bit. Where RapidJSON's double differs from jot's,
// the C library's strtod (correctly rounded) decides: if it agrees with jot, the
// difference is RapidJSON's and is only reported. Every other difference
// fails unless listed in documented_differences below.
#include <gtest/gtest.h>

#include <bit>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "jot/jot.h"
#include "support/reference_double.h"
#include "support/same_tape.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

// JOT_TESTS_NO_RAPIDJSON: the headers are there but do not compile with this
// toolchain (tests/CMakeLists.txt).
#if __has_include(<rapidjson/document.h>) && !defined(JOT_TESTS_NO_RAPIDJSON)
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#define JOT_HAVE_RAPIDJSON 1
#endif

namespace {

using jot_test::same_tape;

#ifdef JOT_HAVE_RAPIDJSON

// jot's documented choices that RapidJSON makes differently. Keyed by the
// number text (for number rules) or the file name.
//   "-0": jot reads it as the double -0.0 (so it writes back as -0.0);
//         RapidJSON reads the integer 0.
bool documented_number_difference(std::string_view text) { return text == "-0"; }

// i_ files whose RapidJSON result differs from jot's by a documented choice.
// (Empty: every i_ file jot accepts reads the same in both.)
const std::set<std::string> documented_differences = {};

constexpr unsigned rapid_flags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag;

// Walks RapidJSON's tree and jot's tape together. `raw` is the same document
// parsed with keep_number_text: its tape has the same layout, so the number
// at node i has its source text at raw[i].
class comparer {
 public:
  comparer(const jot::detail::node* base, const jot::detail::node* raw) : base_(base), raw_(raw) {}

  // Returns "" when equal, else where and how they differ.
  std::string compare(const rapidjson::Value& r, const jot::detail::node* n, const std::string& path) {
    namespace d = jot::detail;
    switch (n->kind()) {
      case d::kind_null: return r.IsNull() ? "" : path + ": jot null";
      case d::kind_true: return r.IsTrue() ? "" : path + ": jot true";
      case d::kind_false: return r.IsFalse() ? "" : path + ": jot false";
      case d::kind_string:
      case d::kind_string_plain:
        if (!r.IsString()) return path + ": jot string";
        if (std::string_view(r.GetString(), r.GetStringLength()) != std::string_view(n->str, n->length()))
          return path + ": string bytes differ";
        return "";
      case d::kind_uint:
        if (!r.IsUint64() || r.IsDouble() || r.GetUint64() != n->u)
          return path + ": jot uint64 " + std::to_string(n->u);
        return "";
      case d::kind_int:
        if (!r.IsInt64() || r.IsDouble() || r.GetInt64() != n->i)
          return path + ": jot int64 " + std::to_string(n->i);
        return "";
      case d::kind_double: return compare_double(r, n, path);
      case d::kind_array: {
        if (!r.IsArray() || r.Size() != n->length()) return path + ": array sizes differ";
        const d::node* child = n + 1;
        for (rapidjson::SizeType i = 0; i < r.Size(); ++i, child = child->next()) {
          std::string why = compare(r[i], child, path + "/" + std::to_string(i));
          if (!why.empty()) return why;
        }
        return "";
      }
      case d::kind_object: {
        if (!r.IsObject() || r.MemberCount() != n->length()) return path + ": member counts differ";
        const d::node* key = n + 1;
        for (auto m = r.MemberBegin(); m != r.MemberEnd(); ++m, key = (key + 1)->next()) {
          std::string_view k(key->str, key->length());
          if (std::string_view(m->name.GetString(), m->name.GetStringLength()) != k)
            return path + ": keys differ at " + std::string(k);
          std::string why = compare(m->value, key + 1, path + "/" + std::string(k));
          if (!why.empty()) return why;
        }
        return "";
      }
      default: return path + ": unexpected node kind " + std::to_string(n->kind());
    }
  }

  // Doubles where RapidJSON was wrong and strtod sided with jot.
  std::vector<std::string> rapidjson_inexact;
  std::size_t documented = 0;

 private:
  std::string compare_double(const rapidjson::Value& r, const jot::detail::node* n, const std::string& path) {
    const jot::detail::node* t = raw_ + (n - base_);
    std::string_view text(t->str, t->length());
    if (r.IsDouble() && std::bit_cast<std::uint64_t>(r.GetDouble()) == n->u) return "";
    if (documented_number_difference(text)) {
      ++documented;
      return "";
    }
    const double reference = jot_test::reference_double(text);
    if (std::bit_cast<std::uint64_t>(reference) != n->u)
      return path + ": jot double " + std::to_string(n->d) + " is not the correctly rounded " +
             std::string(text);
    if (r.IsNumber()) {
      rapidjson_inexact.push_back(std::string(text));
      return "";
    }
    return path + ": RapidJSON has no number here";
  }

  const jot::detail::node* base_;
  const jot::detail::node* raw_;
};

struct outcome {
  bool jot_ok = false;
  bool rapid_ok = false;
  std::string difference;  // "" when both parsed and agree
  std::string jot_error;
};

outcome differential(const std::string& json) {
  outcome o;
  jot::arena a, b;
  auto doc = jot::parse(json, a);
  o.jot_ok = doc.ok();
  if (!doc) o.jot_error = jot::error_code_name(doc.error().code);
  rapidjson::Document r;
  r.Parse<rapid_flags>(json.data(), json.size());
  o.rapid_ok = !r.HasParseError();
  if (!o.jot_ok || !o.rapid_ok) return o;

  jot::parse_options keep;
  keep.keep_number_text = true;
  auto raw = jot::parse(json, b, keep);
  if (!raw) {
    o.difference = "keep_number_text parse failed";
    return o;
  }
  comparer c(doc->root().node(), raw->root().node());
  o.difference = c.compare(r, doc->root().node(), "");
  for (const std::string& t : c.rapidjson_inexact)
    std::printf("note: RapidJSON full precision misrounds %s (strtod agrees with jot)\n", t.c_str());
  return o;
}

std::vector<std::filesystem::path> files_in(const std::string& dir, std::string_view prefix,
                                            std::string_view ext) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && name.size() >= ext.size() &&
        name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Differential, AcceptedConformanceFilesMatchRapidJson) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found (set JOT_DATA_DIR)";
  std::size_t compared = 0;
  for (std::string_view prefix : {"y_", "i_"}) {
    for (const auto& path : files_in(dir, prefix, ".json")) {
      std::string json, name = path.filename().string();
      ASSERT_TRUE(jot_test::read_file(path.string(), json));
      outcome o = differential(json);
      if (prefix == "y_") {
        EXPECT_TRUE(o.jot_ok) << name << ": jot rejects it (" << o.jot_error << ")";
        EXPECT_TRUE(o.rapid_ok) << name << ": RapidJSON rejects a y_ file";
      }
      if (!o.jot_ok) continue;  // i_ files jot rejects are limits_test's business
      if (documented_differences.count(name)) continue;
      EXPECT_TRUE(o.rapid_ok) << name << ": jot accepts it, RapidJSON does not (undocumented)";
      EXPECT_EQ(o.difference, "") << name;
      ++compared;
    }
  }
  EXPECT_GT(compared, 90u);
}

TEST(Differential, SharedDataMatchesRapidJson) {
  JOT_REQUIRE_DATA(dir);
  std::size_t compared = 0;
  for (const char* sub : {"/corpus", "/packets", "/openrtb", "/rpc"}) {
    for (const auto& path : files_in(dir + sub, "", ".json")) {
      std::string json, name = path.filename().string();
      ASSERT_TRUE(jot_test::read_file(path.string(), json));
      outcome o = differential(json);
      if (name == "invalid.json") {  // the invalid packet: both must refuse it
        EXPECT_FALSE(o.jot_ok);
        EXPECT_FALSE(o.rapid_ok);
        continue;
      }
      EXPECT_TRUE(o.jot_ok) << name << ": " << o.jot_error;
      EXPECT_TRUE(o.rapid_ok) << name;
      EXPECT_EQ(o.difference, "") << name;
      ++compared;
    }
  }
  // NDJSON: one document per line.
  for (const auto& path : files_in(dir + "/corpus", "", ".ndjson")) {
    std::string all;
    ASSERT_TRUE(jot_test::read_file(path.string(), all));
    std::size_t line = 0;
    for (std::size_t pos = 0; pos < all.size(); ++line) {
      std::size_t end = all.find('\n', pos);
      if (end == std::string::npos) end = all.size();
      std::string json = all.substr(pos, end - pos);
      pos = end + 1;
      if (json.find_first_not_of(" \t\r") == std::string::npos) continue;
      outcome o = differential(json);
      ASSERT_TRUE(o.jot_ok && o.rapid_ok) << path.filename() << " line " << line + 1 << ": " << o.jot_error;
      ASSERT_EQ(o.difference, "") << path.filename() << " line " << line + 1;
      ++compared;
    }
  }
  EXPECT_GT(compared, 10u);
}

#else

TEST(Differential, AcceptedConformanceFilesMatchRapidJson) {
  GTEST_SKIP() << "RapidJSON headers not found (apt-get install rapidjson-dev) or not compiled by this compiler";
}
TEST(Differential, SharedDataMatchesRapidJson) {
  GTEST_SKIP() << "RapidJSON headers not found (apt-get install rapidjson-dev) or not compiled by this compiler";
}

#endif  // JOT_HAVE_RAPIDJSON

// Every kernel this CPU runs gives the same tape, or the same error, as the
// portable one on every conformance and data file.
TEST(Differential, KernelsAgree) {
  std::vector<std::filesystem::path> paths;
  std::string conf = jot_test::conformance_dir();
  std::string data = jot_test::data_dir();
  if (conf.empty() || data.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
  for (const char* sub : {"/corpus", "/packets", "/openrtb", "/rpc"})
    for (auto& p : std::filesystem::directory_iterator(data + sub)) paths.push_back(p.path());
  for (auto& p : std::filesystem::directory_iterator(conf)) paths.push_back(p.path());
  for (auto& p : std::filesystem::directory_iterator(conf + "/../test_transform")) paths.push_back(p.path());
  const auto kernels = jot_test::supported_kernels();
  for (const auto& path : paths) {
    std::string json;
    ASSERT_TRUE(jot_test::read_file(path.string(), json));
    for (bool validate : {true, false}) {
      jot::parse_options o;
      o.syntax.validate_utf8 = validate;
      jot::arena a;
      auto reference = jot::parser(o, jot::kernel::portable).parse(json, a);
      for (jot::kernel k : kernels) {
        jot::arena b;
        auto doc = jot::parser(o, k).parse(json, b);
        ASSERT_EQ(doc.ok(), reference.ok()) << path.filename() << " kernel " << jot::kernel_name(k);
        if (doc) {
          EXPECT_TRUE(same_tape(*doc, *reference)) << path.filename() << " kernel " << jot::kernel_name(k);
        } else {
          EXPECT_EQ(doc.error().code, reference.error().code) << path.filename() << " " << jot::kernel_name(k);
          EXPECT_EQ(doc.error().offset, reference.error().offset) << path.filename() << " " << jot::kernel_name(k);
        }
      }
    }
  }
}

}  // namespace
