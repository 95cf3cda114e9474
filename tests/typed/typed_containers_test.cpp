// tests/typed/typed_containers_test.cpp - the standard containers beyond vector
// and array in jot::read and jot::write (jot/typed.h). std::tuple and
// std::pair: an array of exactly their size, element i of their i-th type
// (lengths, element errors with their pointers, nesting, variants). std::deque
// and std::list: vectors' rules, elements reused. std::set and
// std::unordered_set: distinct elements, the duplicate policy. Maps keyed by
// integers, enums and views: the key's one text, its errors. Writing gives
// the DOM writer's text for the same value.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory_resource>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "support/alloc_counter.h"
#include "jot/jot.h"
#include "jot/pmr.h"
#include "jot/typed.h"
#include "support/typed_text.h"

namespace typed_containers_test {
enum class suit : std::uint8_t { clubs, diamonds, hearts, spades };
enum class port : std::uint16_t { http = 80, https = 443 };
enum class delta : signed char { down = -1, up = 1 };
}  // namespace typed_containers_test

template <>
struct jot::meta<typed_containers_test::port> {
  static constexpr bool as_integer = true;
};
template <>
struct jot::meta<typed_containers_test::delta> {
  static constexpr bool as_integer = true;
};

namespace {

using jot::error_code;
using typed_containers_test::delta;
using typed_containers_test::port;
using typed_containers_test::suit;

// Reads json into out with a 64 KB arena.
template <class T>
jot::read_result read_into(std::string_view json, T& out, const jot::read_options& o = {}) {
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  return jot::read(json, out, a, o);
}

using jot_test::through_dom;
using jot_test::written;

// value written compact and indented is what the DOM writer writes for that
// text, and reads back equal.
template <class T>
void expect_round_trip(const T& value) {
  for (std::uint32_t indent : {0u, 2u, 4u}) {
    jot::write_options o;
    o.indent = indent;
    const std::string text = written(value, o);
    EXPECT_EQ(text, through_dom(text, o)) << indent;
    T back;
    ASSERT_TRUE(read_into(text, back).ok()) << text;
    EXPECT_EQ(back, value);
  }
}

struct row {
  std::string id;
  std::tuple<std::string_view, double, std::optional<int>> cells;
  std::pair<int, std::vector<bool>> flags;
  friend bool operator==(const row&, const row&) = default;
};

TEST(TypedContainers, TupleReadsEachElementAsItsType) {
  std::tuple<int, std::string, double, bool> t;
  const auto r = read_into(R"([ -7, "a\nb" , 2.5,true ])", t);
  ASSERT_TRUE(r.ok()) << r.error().path() << " " << jot::error_code_name(r.error().code);
  EXPECT_EQ(std::get<0>(t), -7);
  EXPECT_EQ(std::get<1>(t), "a\nb");
  EXPECT_EQ(std::get<2>(t), 2.5);
  EXPECT_TRUE(std::get<3>(t));

  std::pair<std::string, std::uint8_t> p;
  ASSERT_TRUE(read_into(R"(["k",255])", p).ok());
  EXPECT_EQ(p.first, "k");
  EXPECT_EQ(p.second, 255);
}

TEST(TypedContainers, TupleNeedsExactlyItsSize) {
  std::tuple<int, int> t;
  auto r = read_into("[1]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);
  EXPECT_EQ(r.error().offset, 2u);  // the ']'

  r = read_into("[1,2,3]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);
  EXPECT_EQ(r.error().offset, 5u);  // the third element
  EXPECT_EQ(r.error().path(), "/2");

  r = read_into("[]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);

  std::tuple<> none;
  EXPECT_TRUE(read_into("[ ]", none).ok());
  EXPECT_EQ(read_into("[0]", none).error().code, error_code::wrong_length);
  EXPECT_EQ(read_into("{}", none).error().code, error_code::type_mismatch);
}

TEST(TypedContainers, TupleElementErrorsNameTheElement) {
  std::pair<int, std::pair<std::string, std::uint8_t>> p;
  auto r = read_into(R"([1, ["x", 300]])", p);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::number_out_of_range);
  EXPECT_EQ(r.error().path(), "/1/1");
  EXPECT_EQ(r.error().offset, 10u);  // the 300

  r = read_into(R"([1, [2, 3]])", p);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/1/0");

  // Syntax errors are the parser's, at the parser's offset.
  // A comma or the input's end where a third element would be is a syntax
  // error too, not wrong_length.
  for (std::string_view bad : {"[1,[\"x\",3],]", "[1 [\"x\",3]]", "[1,[\"x\",3]", "[1,[\"x\",tru]]",
                               "[1,[\"x\",3,]]", "[1,[\"x\",3],", "[1,[\"x\",3],:]"}) {
    const auto typed = read_into(bad, p);
    const auto dom = jot::parse(bad);
    ASSERT_FALSE(typed.ok()) << bad;
    ASSERT_FALSE(dom.ok()) << bad;
    EXPECT_EQ(typed.error().code, dom.error().code) << bad;
    EXPECT_EQ(typed.error().offset, dom.error().offset) << bad;
  }
}

TEST(TypedContainers, TupleInStructsVectorsMapsAndVariants) {
  std::vector<row> rows;
  const std::string json =
      R"([{"id":"a","cells":["x",1.5,null],"flags":[3,[true,false]]},)"
      R"({"id":"b","cells":["y\u00e9",-0.25,7],"flags":[-1,[]]}])";
  // What jot::write gives back: the same, with the escape written as UTF-8.
  std::string expected = json;
  expected.replace(expected.find("\\u00e9"), 6, "\xc3\xa9");
  const auto r = read_into(json, rows);
  ASSERT_TRUE(r.ok()) << r.error().path() << " " << jot::error_code_name(r.error().code);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(std::get<0>(rows[1].cells), "y\xc3\xa9");
  EXPECT_EQ(std::get<2>(rows[1].cells), 7);
  EXPECT_FALSE(std::get<2>(rows[0].cells).has_value());
  EXPECT_EQ(rows[0].flags.second, (std::vector<bool>{true, false}));
  EXPECT_EQ(written(rows), expected);

  const auto bad = read_into(R"([{"id":"a","cells":["x","1.5",null],"flags":[3,[]]}])", rows);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path(), "/0/cells/1");

  std::map<std::string, std::pair<double, double>> points;
  ASSERT_TRUE(read_into(R"({"a":[1,2],"b":[0.5,-3]})", points).ok());
  EXPECT_EQ(points.at("b").second, -3.0);

  // An array goes to the first alternative that takes arrays: the tuple here.
  std::variant<int, std::pair<int, int>, std::vector<int>> v;
  ASSERT_TRUE(read_into("[4,5]", v).ok());
  ASSERT_EQ(v.index(), 1u);
  EXPECT_EQ(std::get<1>(v).second, 5);
  EXPECT_EQ(read_into("[4,5,6]", v).error().code, error_code::wrong_length);
}

TEST(TypedContainers, TupleWritesAsTheDomWriterWould) {
  const std::tuple<int, std::string, double, bool, std::optional<int>> t{-3, "q\"", 0.1, false, std::nullopt};
  EXPECT_EQ(written(t), R"([-3,"q\"",0.1,false,null])");
  EXPECT_EQ(written(std::tuple<>{}), "[]");
  EXPECT_EQ(written(std::pair<int, std::tuple<>>{1, {}}), "[1,[]]");

  expect_round_trip(row{"r", {"s", 2.0, 9}, {5, {true}}});
  EXPECT_EQ(written(std::tuple<double>{std::numeric_limits<double>::infinity()}), "<failed>");
}

// ---- deque, list, set, unordered_set ----

struct bag {
  std::deque<int> d;
  std::list<std::string> l;
  std::set<std::string> s;
  std::unordered_set<std::int64_t> u;
  std::list<std::deque<bool>> nested;
  friend bool operator==(const bag&, const bag&) = default;
};

TEST(TypedContainers, DequesAndListsReadLikeVectors) {
  bag b;
  auto r = read_into(R"({"d":[3,1,2],"l":["x","y\n"],"s":[],"u":[],"nested":[[true],[],[false,true]]})", b);
  ASSERT_TRUE(r.ok()) << r.error().path() << " " << jot::error_code_name(r.error().code);
  EXPECT_EQ(b.d, (std::deque<int>{3, 1, 2}));
  EXPECT_EQ(b.l, (std::list<std::string>{"x", "y\n"}));
  ASSERT_EQ(b.nested.size(), 3u);
  EXPECT_EQ(b.nested.back(), (std::deque<bool>{false, true}));

  // A second read reuses the elements there: shorter, then longer.
  const std::string* first = &b.l.front();
  r = read_into(R"({"d":[9],"l":["long enough to need the heap, surely"],"s":[],"u":[],"nested":[]})", b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(b.d, (std::deque<int>{9}));
  ASSERT_EQ(b.l.size(), 1u);
  EXPECT_EQ(&b.l.front(), first);  // the same node, not a new one
  EXPECT_EQ(b.l.front(), "long enough to need the heap, surely");
  EXPECT_TRUE(b.nested.empty());
  r = read_into(R"({"d":[],"l":["a","b","c"],"s":[],"u":[],"nested":[[true]]})", b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(b.l, (std::list<std::string>{"a", "b", "c"}));
  EXPECT_TRUE(b.d.empty());

  r = read_into(R"({"d":[1,"2"],"l":[],"s":[],"u":[],"nested":[]})", b);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/d/1");
  r = read_into(R"({"d":[],"l":["a",1],"s":[],"u":[],"nested":[]})", b);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path(), "/l/1");
}

struct event {
  std::string name;
  std::vector<int> topics;
  std::optional<std::string> note;
  friend bool operator==(const event&, const event&) = default;
};

// A map read again holds exactly the new document's entries; an entry whose
// key comes again is the same node with its value read again in place.
template <class M>
void check_maps_read_again() {
  M m;
  const std::string first =
      R"({"138586341":{"name":"a name long enough for the heap","topics":[1,2,3],"note":"x"},)"
      R"("138586345":{"name":"b","topics":[4]},"138586349":{"name":"c","topics":[]}})";
  ASSERT_TRUE(read_into(first, m).ok());
  ASSERT_EQ(m.size(), 3u);
  const event* kept = &m.at("138586345");
  // One key gone, one new, one repeated in the document (allowed: the last wins).
  const std::string second = R"({"138586345":{"name":"b2","topics":[5,6]},"138586341":)"
                             R"({"name":"a name long enough for the heap, again","topics":[7]},)"
                             R"("138586350":{"name":"d","topics":[8]},"138586345":{"name":"b3","topics":[9]}})";
  jot::read_options o;
  o.allow_duplicate_keys = true;
  ASSERT_TRUE(read_into(second, m, o).ok());
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m.count("138586349"), 0u);
  EXPECT_EQ(&m.at("138586345"), kept);  // the same node
  EXPECT_EQ(m.at("138586345"), (event{"b3", {9}, std::nullopt}));
  EXPECT_EQ(m.at("138586341"), (event{"a name long enough for the heap, again", {7}, std::nullopt}));
  EXPECT_EQ(m.at("138586350"), (event{"d", {8}, std::nullopt}));
  // Without the option the repeated key is still duplicate_key.
  const auto dup = read_into(second, m);
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error().code, error_code::duplicate_key);
  // The same document again: nothing allocated (the keys fit in the string's
  // own buffer; the name's capacity is the node's, reused).
  ASSERT_TRUE(read_into(first, m).ok());
  const char* kept_name = m.at("138586341").name.data();
  const std::size_t before = jot_test::allocation_count();
  ASSERT_TRUE(read_into(first, m).ok());
  if constexpr (!std::is_same_v<M, std::unordered_map<std::string, event>>) {
    EXPECT_EQ(jot_test::allocation_count(), before);
  } else {
    EXPECT_LE(jot_test::allocation_count(), before + 1);  // the emptied map's one bucket array
  }
  EXPECT_EQ(m.at("138586341").name.data(), kept_name);
  EXPECT_EQ(m.at("138586341"), (event{"a name long enough for the heap", {1, 2, 3}, "x"}));
  EXPECT_EQ(m.size(), 3u);
}

