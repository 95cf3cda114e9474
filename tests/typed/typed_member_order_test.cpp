// tests/typed/typed_member_order_test.cpp - a struct's members found whatever order
// their keys arrive in. The member loop tries the guessed key (the member after
// the last one), then the struct's perfect hash inline (hashed_key in
// jot/detail/typed/typed_members.inl), then the full lookup; all three must agree
// with the expected result on every key: known keys in random order, escaped
// spellings of them, lookalikes that differ in one byte, a prefix or a suffix,
// keys of every length around the hash's word and register widths, objects
// that end close to the input's end, duplicates at the right byte.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "jot/reflect.h"
#include "jot/typed.h"
#include "support/test_engines.h"

namespace {

// Keys of lengths 0-40: the hash reads up to 3, 4-7, 8-16 and more bytes
// differently, and the inline lookup finds the closing quote within one
// register (16 or 32 bytes); keys that are prefixes of others; two keys the
// inline lookup must leave to the full lookup (an escaped quote, a non-ASCII
// byte). hashed_keys has one key longer than 16 (its lookalikes can share
// its first and last 8 bytes) and a direct table over those words, so the
// inline lookup runs; all_bytes_keys adds a second key with the same first
// and last 8 bytes, so its table hashes every byte and only the guess and
// the full lookup run.
#define JOT_TEST_MEMBERS(X)                                                                               \
  X(m00) X(m01) X(m02) X(m03) X(m04) X(m05) X(m06) X(m07) X(m08) X(m09) X(m10) X(m11) X(m12) X(m13) X(m14) \
  X(m15) X(m16) X(m17) X(m18) X(m19) X(m20)
#define JOT_TEST_FIELD(m) int m = -1;
#define JOT_TEST_ADDRESS(m) &k.m,
struct hashed_keys {
  JOT_TEST_MEMBERS(JOT_TEST_FIELD)
};
struct all_bytes_keys {
  JOT_TEST_MEMBERS(JOT_TEST_FIELD)
  int m21 = -1;
};

constexpr std::array<std::string_view, 22> key_texts = {
    "",
    "a",
    "id",
    "id_str",
    "abc",
    "four",
    "fours",
    "seven77",
    "eight888",
    "nine99999",
    "sixteen_bytes_16",
    "seventeen_bytes17",
    "aaaaaaaa_middle_1_zzzzzzzz",
    "k31_______________________31_31",
    "k32________________________32_32",
    "k33_________________________33_33",
    "k40_________________________________40_x",
    "say \"hi\"",
    "caf\xC3\xA9",
    "a/b~c",
    "id_st",
    "aaaaaaaa_middle_2_zzzzzzzz",
};

std::vector<int*> fields(hashed_keys& k) { return {JOT_TEST_MEMBERS(JOT_TEST_ADDRESS)}; }
std::vector<int*> fields(all_bytes_keys& k) { return {JOT_TEST_MEMBERS(JOT_TEST_ADDRESS) & k.m21}; }

}  // namespace

#define JOT_TEST_RENAMES                                                                                         \
  {"m00", key_texts[0]}, {"m01", key_texts[1]}, {"m02", key_texts[2]}, {"m03", key_texts[3]},                    \
      {"m04", key_texts[4]}, {"m05", key_texts[5]}, {"m06", key_texts[6]}, {"m07", key_texts[7]},                \
      {"m08", key_texts[8]}, {"m09", key_texts[9]}, {"m10", key_texts[10]}, {"m11", key_texts[11]},              \
      {"m12", key_texts[12]}, {"m13", key_texts[13]}, {"m14", key_texts[14]}, {"m15", key_texts[15]},            \
      {"m16", key_texts[16]}, {"m17", key_texts[17]}, {"m18", key_texts[18]}, {"m19", key_texts[19]},            \
      {"m20", key_texts[20]}

template <>
struct jot::meta<hashed_keys> {
  static constexpr auto rename = jot::rename({JOT_TEST_RENAMES});
};
template <>
struct jot::meta<all_bytes_keys> {
  static constexpr auto rename = jot::rename({JOT_TEST_RENAMES, {"m21", key_texts[21]}});
};

// The two tables are what the tests say they are.
static_assert(jot::detail::reflect::key_table_of<hashed_keys>.direct &&
              !jot::detail::reflect::key_table_of<hashed_keys>.every_byte);
static_assert(jot::detail::reflect::key_table_of<all_bytes_keys>.every_byte);

