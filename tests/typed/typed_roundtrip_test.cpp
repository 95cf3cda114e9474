// tests/typed/typed_roundtrip_test.cpp - the four typed schemas on the shared data:
// read the file into its struct, write it, read that text back, and get the
// same struct; the twitter subset and CITM also against the sizes the data's
// README gives, and against the DOM read of the same file.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/test_data.h"
#include "support/typed_schemas.h"
#include "support/test_engines.h"

namespace {

std::string describe(const jot::read_result& r) {
  char buf[512];
  r.error().describe(buf, sizeof buf);
  return buf;
}

// Reads path's file into T (allowing missing members where the schema has
// plain vectors for optional arrays), writes it compact, reads that back and
// compares; returns the written text ("" when the data is missing).
// raw: the schema keeps raw JSON, which is written verbatim (escapes as in the
// input), so the DOM writer's normalised text differs from it.
template <class T>
std::string round_trip(const std::string& path, const jot::read_options& options = {}, bool raw = false) {
  const std::string dir = jot_test::data_dir();
  if (dir.empty()) return "";
  std::string json;
  EXPECT_TRUE(jot_test::read_file(dir + "/" + path, json)) << path;
  std::string written;
  for (jot::kernel k : jot_test::one_kernel_per_engine()) {
    jot::read_options o = options;
    o.kernel = k;
    T first{};
    const jot::read_result r = jot::read(json, first, o);
    EXPECT_TRUE(r.ok()) << path << " (" << jot_test::engine_name(k) << "): " << describe(r);
    jot::output_buffer out;
    const auto text = jot::write(first, out);
    EXPECT_TRUE(text.ok()) << path;
    T second{};
    const jot::read_result again = jot::read(*text, second, o);
    EXPECT_TRUE(again.ok()) << path << " rewritten: " << describe(again);
    EXPECT_TRUE(first == second) << path << " (" << jot_test::engine_name(k) << ")";
    // The text is valid JSON, which the DOM writer writes to the same bytes.
    jot::arena a;
    const auto doc = jot::parse(*text, a);
    EXPECT_TRUE(doc.ok()) << path;
    jot::output_buffer dom_out;
    if (doc.ok() && !raw) EXPECT_EQ(*jot::write(doc->root(), dom_out), *text) << path;
    if (written.empty()) written = std::string(*text);
    EXPECT_EQ(written, *text) << "engines disagree on " << path;
  }
  return written;
}

TEST(TypedRoundTrip, TwitterSubset) {
  const std::string text = round_trip<schemas::TwitterData>("corpus/twitter.json");
  if (text.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
  EXPECT_EQ(text.size(), schemas::twitter_compact_size);
}

TEST(TypedRoundTrip, CitmCatalog) {
  const std::string text = round_trip<schemas::CitmCatalog>("corpus/citm_catalog.json");
  if (text.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
  EXPECT_EQ(text.size(), schemas::citm_compact_size);
}

TEST(TypedRoundTrip, OpenRtb) {
  // OpenRTB's optional arrays are plain vectors in the shared schema: absent
  // ones stay empty.
  jot::read_options o;
  o.allow_missing_members = true;
  for (const char* file : {"openrtb/banner.json", "openrtb/video_app.json"}) {
    const std::string text = round_trip<schemas::BidRequest>(file, o, true);
    if (text.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
    // Every ext is kept as its exact text.
    EXPECT_NE(text.find("\"ext\":{"), std::string::npos) << file;
  }
}

TEST(TypedRoundTrip, RpcSample) {
  const std::string text = round_trip<schemas::RpcCall>("rpc/sample.json");
  if (text.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
  schemas::RpcCall call;
  ASSERT_TRUE(jot::read(text, call).ok());
  EXPECT_EQ(call.priority, -3);
  EXPECT_EQ(call.request_id, 1849302211u);
  EXPECT_EQ(call.weights.size(), 8u);
}

// Reading agrees with the DOM: the twitter subset read typed equals the one
// built by hand from the DOM (typed_write_corpus_test.cpp does the writing).
TEST(TypedRoundTrip, TwitterAgreesWithTheDom) {
  const std::string dir = jot_test::data_dir();
  if (dir.empty()) GTEST_SKIP() << "shared data not found (set JOT_DATA_DIR)";
  std::string json;
  ASSERT_TRUE(jot_test::read_file(dir + "/corpus/twitter.json", json));
  schemas::TwitterData typed;
  ASSERT_TRUE(jot::read(json, typed).ok());
  jot::arena a;
  const auto doc = jot::parse(json, a);
  ASSERT_TRUE(doc.ok());
  const jot::value statuses = doc->root()["statuses"];
  ASSERT_EQ(typed.statuses.size(), statuses.get_array()->size());
  for (std::size_t i = 0; i < typed.statuses.size(); ++i) {
    const schemas::Status& s = typed.statuses[i];
    const jot::value d = statuses[i];
    EXPECT_EQ(s.id, *d["id"].get_uint64());
    EXPECT_EQ(s.text, *d["text"].get_string());
    EXPECT_EQ(s.user.screen_name, *d["user"]["screen_name"].get_string());
    EXPECT_EQ(s.user.description, *d["user"]["description"].get_string());
    EXPECT_EQ(s.user.followers_count, *d["user"]["followers_count"].get_uint64());
  }
}

}  // namespace