TEST(TypedContainers, MapsReadAgainKeepTheNodesOfKeysThatComeAgain) {
  JOT_REQUIRE_COUNTED_MALLOC();
  check_maps_read_again<std::map<std::string, event>>();
  check_maps_read_again<std::unordered_map<std::string, event>>();
}

// Random documents read one after another into one map give what each gives
// read into a new map: keys from a small pool (so that many come again, some
// twice in one document), values of every length, some documents failing
// half-way (the next read must not depend on what a failed one left).
template <class M>
void check_maps_read_again_like_new_ones() {
  std::mt19937 rng(7);
  M reused;
  int compared = 0;
  for (int doc = 0; doc < 400; ++doc) {
    std::string text = "{";
    const int members = static_cast<int>(rng() % 7);
    for (int i = 0; i < members; ++i) {
      if (i != 0) text += ",";
      text += "\"k" + std::to_string(rng() % 6) + "\":{\"name\":\"" + std::string(rng() % 40, 'n') + "\",\"topics\":[";
      for (unsigned t = rng() % 4; t != 0; --t) text += std::to_string(rng() % 100) + (t == 1 ? "" : ",");
      text += "]";
      if (rng() % 2) text += ",\"note\":\"x\"";
      text += "}";
    }
    if (rng() % 10 == 0) text += ",\"k1\":{\"name\":7}";  // a type error at the end
    text += "}";
    jot::read_options o;
    o.allow_duplicate_keys = rng() % 2 == 0;
    M fresh;
    const auto want = read_into(text, fresh, o);
    const auto got = read_into(text, reused, o);
    ASSERT_EQ(got.ok(), want.ok()) << text;
    if (!want.ok()) {
      EXPECT_EQ(got.error().code, want.error().code) << text;
      EXPECT_EQ(got.error().offset, want.error().offset) << text;
      continue;
    }
    ASSERT_EQ(reused, fresh) << text;
    ++compared;
  }
  EXPECT_GT(compared, 150);
}