namespace {

// A key as JSON text: escapes what JSON must escape, and with `escaped`, one
// byte written as \u00XX (the same key).
std::string quoted(std::string_view key, std::mt19937& rng, bool escaped) {
  std::string out = "\"";
  const std::size_t at = key.empty() ? 0 : rng() % key.size();
  for (std::size_t i = 0; i < key.size(); ++i) {
    const auto c = static_cast<unsigned char>(key[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (escaped && i == at && c < 0x80) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// A key that no member has, made from a member's key.
std::string lookalike(std::string_view key, std::mt19937& rng) {
  std::string k(key);
  bool ascii = true;
  for (char c : key) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  for (;;) {
    // A byte changed, added or dropped inside a UTF-8 sequence would make
    // the text invalid: non-ASCII keys only grow.
    switch (ascii ? rng() % 5 : 3 + rng() % 2) {
      case 0:  // one byte changed
        if (!k.empty()) k[rng() % k.size()] ^= 0x01;
        break;
      case 1:  // a byte added
        k.insert(k.begin() + static_cast<std::ptrdiff_t>(rng() % (k.size() + 1)), 'q');
        break;
      case 2:  // a byte dropped
        if (!k.empty()) k.erase(k.begin() + static_cast<std::ptrdiff_t>(rng() % k.size()));
        break;
      case 3:  // the same key twice
        k += k;
        break;
      default:  // longer than a register
        k += std::string(rng() % 40, 'z');
        break;
    }
    bool known = false;
    for (std::string_view t : key_texts) known = known || t == k;
    if (!known) return k;
    k = key;
  }
}

const char* space(std::mt19937& rng) {
  static const char* runs[] = {"", "", "", " ", "\n  ", "\t", "                                        "};
  return runs[rng() % std::size(runs)];
}

const char* unknown_value(std::mt19937& rng) {
  static const char* values[] = {"0", "\"x\"", "null", "[1,{\"id\":2}]", "{\"a\":1,\"id\":[]}", "-1.5e3", "true"};
  return values[rng() % std::size(values)];
}

class TypedMemberOrder : public testing::TestWithParam<jot::kernel> {};

// The options of these tests: the kernel's engine, and members may be absent.
jot::read_options options_for(jot::kernel kernel) {
  jot::read_options o;
  o.kernel = kernel;
  o.allow_missing_members = true;
  return o;
}

template <class T>
void expect_any_order(jot::kernel kernel) {
  constexpr std::size_t keys = jot::reflect::member_count<T>;
  std::mt19937 rng(20261207);
  const jot::read_options o = options_for(kernel);
  jot::arena arena;
  for (int round = 0; round < 4000; ++round) {
    std::vector<int> order(keys);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::shuffle(order.begin(), order.end(), rng);
    order.resize(rng() % (order.size() + 1));
    std::vector<int> expected(keys, -1);
    std::string json = "{";
    json += space(rng);
    bool first = true;
    for (int m : order) {
      for (int extra = static_cast<int>(rng() % 3); extra > 0; --extra) {
        if (rng() % 2 == 0) continue;
        json += first ? "" : ",";
        first = false;
        json += space(rng) + quoted(lookalike(key_texts[static_cast<std::size_t>(m)], rng), rng, false) + ":" +
                space(rng) + unknown_value(rng);
      }
      json += first ? "" : ",";
      first = false;
      const int value = static_cast<int>(rng() % 1000);
      expected[static_cast<std::size_t>(m)] = value;
      json += space(rng) + quoted(key_texts[static_cast<std::size_t>(m)], rng, rng() % 8 == 0) + space(rng) + ":" +
              space(rng) + std::to_string(value) + space(rng);
    }
    json += "}";
    // Objects that end near the input's end, and the same far from it.
    for (const std::string& text : {json, json + std::string(64, ' ')}) {
      T k;
      arena.reset();
      const auto r = jot::read(text, k, arena, o);
      ASSERT_TRUE(r.ok()) << r.error().message << " at " << r.error().offset << " in " << text;
      const auto got = fields(k);
      for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(*got[i], expected[i]) << "member \"" << key_texts[i] << "\" in " << text;
      }
    }
  }
}

TEST_P(TypedMemberOrder, AnyOrderLookalikesAndEscapes) {
  expect_any_order<hashed_keys>(GetParam());
  expect_any_order<all_bytes_keys>(GetParam());
}

// A member named twice, whichever way its key is found the second time, is
// duplicate_key at the second key's quote, with the key in the path.
template <class T>
void expect_duplicates(jot::kernel kernel) {
  constexpr std::size_t keys = jot::reflect::member_count<T>;
  std::mt19937 rng(7);
  const jot::read_options o = options_for(kernel);
  jot::arena arena;
  for (std::size_t m = 0; m < keys; ++m) {
    for (std::size_t other = 0; other < keys; ++other) {
      const std::string key = quoted(key_texts[m], rng, false);
      std::string json = "{" + key + ":1";
      if (other != m) json += "," + quoted(key_texts[other], rng, false) + ":2";
      const std::size_t second = json.size() + 1;
      json += "," + key + ":3}" + std::string(rng() % 2 == 0 ? 0 : 40, ' ');
      T k;
      arena.reset();
      const auto r = jot::read(json, k, arena, o);
      ASSERT_FALSE(r.ok()) << json;
      EXPECT_EQ(r.error().code, jot::error_code::duplicate_key) << json;
      EXPECT_EQ(r.error().offset, second) << json;
      std::string path = "/";
      for (char c : key_texts[m]) path += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
      EXPECT_EQ(r.error().path(), path) << json;
    }
  }
}

TEST_P(TypedMemberOrder, DuplicatesFoundByAnyPath) {
  expect_duplicates<hashed_keys>(GetParam());
  expect_duplicates<all_bytes_keys>(GetParam());
}

// Keys that no member has but whose hash picks a member's slot: the same
// length, and the member's key with two bytes changed at its start, in its
// middle or at its end (so that one of the words the entry compares
// differs), found by trying letters and digits.
template <class T>
std::vector<std::pair<std::string, std::size_t>> slot_lookalikes() {
  namespace r = jot::detail::reflect;
  constexpr const auto& table = r::key_table_of<T>;
  constexpr unsigned shift = std::remove_cvref_t<decltype(table)>::direct_shift;
  const auto slot = [&](std::string_view k) { return r::hash_words(r::words_of(k.data(), k.size()), k.size(), table.seed) >> shift; };
  const std::string_view alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_";
  std::vector<std::pair<std::string, std::size_t>> found;
  for (std::size_t i = 0; i < jot::reflect::member_count<T>; ++i) {
    const std::string_view key = key_texts[i];
    if (key.size() < 2 || key.find_first_of("\"\\\x80\xC3") != std::string_view::npos) continue;
    const std::size_t n = key.size();
    for (const std::size_t at : {std::size_t{0}, n / 2 - 1, n - 2}) {
      bool done = false;
      for (std::size_t x = 0; x < alphabet.size() && !done; ++x) {
        for (std::size_t y = 0; y < alphabet.size() && !done; ++y) {
          std::string k(key);
          k[at] = alphabet[x];
          k[at + 1] = alphabet[y];
          bool known = false;
          for (std::string_view t : key_texts) known = known || t == k;
          if (!known && slot(k) == slot(key)) {
            found.emplace_back(k, i);
            done = true;
          }
        }
      }
    }
  }
  return found;
}

TEST_P(TypedMemberOrder, KeysThatShareAMembersSlot) {
  const auto lookalikes = slot_lookalikes<hashed_keys>();
  ASSERT_GT(lookalikes.size(), 30u);  // most members get three
  const jot::read_options o = options_for(GetParam());
  jot::read_options strict = o;
  strict.reject_unknown_keys = true;
  jot::arena arena;
  for (const auto& [k, member] : lookalikes) {
    const std::string pad(40, ' ');
    const std::string key = std::string(key_texts[member]);
    for (const std::string& json : {"{\"" + k + "\":1,\"" + key + "\":2}" + pad, "{\"" + key + "\":2,\"" + k + "\":1}" + pad}) {
      hashed_keys h;
      arena.reset();
      ASSERT_TRUE(jot::read(json, h, arena, o).ok()) << json;
      const auto got = fields(h);
      for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(*got[i], i == member ? 2 : -1) << json;
      arena.reset();
      const auto r = jot::read(json, h, arena, strict);
      EXPECT_EQ(r.error().code, jot::error_code::unknown_key) << json;
      EXPECT_EQ(r.error().offset, json.find("\"" + k + "\"")) << json;
    }
  }
}

JOT_INSTANTIATE_FOR_ENGINES(TypedMemberOrder);

}  // namespace
