// The shared corpus parses on every kernel to identical documents, with
// spot checks of values that exercise escapes, numbers and nesting.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string>

#include "support/must.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot_test::must;

class Corpus : public testing::TestWithParam<jot::kernel> {};

TEST_P(Corpus, EveryKernelBuildsTheSameDocumentAsPortable) {
  JOT_REQUIRE_DATA(dir);
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/corpus/" + name, text));
    jot_test::exact_copy input(text);
    jot::arena a1, a2;
    auto ref = jot::parser({}, jot::kernel::portable).parse(input, a1);
    auto got = jot::parser({}, GetParam()).parse(input, a2);
    ASSERT_TRUE(ref && got) << name;
    EXPECT_EQ(ref->node_count(), got->node_count()) << name;
    EXPECT_TRUE(ref->root() == got->root()) << name;
  }
}

TEST_P(Corpus, SpotChecks) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  jot::parser p({}, GetParam());
  ASSERT_TRUE(jot_test::read_file(dir + "/corpus/twitter.json", text));
  jot::arena a;
  auto tw = p.parse(text, a);
  ASSERT_TRUE(tw);
  EXPECT_EQ((*tw)["statuses"].size(), 100u);
  const auto string_at = [](const jot::document& d, std::string_view pointer) {
    return must(must(d.at_pointer(pointer)).get_string());
  };
  EXPECT_EQ(must(must(tw->at_pointer("/statuses/0/id")).get_uint64()), 505874924095815681u);
  EXPECT_EQ(string_at(*tw, "/statuses/0/id_str"), "505874924095815681");
  EXPECT_EQ(string_at(*tw, "/statuses/0/metadata/iso_language_code"), "ja");
  auto text0 = string_at(*tw, "/statuses/0/text");
  EXPECT_EQ(text0.substr(0, 12), "@aym0566x \n\n");  // \n escapes decoded

  ASSERT_TRUE(jot_test::read_file(dir + "/corpus/canada.json", text));
  jot::arena b;
  auto ca = p.parse(text, b);
  ASSERT_TRUE(ca);
  EXPECT_EQ(string_at(*ca, "/type"), "FeatureCollection");
  auto first = ca->at_pointer("/features/0/geometry/coordinates/0/0");
  ASSERT_TRUE(first);
  EXPECT_EQ(must((*first)[0].get_double()), -65.613616999999977);
  EXPECT_EQ(must((*first)[1].get_double()), 43.420273000000009);
}

JOT_INSTANTIATE_FOR_KERNELS(Corpus);

}  // namespace