TEST(TypedContainers, MapsReadAgainAsNewOnes) {
  check_maps_read_again_like_new_ones<std::map<std::string, event>>();
  check_maps_read_again_like_new_ones<std::unordered_map<std::string, event>>();
}

TEST(TypedContainers, IntegerKeysAreTheirDecimalText) {
  std::map<int, std::string> m{{99, "stale"}};
  auto r = read_into(R"({"7":"a", "-12" : "b","0":"c","2147483647":"d","-2147483648":"e"})", m);
  ASSERT_TRUE(r.ok()) << r.error().path() << " " << jot::error_code_name(r.error().code);
  EXPECT_EQ(m, (std::map<int, std::string>{
                   {7, "a"}, {-12, "b"}, {0, "c"}, {2147483647, "d"}, {-2147483647 - 1, "e"}}));
  // Sorted as numbers when written, not as text.
  EXPECT_EQ(written(m), R"({"-2147483648":"e","-12":"b","0":"c","7":"a","2147483647":"d"})");
  expect_round_trip(m);

  // Escaped digits are the same key once decoded.
  std::unordered_map<std::uint64_t, int> u;
  ASSERT_TRUE(read_into(R"({"\u0031\u0038446744073709551615":1,"5":2})", u).ok());
  EXPECT_EQ(u, (std::unordered_map<std::uint64_t, int>{{18446744073709551615u, 1}, {5, 2}}));
  expect_round_trip(u);

  std::map<std::int8_t, bool> small;
  ASSERT_TRUE(read_into(R"({"-128":true,"127":false})", small).ok());
  EXPECT_EQ(written(small), R"({"-128":true,"127":false})");
}

