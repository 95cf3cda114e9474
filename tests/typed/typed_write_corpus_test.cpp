// The typed encoder on real data: the twitter subset and the CITM catalog of
// the typed benchmarks (tests/support/typed_schemas.h, as shared/data/README.md
// defines them), filled from the DOM by hand. Their compact text must have the sizes
// the README gives, and equal the same data assembled from the DOM writer's
// text of each field.
#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/typed_schemas.h"
#include "support/test_data.h"

namespace {

// ---- filling the schemas from the DOM ----

std::uint64_t u64(jot::value v) { return *v.get_uint64(); }
std::string str(jot::value v) { return std::string(*v.get_string()); }
std::optional<std::string> opt_str(jot::value v) {
  return v.is_null() ? std::nullopt : std::optional<std::string>(str(v));
}
std::vector<std::uint64_t> u64s(jot::value v) {
  std::vector<std::uint64_t> out;
  for (jot::value e : *v.get_array()) out.push_back(u64(e));
  return out;
}

schemas::TwitterData twitter_from(jot::value root) {
  schemas::TwitterData data;
  for (jot::value s : *root["statuses"].get_array()) {
    schemas::Status status;
    status.created_at = str(s["created_at"]);
    status.id = u64(s["id"]);
    status.text = str(s["text"]);
    const jot::value u = s["user"];
    status.user = {u64(u["id"]),           str(u["name"]),         str(u["screen_name"]),
                   str(u["location"]),     str(u["description"]),  *u["verified"].get_bool(),
                   u64(u["followers_count"]), u64(u["friends_count"]), u64(u["statuses_count"])};
    status.retweet_count = u64(s["retweet_count"]);
    status.favorite_count = u64(s["favorite_count"]);
    data.statuses.push_back(std::move(status));
  }
  return data;
}

schemas::CitmCatalog citm_from(jot::value root) {
  schemas::CitmCatalog catalog;
  for (jot::member m : *root["events"].get_object()) {
    const jot::value e = m.value;
    catalog.events[std::string(m.key)] = {u64(e["id"]),           str(e["name"]),
                                          opt_str(e["description"]), opt_str(e["logo"]),
                                          u64s(e["subTopicIds"]),  opt_str(e["subjectCode"]),
                                          opt_str(e["subtitle"]),  u64s(e["topicIds"])};
  }
  for (jot::value p : *root["performances"].get_array()) {
    schemas::CITMPerformance perf;
    perf.id = u64(p["id"]);
    perf.eventId = u64(p["eventId"]);
    perf.logo = opt_str(p["logo"]);
    perf.name = opt_str(p["name"]);
    for (jot::value price : *p["prices"].get_array()) {
      perf.prices.push_back({u64(price["amount"]), u64(price["audienceSubCategoryId"]),
                             u64(price["seatCategoryId"])});
    }
    for (jot::value sc : *p["seatCategories"].get_array()) {
      schemas::CITMSeatCategory category;
      for (jot::value area : *sc["areas"].get_array()) {
        category.areas.push_back({u64(area["areaId"]), u64s(area["blockIds"])});
      }
      category.seatCategoryId = u64(sc["seatCategoryId"]);
      perf.seatCategories.push_back(std::move(category));
    }
    perf.seatMapImage = opt_str(p["seatMapImage"]);
    perf.start = u64(p["start"]);
    perf.venueCode = str(p["venueCode"]);
    catalog.performances.push_back(std::move(perf));
  }
  return catalog;
}

// ---- the same data as text, from the DOM writer's text of each field ----

class by_hand {
 public:
  by_hand& raw(std::string_view s) {
    text_ += s;
    return *this;
  }
  // "key":<the DOM writer's text of v>
  by_hand& field(std::string_view key, jot::value v) {
    text_ += '"';
    text_ += key;
    text_ += "\":";
    jot::output_buffer out;
    text_ += *jot::write(v, out);
    return *this;
  }
  // The fields keys of object v, comma-separated.
  by_hand& fields(jot::value v, std::initializer_list<std::string_view> keys) {
    bool first = true;
    for (std::string_view k : keys) {
      if (!first) raw(",");
      field(k, v[k]);
      first = false;
    }
    return *this;
  }
  // [f(e0),f(e1),...] over the elements of array v.
  template <class F>
  by_hand& array(jot::value v, F&& f) {
    raw("[");
    bool first = true;
    for (jot::value e : *v.get_array()) {
      if (!first) raw(",");
      f(e);
      first = false;
    }
    return raw("]");
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

std::string twitter_by_hand(jot::value root) {
  by_hand h;
  h.raw("{\"statuses\":").array(root["statuses"], [&](jot::value s) {
    h.raw("{").fields(s, {"created_at", "id", "text"}).raw(",\"user\":{");
    h.fields(s["user"], {"id", "name", "screen_name", "location", "description", "verified",
                         "followers_count", "friends_count", "statuses_count"});
    h.raw("},").fields(s, {"retweet_count", "favorite_count"}).raw("}");
  });
  return h.raw("}").text();
}

std::string citm_by_hand(jot::value root) {
  by_hand h;
  std::map<std::string, jot::value> events;  // the order std::map writes
  for (jot::member m : *root["events"].get_object()) events[std::string(m.key)] = m.value;
  h.raw("{\"events\":{");
  bool first = true;
  for (const auto& [key, e] : events) {
    h.raw(first ? "\"" : ",\"").raw(key).raw("\":{");
    h.fields(e, {"id", "name", "description", "logo", "subTopicIds", "subjectCode", "subtitle",
                 "topicIds"});
    h.raw("}");
    first = false;
  }
  h.raw("},\"performances\":").array(root["performances"], [&](jot::value p) {
    h.raw("{").fields(p, {"id", "eventId", "logo", "name"}).raw(",\"prices\":");
    h.array(p["prices"], [&](jot::value price) {
      h.raw("{").fields(price, {"amount", "audienceSubCategoryId", "seatCategoryId"}).raw("}");
    });
    h.raw(",\"seatCategories\":").array(p["seatCategories"], [&](jot::value sc) {
      h.raw("{\"areas\":").array(sc["areas"], [&](jot::value area) {
        h.raw("{").fields(area, {"areaId", "blockIds"}).raw("}");
      });
      h.raw(",").field("seatCategoryId", sc["seatCategoryId"]).raw("}");
    });
    h.raw(",").fields(p, {"seatMapImage", "start", "venueCode"}).raw("}");
  });
  return h.raw("}").text();
}

template <class T>
std::string typed_text(const T& v, const jot::write_options& options = {}) {
  jot::output_buffer out;
  auto text = jot::write(v, out, options);
  EXPECT_TRUE(text) << text.error().message;
  return std::string(text.value_or({}));
}

// The compact text has the README's size and equals the hand-assembled text;
// the pretty text is the DOM writer's pretty text of the compact one.
template <class T>
void check_corpus(const T& data, const std::string& assembled, std::size_t expected_size) {
  const std::string compact = typed_text(data);
  EXPECT_EQ(compact.size(), expected_size);
  EXPECT_EQ(compact, assembled);

  auto doc = jot::parse(compact);
  ASSERT_TRUE(doc) << doc.error().message;
  jot::write_options pretty;
  pretty.indent = 2;
  jot::output_buffer dom_pretty;
  EXPECT_EQ(typed_text(data, pretty), *jot::write(doc->root(), dom_pretty, pretty));

  // The caller-buffer overload: exact size when too small, same text when not.
  std::string buf(compact.size(), '\0');
  auto small = jot::write(data, buf.data(), compact.size() - 1);
  ASSERT_FALSE(small);
  EXPECT_EQ(small.error().code, jot::error_code::buffer_too_small);
  EXPECT_EQ(small.error().needed, compact.size());
  auto n = jot::write(data, buf.data(), buf.size());
  ASSERT_TRUE(n);
  EXPECT_EQ(buf, compact);
}

// The corpus file's document; json must outlive it. Absent (and a failure
// reported) when the file cannot be read or parsed.
std::optional<jot::document> load(const std::string& dir, const char* file, std::string& json) {
  if (!jot_test::read_file(dir + "/corpus/" + file, json)) {
    ADD_FAILURE() << "cannot read " << file;
    return std::nullopt;
  }
  auto doc = jot::parse(json);
  if (!doc) {
    ADD_FAILURE() << file << ": " << doc.error().message;
    return std::nullopt;
  }
  return std::move(doc).value();
}

// Fills T from the file's DOM, checks its counts, then check_corpus.
template <class T, class Counts>
void check_file(const char* file, T (*fill)(jot::value), std::string (*assemble)(jot::value),
                std::size_t expected_size, Counts counts) {
  JOT_REQUIRE_DATA(dir);
  std::string json;
  const auto doc = load(dir, file, json);
  ASSERT_TRUE(doc);
  const T data = fill(doc->root());
  counts(data);
  check_corpus(data, assemble(doc->root()), expected_size);
}

TEST(TypedWriteCorpus, TwitterSubset) {
  check_file("twitter.json", twitter_from, twitter_by_hand, schemas::twitter_compact_size,
             [](const schemas::TwitterData& d) { EXPECT_EQ(d.statuses.size(), 100u); });
}

TEST(TypedWriteCorpus, CitmCatalog) {
  check_file("citm_catalog.json", citm_from, citm_by_hand, schemas::citm_compact_size,
             [](const schemas::CitmCatalog& c) {
               EXPECT_EQ(c.events.size(), 184u);
               EXPECT_EQ(c.performances.size(), 243u);
             });
}

}  // namespace
