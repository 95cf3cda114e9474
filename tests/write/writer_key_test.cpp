// tests/write/writer_key_test.cpp - member names known at compile time
// ("name"_key, jot/writer.h): the same bytes as the run-time key(name) under
// every format and escape option, and the same order checks. (A literal that
// is not UTF-8 or needs escaping does not compile; that is the compiler's
// test, not this file's.)
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "jot/jot.h"

namespace {

using jot::error_code;
using namespace jot::literals;

// The compile-time UTF-8 check behind "name"_key follows the scanners' rules
// (jot/detail/scan/utf8.h): these are checked when this file compiles.
static_assert(jot::detail::valid_utf8_constant("plain"));
static_assert(jot::detail::valid_utf8_constant("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));  // 2, 3, 4 bytes
static_assert(jot::detail::valid_utf8_constant("\xf4\x8f\xbf\xbf"));  // U+10FFFF
static_assert(!jot::detail::valid_utf8_constant("\xc0\xaf"));          // overlong
static_assert(!jot::detail::valid_utf8_constant("\xe0\x9f\xbf"));      // overlong 3-byte form
static_assert(!jot::detail::valid_utf8_constant("\xed\xa0\x80"));      // surrogate
static_assert(!jot::detail::valid_utf8_constant("\xf4\x90\x80\x80"));  // above U+10FFFF
static_assert(!jot::detail::valid_utf8_constant("\xe2\x82"));          // cut short
static_assert(!jot::detail::valid_utf8_constant("\x80"));              // stray continuation

// Writes {name: 1, name: [true]} with run-time keys or with literal keys.
template <class Key>
std::string two_members(Key name, const jot::writer_options& o) {
  jot::output_buffer out;
  jot::writer w(out, o);
  w.begin_object().key(name).number(1).key(name).begin_array().boolean(true).end_array().end_object();
  auto r = w.finish();
  EXPECT_TRUE(r) << r.error().message;
  return std::string(out.view());
}

std::vector<jot::writer_options> formats() {
  std::vector<jot::writer_options> all;
  for (int f = 0; f < 16; ++f) {
    jot::writer_options o;
    o.style.indent = (f & 1) != 0 ? 2 : 0;
    o.style.use_tabs = (f & 2) != 0;
    o.style.escape_slash = (f & 4) != 0;
    o.style.escape_non_ascii = (f & 8) != 0;
    all.push_back(o);
  }
  return all;
}

template <class Literal>
void same_as_runtime(Literal literal, std::string_view name) {
  for (const jot::writer_options& o : formats()) {
    SCOPED_TRACE(std::string(name) + " indent " + std::to_string(o.style.indent) +
                 (o.style.escape_slash ? " slash" : "") + (o.style.escape_non_ascii ? " non-ascii" : ""));
    const std::string expected = two_members(name, o);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(two_members(literal, o), expected);
  }
}

TEST(WriterLiteralKey, SameBytesAsRuntimeKeysInEveryFormat) {
  same_as_runtime("id"_key, "id");
  same_as_runtime(""_key, "");
  same_as_runtime("a/b"_key, "a/b");
  same_as_runtime("\xe6\x97\xa5\xe6\x9c\xac"_key, "\xe6\x97\xa5\xe6\x9c\xac");  // 日本
  same_as_runtime("\xf0\x9f\x98\x80 smile"_key, "\xf0\x9f\x98\x80 smile");
  same_as_runtime("a_member_name_that_is_longer_than_one_sixteen_byte_block_and_then_some"_key,
                  "a_member_name_that_is_longer_than_one_sixteen_byte_block_and_then_some");
}

TEST(WriterLiteralKey, OrderIsCheckedAsForRuntimeKeys) {
  struct misuse {
    const char* name;
    void (*build)(jot::writer&);
  };
  const misuse cases[] = {
      {"at the root", [](jot::writer& w) { w.key("a"_key); }},
      {"in an array", [](jot::writer& w) { w.begin_array().key("a"_key); }},
      {"after a key", [](jot::writer& w) { w.begin_object().key("a"_key).key("b"_key); }},
      {"after finish", [](jot::writer& w) {
         w.null();
         (void)w.finish();
         w.key("a"_key);
       }},
  };
  for (const misuse& m : cases) {
    SCOPED_TRACE(m.name);
    jot::output_buffer out;
    jot::writer w(out);
    m.build(w);
    auto r = w.finish();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::invalid_writer_call);
  }
}

TEST(WriterLiteralKey, MixesWithRuntimeKeys) {
  jot::output_buffer out;
  jot::writer w(out);
  w.begin_object().key("a"_key).number(1).key("b").number(2).key("c"_key).null().end_object();
  auto r = w.finish();
  ASSERT_TRUE(r);
  EXPECT_EQ(out.view(), R"({"a":1,"b":2,"c":null})");
}

}  // namespace