TEST(TypedContainers, IntegerKeysHaveOneTextEach) {
  std::map<int, int> m;
  // Not an integer as jot writes one: invalid_value at the key, which the pointer names.
  for (const char* key : {"", "01", "-0", "+1", " 1", "1 ", "1.0", "1e2", "0x1", "-", "a", "1a", "\\u0030\\u0030"}) {
    const std::string text = std::string("{\"") + key + "\":1}";
    const auto r = read_into(text, m);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().code, error_code::invalid_value) << text;
    EXPECT_EQ(r.error().offset, 1u) << text;  // the key's opening quote
    // The pointer holds the key decoded.
    EXPECT_EQ(r.error().path(), key[0] == '\\' ? std::string("/00") : std::string("/") + key) << text;
  }
  // Out of the key type's range, as integer values are.
  std::map<std::uint8_t, int> bytes;
  ASSERT_TRUE(read_into(R"({"255":1})", bytes).ok());
  for (const char* text : {R"({"256":1})", R"({"-1":1})", R"({"99999999999999999999999":1})"}) {
    const auto r = read_into(text, bytes);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().code, error_code::number_out_of_range) << text;
  }
  std::map<std::int64_t, int> wide;
  ASSERT_TRUE(read_into(R"({"-9223372036854775808":1,"9223372036854775807":2})", wide).ok());
  EXPECT_EQ(read_into(R"({"9223372036854775808":1})", wide).error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_into(R"({"-9223372036854775809":1})", wide).error().code, error_code::number_out_of_range);

  // A key that comes twice is duplicate_key, located at the second; allowed, the last wins.
  auto r = read_into(R"({"1":1,"2":2,"1":3})", m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::duplicate_key);
  EXPECT_EQ(r.error().offset, 13u);
  EXPECT_EQ(r.error().path(), "/1");
  jot::read_options dup;
  dup.allow_duplicate_keys = true;
  ASSERT_TRUE(read_into(R"({"1":1,"2":2,"\u0031":3})", m, dup).ok());
  EXPECT_EQ(m, (std::map<int, int>{{1, 3}, {2, 2}}));

  // A value's error names its key.
  r = read_into(R"({"1":1,"22":"x"})", m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/22");
  // Still the parser's error first: the text is not JSON.
  EXPECT_EQ(read_into(R"({"01":1,})", m).error().code, error_code::invalid_value);
  EXPECT_EQ(read_into(R"({"1":1,})", m).error().code, error_code::trailing_comma);
  EXPECT_EQ(read_into("{\"1\x01\":1}", m).error().code, error_code::control_character);
}

TEST(TypedContainers, EnumKeysAreTheirNames) {
  std::map<suit, int> m;
  ASSERT_TRUE(read_into(R"({"spades":4,"clubs":1,"h\u0065arts":3})", m).ok());
  EXPECT_EQ(m, (std::map<suit, int>{{suit::clubs, 1}, {suit::hearts, 3}, {suit::spades, 4}}));
  EXPECT_EQ(written(m), R"({"clubs":1,"hearts":3,"spades":4})");
  expect_round_trip(m);
  auto r = read_into(R"({"clubs":1,"jokers":2})", m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::invalid_value);
  EXPECT_EQ(r.error().offset, 11u);
  EXPECT_EQ(r.error().path(), "/jokers");
  EXPECT_EQ(read_into(R"({"0":1})", m).error().code, error_code::invalid_value);
  EXPECT_EQ(read_into(R"({"clubs":1,"clubs":2})", m).error().code, error_code::duplicate_key);

  // A value with no name cannot be written as a key.
  jot::output_buffer out;
  const auto w = jot::write(std::map<suit, int>{{static_cast<suit>(9), 1}}, out);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().code, error_code::type_mismatch);

  // as_integer enums are keyed by their integer.
  std::unordered_map<port, std::string> ports;
  ASSERT_TRUE(read_into(R"({"80":"web","443":"tls","8080":"other"})", ports).ok());
  EXPECT_EQ(ports.at(port::https), "tls");
  EXPECT_EQ(ports.at(static_cast<port>(8080)), "other");
  EXPECT_EQ(read_into(R"({"http":"web"})", ports).error().code, error_code::invalid_value);
  EXPECT_EQ(read_into(R"({"65536":"x"})", ports).error().code, error_code::number_out_of_range);
  expect_round_trip(std::map<port, int>{{port::http, 1}, {port::https, 2}});
  EXPECT_EQ(written(std::map<port, int>{{port::http, 1}}), R"({"80":1})");
  // A character-sized underlying type is still a number, not a character.
  EXPECT_EQ(written(std::map<delta, int>{{delta::down, 1}, {delta::up, 2}}), R"({"-1":1,"1":2})");
  std::map<delta, int> deltas;
  ASSERT_TRUE(read_into(R"({"-1":1,"127":2})", deltas).ok());
  EXPECT_EQ(deltas.at(static_cast<delta>(127)), 2);
  EXPECT_EQ(read_into(R"({"128":1})", deltas).error().code, error_code::number_out_of_range);
}

TEST(TypedContainers, ViewKeysViewTheInputOrTheArena) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string text = R"({"plain":1,"esc\"aped":2})";
  std::map<std::string_view, int> m;
  char buf[256];
  jot::arena a(buf, sizeof buf);
  ASSERT_TRUE(jot::read(text, m, a).ok());
  ASSERT_EQ(m.size(), 2u);
  const auto plain = m.find("plain");
  ASSERT_NE(plain, m.end());
  EXPECT_EQ(plain->first.data(), text.data() + 2);  // zero-copy
  const auto escaped = m.find("esc\"aped");
  ASSERT_NE(escaped, m.end());
  EXPECT_GE(escaped->first.data(), buf);  // decoded into the arena
  EXPECT_LT(escaped->first.data(), buf + sizeof buf);
  EXPECT_EQ(written(m), R"({"esc\"aped":2,"plain":1})");  // in the map's order

  // No arena for the escaped key: capacity_exceeded at it, named by the pointer.
  jot::arena none(buf, 0);
  const auto r = jot::read(text, m, none);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(r.error().path(), "/esc\"aped");

  // A pmr map over a jot arena: keys, nodes and values without the heap.
  char pool_buf[4096];
  jot::arena pool(pool_buf, sizeof pool_buf);
  jot::arena_resource res(pool);
  std::pmr::map<std::string_view, std::pmr::vector<std::uint32_t>> index(&res);
  const std::size_t before = jot_test::allocation_count();
  ASSERT_TRUE(jot::read(R"({"a":[1,2],"b\n":[3]})", index, pool).ok());
  EXPECT_EQ(jot_test::allocation_count(), before);
  ASSERT_EQ(index.size(), 2u);
  EXPECT_EQ(index.at("b\n"), (std::pmr::vector<std::uint32_t>{3}));
}

TEST(TypedContainers, SetsHoldDistinctElements) {
  std::set<std::string> s{"stale"};
  ASSERT_TRUE(read_into(R"(["b","a","c"])", s).ok());
  EXPECT_EQ(s, (std::set<std::string>{"a", "b", "c"}));  // cleared first

  auto r = read_into(R"(["b","a","b"])", s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::duplicate_key);
  EXPECT_EQ(r.error().offset, 9u);  // the second "b"
  EXPECT_EQ(r.error().path(), "/2");
  jot::read_options dup;
  dup.allow_duplicate_keys = true;
  ASSERT_TRUE(read_into(R"(["b","a","b"])", s, dup).ok());
  EXPECT_EQ(s, (std::set<std::string>{"a", "b"}));

  std::unordered_set<std::int64_t> u;
  ASSERT_TRUE(read_into("[5,-1,7]", u).ok());
  EXPECT_EQ(u, (std::unordered_set<std::int64_t>{-1, 5, 7}));
  EXPECT_EQ(read_into("[5,5.5]", u).error().code, error_code::type_mismatch);
  EXPECT_EQ(read_into("[1,1]", u).error().code, error_code::duplicate_key);
  EXPECT_EQ(read_into("{}", u).error().code, error_code::type_mismatch);

  // Sets of structs compare with the set's own order; pmr sets take their allocator.
  std::set<std::pair<int, int>> pairs;
  ASSERT_TRUE(read_into("[[2,1],[1,2],[1,1]]", pairs).ok());
  EXPECT_EQ(pairs.begin()->second, 1);
  EXPECT_EQ(read_into("[[2,1],[2,1]]", pairs).error().code, error_code::duplicate_key);
  char buf[1024];
  std::pmr::monotonic_buffer_resource pool(buf, sizeof buf, std::pmr::null_memory_resource());
  std::pmr::set<std::pmr::string> ps(&pool);
  ASSERT_TRUE(read_into(R"(["p","q"])", ps).ok());
  EXPECT_EQ(ps.count("q"), 1u);
  EXPECT_EQ(ps.begin()->get_allocator().resource(), &pool);

  // An array takes the first alternative that takes arrays: a set here.
  std::variant<std::string, std::set<int>, std::vector<int>> v;
  ASSERT_TRUE(read_into("[3,2]", v).ok());
  ASSERT_EQ(v.index(), 1u);
}

TEST(TypedContainers, WriteInIterationOrder) {
  EXPECT_EQ(written(std::deque<int>{1, 2}), "[1,2]");
  EXPECT_EQ(written(std::list<std::string>{"a", "b\""}), R"(["a","b\""])");
  EXPECT_EQ(written(std::set<std::string>{"z", "a"}), R"(["a","z"])");
  EXPECT_EQ(written(std::unordered_set<int>{}), "[]");
  EXPECT_EQ(written(std::set<std::pair<int, bool>>{{2, true}, {1, false}}), "[[1,false],[2,true]]");

  bag b;
  b.d = {1, -2};
  b.l = {"x", ""};
  b.s = {"k", "j"};
  b.u = {42};
  b.nested = {{true, false}, {}};
  expect_round_trip(b);
}

}  // namespace
