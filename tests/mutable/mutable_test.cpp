// jot/mutable.h: building, editing, copying, comparing and writing a mutable
// document, with a growing arena, a fixed buffer, and 100,000 levels of nesting.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/typed.h>

#include <cmath>
#include <concepts>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "support/alloc_counter.h"
#include "support/test_data.h"

namespace {

std::string text_of(jot::mut_value v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  auto w = jot::write(v, out, o);
  EXPECT_TRUE(w) << w.error().message;
  return std::string(w ? *w : std::string_view());
}

std::string text_of(jot::value v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  auto w = jot::write(v, out, o);
  EXPECT_TRUE(w) << w.error().message;
  return std::string(w ? *w : std::string_view());
}

// The rule of =: on a named handle (an lvalue) it only rebinds, so storing
// with = does not compile there; on an element expression (a temporary) it
// stores. set() stores on both.
template <class H>
concept assigns_braced_list = requires { std::declval<H>() = {1, 2}; };
template <class H>
concept assigns_empty_braces = requires { std::declval<H>() = {}; };
template <class H>
concept has_set = requires(const jot::mut_init& v) {
  { std::declval<H>().set(v) } -> std::same_as<jot::result<void>>;
  { std::declval<H>().set({1, 2}) } -> std::same_as<jot::result<void>>;
};
static_assert(std::is_assignable_v<jot::mut_value&, jot::mut_value>);  // rebinds
static_assert(std::is_assignable_v<jot::mut_value&, const jot::mut_value&>);
static_assert(!std::is_assignable_v<jot::mut_value&, int>);
static_assert(!std::is_assignable_v<jot::mut_value&, std::nullptr_t>);
static_assert(!std::is_assignable_v<jot::mut_value&, const char*>);
static_assert(!std::is_assignable_v<jot::mut_value&, jot::value>);
static_assert(!std::is_assignable_v<jot::mut_value&, jot::object_init>);
static_assert(!std::is_assignable_v<jot::mut_value&, jot::mut_move>);
static_assert(!std::is_assignable_v<jot::mut_value&, jot::mut_init>);
static_assert(!assigns_braced_list<jot::mut_value&>);
static_assert(!assigns_empty_braces<jot::mut_value&>);
static_assert(std::is_assignable_v<jot::mut_value&&, int>);  // stores
static_assert(std::is_assignable_v<jot::mut_value&&, jot::mut_value>);
static_assert(std::is_assignable_v<jot::mut_value&&, jot::object_init>);
static_assert(std::is_assignable_v<jot::mut_value&&, jot::mut_move>);
static_assert(assigns_braced_list<jot::mut_value&&>);
static_assert(assigns_empty_braces<jot::mut_value&&>);
static_assert(has_set<jot::mut_value&> && has_set<jot::mut_value&&>);

// Every editing function returns the one outcome shape, jot::result<void>.
template <class R>
constexpr bool is_void_result = std::is_same_v<R, jot::result<void>>;
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().push_back(1))>);
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().insert(0, 1))>);
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().set("k", 1))>);
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().append("k", 1))>);
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().erase(0))>);
static_assert(is_void_result<decltype(std::declval<jot::mut_value&>().erase("k"))>);
static_assert(is_void_result<decltype(std::declval<jot::mutable_document&>().set_root(1))>);

TEST(Mutable, BuildsAResponseLikeTheHeaderSays) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  EXPECT_TRUE(root.is_null());
  root["id"] = 42;
  root["tags"] = {"fast", "small"};
  root["user"] = jot::object_init{{"name", "ada"}, {"admin", true}};
  root["user"]["langs"] = {"c++"};
  root["ratio"] = 0.5;
  root["neg"] = -7;
  root["none"] = nullptr;
  root["empty"] = {};
  root["nested"] = {1, {2, {3}}, jot::object_init{}};
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  EXPECT_EQ(text_of(root),
            R"({"id":42,"tags":["fast","small"],"user":{"name":"ada","admin":true,"langs":["c++"]},)"
            R"("ratio":0.5,"neg":-7,"none":null,"empty":[],"nested":[1,[2,[3]],{}]})");
  EXPECT_EQ(root.size(), 8u);
  auto id = root.find("id").get_int64();
  ASSERT_TRUE(id);
  EXPECT_EQ(*id, 42);
  auto name = root["user"]["name"].get_string();
  ASSERT_TRUE(name);
  EXPECT_EQ(*name, "ada");
}

TEST(Mutable, HandlesRebindAsLvaluesAndStoreAsTemporaries) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["a"] = 1;
  root["b"] = 2;
  jot::mut_value h = root["a"];
  h = root["b"];  // rebinds h; stores nothing
  EXPECT_EQ(text_of(root), R"({"a":1,"b":2})");
  ASSERT_TRUE(h.set(5).ok());  // stores into b, the value h now refers to
  EXPECT_EQ(text_of(root), R"({"a":1,"b":5})");
  root["a"] = root["b"];  // a temporary handle: stores a copy of b
  EXPECT_EQ(text_of(root), R"({"a":5,"b":5})");
  root["b"] = 6;  // a copy, not an alias
  EXPECT_EQ(text_of(root), R"({"a":5,"b":6})");
  root["c"] = root;  // a copy of the whole document into itself
  EXPECT_EQ(text_of(root), R"({"a":5,"b":6,"c":{"a":5,"b":6,"c":null}})");
  ASSERT_TRUE(doc.ok());
}

TEST(Mutable, EditsArrays) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value arr = doc.make({});
  ASSERT_TRUE(arr.is_array());
  ASSERT_TRUE(arr.push_back(2).ok());
  ASSERT_TRUE(arr.insert(0, 0).ok());       // front
  ASSERT_TRUE(arr.insert(1, 1).ok());       // middle
  ASSERT_TRUE(arr.insert(3, "end").ok());   // == size: appends
  EXPECT_EQ(text_of(arr), R"([0,1,2,"end"])");
  EXPECT_EQ(arr.insert(9, 9).error().code, jot::error_code::not_found);
  ASSERT_TRUE(arr.erase(0).ok());
  ASSERT_TRUE(arr.erase(2).ok());  // the last
  EXPECT_EQ(text_of(arr), "[1,2]");
  EXPECT_EQ(arr.erase(2).error().code, jot::error_code::not_found);
  ASSERT_TRUE(arr.erase(0).ok());
  ASSERT_TRUE(arr.erase(0).ok());
  EXPECT_EQ(text_of(arr), "[]");
  ASSERT_TRUE(arr.insert(0, "x").ok());  // into an empty array
  EXPECT_EQ(text_of(arr), R"(["x"])");
  EXPECT_EQ(arr[0].get_string().value(), "x");
  EXPECT_FALSE(arr[1].exists());
  EXPECT_FALSE(arr[-1].exists());
  std::vector<std::string> seen;
  for (jot::mut_value e : arr.elements()) seen.push_back(text_of(e));
  EXPECT_EQ(seen, std::vector<std::string>{R"("x")"});
  EXPECT_EQ(arr.set("k", 1).error().code, jot::error_code::type_mismatch);
  EXPECT_FALSE(arr["k"].exists());
  EXPECT_EQ(doc.error().code, jot::error_code::not_found);  // the first failure: insert(9)
}

TEST(Mutable, EditsObjects) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value o = doc.root();
  ASSERT_TRUE(doc.set_root(jot::object_init{{"a", 1}, {"b", 2}}).ok());
  o = doc.root();
  ASSERT_TRUE(o.set("a", "one").ok());      // replaces
  ASSERT_TRUE(o.set("c", 3).ok());          // appends
  ASSERT_TRUE(o.append("a", "dup").ok());   // a duplicate key
  EXPECT_EQ(text_of(o), R"({"a":"one","b":2,"c":3,"a":"dup"})");
  EXPECT_EQ(o.find("a").get_string().value(), "one");  // the first wins
  ASSERT_TRUE(o.erase("a").ok());
  EXPECT_EQ(text_of(o), R"({"b":2,"c":3,"a":"dup"})");
  ASSERT_TRUE(o.erase("a").ok());
  EXPECT_EQ(o.erase("a").error().code, jot::error_code::not_found);
  EXPECT_EQ(text_of(o), R"({"b":2,"c":3})");
  std::string keys;
  for (jot::mut_member m : o.members()) keys += std::string(m.key) + "=" + text_of(m.value) + ";";
  EXPECT_EQ(keys, "b=2;c=3;");
  ASSERT_TRUE(o.erase("c").ok());
  ASSERT_TRUE(o.erase("b").ok());
  EXPECT_EQ(text_of(o), "{}");
  EXPECT_EQ(o.size(), 0u);
  EXPECT_EQ(doc.error().code, jot::error_code::not_found);  // the second erase("a")
  doc.clear_error();
  o["z"]["y"]["x"] = true;  // nulls become objects on the way down
  EXPECT_EQ(text_of(o), R"({"z":{"y":{"x":true}}})");
  EXPECT_TRUE(doc.ok());
  jot::mut_value n = o["z"]["y"]["x"];
  EXPECT_FALSE(n["w"].exists());  // true is not an object
  EXPECT_EQ(doc.error().code, jot::error_code::type_mismatch);
}

TEST(Mutable, MovesWithinAndBetweenDocuments) {
  jot::arena a, b;
  jot::mutable_document doc(a), other(b);
  jot::mut_value root = doc.root();
  ASSERT_TRUE(root.set(jot::object_init{{"from", {1, 2, 3}}, {"to", {}}}).ok());
  jot::mut_value from = root["from"];
  jot::mut_value two = from[1];
  ASSERT_TRUE(root["to"].push_back(jot::moved(two)).ok());
  EXPECT_EQ(text_of(root), R"({"from":[1,3],"to":[2]})");
  EXPECT_EQ(two.parent().node(), root["to"].node());  // the same node, relinked
  // Into itself or a descendant: refused, nothing changes.
  EXPECT_EQ(from.push_back(jot::moved(from)).error().code, jot::error_code::invalid_value);
  EXPECT_EQ(root["to"].push_back(jot::moved(root)).error().code, jot::error_code::invalid_value);
  EXPECT_EQ(text_of(root), R"({"from":[1,3],"to":[2]})");
  // Onto itself: nothing to do.
  ASSERT_TRUE(from.set(jot::moved(from)).ok());
  EXPECT_EQ(text_of(root), R"({"from":[1,3],"to":[2]})");
  // A member's value moved to another document takes only the value.
  jot::mut_value oroot = other.root();
  oroot["moved"] = jot::moved(root["from"]);
  EXPECT_EQ(text_of(oroot), R"({"moved":[1,3]})");
  EXPECT_EQ(text_of(root), R"({"to":[2]})");
  // Moving within one array to the front.
  jot::mut_value arr = oroot["moved"];
  ASSERT_TRUE(arr.insert(0, jot::moved(arr[1])).ok());
  EXPECT_EQ(text_of(arr), "[3,1]");
  jot::mut_value d = arr[0].detach();
  EXPECT_FALSE(d.parent().exists());
  EXPECT_EQ(text_of(arr), "[1]");
  EXPECT_EQ(text_of(d), "3");
}

// Storing a moved value over an existing one gives its content to the target
// (handles to the target stay valid); the moved node is left a detached null
// that shares nothing with the target, also when it was the target's
// descendant or another document's root.
TEST(Mutable, StoringAMovedValueLeavesItANull) {
  jot::arena a, b;
  jot::mutable_document doc(a), other(b);
  jot::mut_value root = doc.root();
  root["b"] = jot::object_init{{"k", {7, 8}}};
  jot::mut_value b_value = root["b"];
  jot::mut_value k = root["b"]["k"];
  root["b"] = jot::moved(k);  // a descendant onto its ancestor
  EXPECT_EQ(text_of(b_value), "[7,8]");
  ASSERT_TRUE(k.is_null());
  EXPECT_FALSE(k.parent().exists());
  k["x"] = 1;  // editing it leaves the target alone
  EXPECT_EQ(text_of(k), R"({"x":1})");
  EXPECT_EQ(text_of(root), R"({"b":[7,8]})");
  // A sibling.
  root["c"] = {1, {2, 3}};
  jot::mut_value c = root["c"];
  root["b"] = jot::moved(c);
  EXPECT_EQ(text_of(root), R"({"b":[1,[2,3]]})");
  ASSERT_TRUE(c.is_null());
  ASSERT_TRUE(root["b"].push_back(4).ok());
  EXPECT_EQ(text_of(c), "null");
  // Another document's root: that document is left null.
  jot::mut_value oroot = other.root();
  oroot["o"] = {5};
  root["b"] = jot::moved(oroot);
  EXPECT_EQ(text_of(root), R"({"b":{"o":[5]}})");
  EXPECT_TRUE(other.root().is_null());
  ASSERT_TRUE(doc.ok() && other.ok());
}

// set() stores into the value a named handle refers to, in place: every
// handle to it sees the new value, handles to its old children become
// detached; rvalue = does the same, and lvalue = rebinds.
TEST(Mutable, SetStoresInPlaceAndKeepsHandles) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["a"] = {1, 2};
  root["b"] = "b";
  jot::mut_value h = root["a"];
  const jot::mut_value same = h;  // another handle to a
  jot::mut_value old_child = h[0];
  ASSERT_TRUE(h.set(jot::object_init{{"x", true}}).ok());
  EXPECT_EQ(text_of(root), R"({"a":{"x":true},"b":"b"})");
  EXPECT_EQ(h.node(), same.node());
  EXPECT_EQ(text_of(same), R"({"x":true})");
  EXPECT_EQ(same.parent().node(), root.node());
  EXPECT_FALSE(old_child.parent().exists());  // detached, still readable
  EXPECT_EQ(text_of(old_child), "1");
  ASSERT_TRUE(h.set({}).ok());  // braces: an empty array
  EXPECT_EQ(text_of(same), "[]");
  // A named handle given a handle rebinds; given to set, it is copied.
  jot::mut_value b = root["b"];
  h = b;
  EXPECT_EQ(h.node(), b.node());
  EXPECT_EQ(text_of(root), R"({"a":[],"b":"b"})");
  h = same;
  ASSERT_TRUE(h.set(b).ok());
  EXPECT_EQ(text_of(root), R"({"a":"b","b":"b"})");
  ASSERT_TRUE(b.set(1).ok());  // a copy, not an alias
  EXPECT_EQ(text_of(root), R"({"a":"b","b":1})");
  // On a temporary, = stores a deep copy too, std::move of a named handle
  // included.
  root["a"] = b;
  ASSERT_TRUE(b.set(2).ok());
  EXPECT_EQ(text_of(root), R"({"a":1,"b":2})");
  std::move(h) = {3};
  EXPECT_EQ(text_of(root), R"({"a":[3],"b":2})");
  EXPECT_EQ(h.node(), same.node());
  ASSERT_TRUE(doc.ok());
}

// Storing a value's own ancestor, descendant or itself copies it whole before
// anything changes, so no cycle forms; moving one into itself is refused.
TEST(Mutable, SetOfItsOwnAncestorOrDescendantCopies) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["p"] = jot::object_init{{"c", {1, 2}}};
  jot::mut_value p = root["p"];
  jot::mut_value c = p["c"];
  ASSERT_TRUE(p.set(p).ok());  // itself: the same content, new children
  EXPECT_EQ(text_of(root), R"({"p":{"c":[1,2]}})");
  EXPECT_FALSE(c.parent().exists());  // the old child, detached
  c = p["c"];
  ASSERT_TRUE(c.set(p).ok());  // an ancestor into its descendant
  EXPECT_EQ(text_of(root), R"({"p":{"c":{"c":[1,2]}}})");
  EXPECT_EQ(c.parent().node(), p.node());
  jot::mut_value grandchild = c["c"];
  ASSERT_TRUE(p.set(grandchild).ok());  // a descendant into its ancestor
  EXPECT_EQ(text_of(root), R"({"p":[1,2]})");
  EXPECT_EQ(text_of(c), R"({"c":[1,2]})");  // detached with its own children
  ASSERT_TRUE(root.set(root).ok());
  EXPECT_EQ(text_of(root), R"({"p":[1,2]})");
  jot::arena check;
  EXPECT_TRUE(jot::to_document(root, check));  // every walk ends: no cycle
  // Moving: onto itself changes nothing; into itself is refused.
  p = root["p"];
  jot::mut_value inner = p[0];
  ASSERT_TRUE(root.set(jot::moved(root)).ok());
  EXPECT_EQ(inner.set(jot::moved(root)).error().code, jot::error_code::invalid_value);
  EXPECT_EQ(inner.set(jot::moved(p)).error().code, jot::error_code::invalid_value);
  EXPECT_EQ(text_of(root), R"({"p":[1,2]})");
  EXPECT_EQ(doc.error().code, jot::error_code::invalid_value);
}

// set() on an absent handle fails with not_found (recorded when the handle
// knows its document); a failed set changes nothing and, unlike a failed
// rvalue =, leaves the handle as it was. set(key, v) returns its own failure,
// not the document's first one.
TEST(Mutable, SetFailsLikeEveryEdit) {
  alignas(16) char buf[1024];
  jot::arena a(buf, sizeof buf);
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  EXPECT_EQ(jot::mut_value().set(1).error().code, jot::error_code::not_found);
  jot::mut_value missing = root.find("missing");
  ASSERT_FALSE(missing.exists());
  EXPECT_EQ(missing.set(1).error().code, jot::error_code::not_found);
  EXPECT_TRUE(root.is_null());
  root["keep"] = {1, 2};
  jot::mut_value keep = root["keep"];
  const std::string big(2000, 'x');
  EXPECT_EQ(keep.set(big).error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(doc.error().code, jot::error_code::capacity_exceeded);
  EXPECT_TRUE(keep.exists());
  EXPECT_EQ(text_of(root), R"({"keep":[1,2]})");
  EXPECT_EQ(keep.set("\xff").error().code, jot::error_code::invalid_utf8);
  EXPECT_EQ(text_of(root), R"({"keep":[1,2]})");
  // An earlier failure stays the document's; set(key, v) reports its own.
  EXPECT_EQ(root.set("keep", big).error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(doc.error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(root.set("keep", std::numeric_limits<double>::infinity()).error().code,
            jot::error_code::invalid_value);
  EXPECT_EQ(text_of(root), R"({"keep":[1,2]})");
  EXPECT_EQ(doc.error().code, jot::error_code::capacity_exceeded);
  // The storing operator, on the same failure, yields absent; that handle
  // still knows its document, where set() on it records not_found.
  jot::mut_value failed = (root["keep"] = big);
  EXPECT_FALSE(failed.exists());
  EXPECT_EQ(text_of(root), R"({"keep":[1,2]})");
  doc.clear_error();
  EXPECT_EQ(failed.set(1).error().code, jot::error_code::not_found);
  EXPECT_EQ(doc.error().code, jot::error_code::not_found);
}

// Copying a parsed document takes its whole size in one allocation: with a
// fixed buffer, every size either copies it whole or fails and changes nothing.
TEST(Mutable, CopiesOfParsedDocumentsFitOrFailWhole) {
  jot::arena pa;
  const std::string text =
      R"({"a":[1,"x",{"b":"a string longer than sixteen bytes","c":[[],{}]}],"d":"\u00e9\n","e":-1.5e3,"f":null})";
  auto parsed = jot::parse(text, pa);
  ASSERT_TRUE(parsed);
  int fitted = 0;
  for (std::size_t size = 64; size <= 2048; size += 16) {
    std::vector<std::max_align_t> buf(size / sizeof(std::max_align_t) + 1);
    jot::arena a(buf.data(), size);
    jot::mutable_document doc(a);
    const jot::result<void> r = doc.set_root(parsed->root());
    jot::mut_value root = doc.root();
    if (r) {
      ++fitted;
      EXPECT_TRUE(root == parsed->root()) << size;
      EXPECT_EQ(text_of(root), text_of(parsed->root())) << size;
    } else {
      EXPECT_EQ(r.error().code, jot::error_code::capacity_exceeded) << size;
      EXPECT_TRUE(root.is_null()) << size;
    }
  }
  EXPECT_GT(fitted, 0);
}

TEST(Mutable, FailuresChangeNothingAndAreRecorded) {
  alignas(16) char buf[1024];
  jot::arena a(buf, sizeof buf);
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["keep"] = {1, 2};
  ASSERT_TRUE(doc.ok());
  const std::string before = text_of(root);
  std::string big(2000, 'x');
  EXPECT_EQ(root["keep"].push_back(big).error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(root.set("big", big).error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(text_of(root), before);
  root["big"] = big;  // the member is created (null), the string does not fit
  EXPECT_EQ(doc.error().code, jot::error_code::capacity_exceeded);
  EXPECT_EQ(text_of(root), R"({"keep":[1,2],"big":null})");
  doc.clear_error();
  EXPECT_TRUE(doc.ok());
  // Fill the buffer with members until one fails; the document stays whole.
  for (int i = 0; i < 100 && doc.ok(); ++i) root[std::to_string(i)] = i;
  EXPECT_EQ(doc.error().code, jot::error_code::capacity_exceeded);
  jot::arena check;
  auto copy = jot::to_document(root, check);
  ASSERT_TRUE(copy);
  EXPECT_TRUE(root == copy->root());
  // Absent values fail with not_found.
  jot::mut_value absent;
  EXPECT_EQ(absent.push_back(1).error().code, jot::error_code::not_found);
  jot::output_buffer out;
  EXPECT_EQ(jot::write(absent, out).error().code, jot::error_code::not_found);
}

TEST(Mutable, RejectsNumbersJsonCannotHold) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["ok"] = 1.5;
  EXPECT_EQ(root.set("nan", std::nan("")).error().code, jot::error_code::invalid_value);
  EXPECT_EQ(root.set("inf", {1.0, std::numeric_limits<double>::infinity()}).error().code,
            jot::error_code::invalid_value);
  EXPECT_EQ(text_of(root), R"({"ok":1.5})");
}

// Regression: strings were stored without a UTF-8 check, so "\xff\xfe" was
// accepted and written as invalid JSON. Every way in now refuses it.
TEST(Mutable, RefusesInvalidUtf8Everywhere) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["ok"] = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80";  // valid: 2, 3 and 4 bytes
  ASSERT_TRUE(doc.ok());
  const std::string before = text_of(root);
  for (std::string_view bad : {std::string_view("\xff\xfe"), std::string_view("abc\xc3"),
                               std::string_view("\xed\xa0\x80 surrogate"),
                               std::string_view("0123456789abcdef\xc0\xaf overlong")}) {
    EXPECT_EQ(root.set("s", bad).error().code, jot::error_code::invalid_utf8) << bad;
    EXPECT_EQ(root.append(bad, 1).error().code, jot::error_code::invalid_utf8) << bad;
    EXPECT_EQ(root.set("list", {1, bad}).error().code, jot::error_code::invalid_utf8) << bad;
    EXPECT_EQ(root.set("obj", jot::object_init{{bad, 1}}).error().code, jot::error_code::invalid_utf8) << bad;
    doc.clear_error();
    EXPECT_FALSE(root[bad].exists());
    EXPECT_EQ(doc.error().code, jot::error_code::invalid_utf8);
    doc.clear_error();
    jot::mut_value n = doc.make(nullptr);
    EXPECT_FALSE(n[bad].exists());  // and the null stays null
    EXPECT_TRUE(n.is_null());
    EXPECT_FALSE(doc.make(bad).exists());
    doc.clear_error();
  }
  EXPECT_EQ(text_of(root), before);
  // A document parsed without UTF-8 checks cannot smuggle bytes in either.
  jot::arena pa;
  jot::parse_options lax;
  lax.syntax.validate_utf8 = false;
  auto parsed = jot::parse("[\"\xff\"]", pa, lax);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(doc.set_root(parsed->root()).error().code, jot::error_code::invalid_utf8);
}

// A copy refused part way (its nodes and some strings written) gives its
// memory back: a fixed buffer has as much room after as before.
TEST(Mutable, RefusedCopiesLeaveTheArenaAsFound) {
  jot::arena pa;
  jot::parse_options lax;
  lax.syntax.validate_utf8 = false;
  auto parsed = jot::parse("[\"\xff\", {\"k\": \"a string with room of its own\"}, 2]", pa, lax);
  ASSERT_TRUE(parsed);
  alignas(16) char buf[4096];
  jot::arena a(buf, sizeof buf);
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  ASSERT_TRUE(root.set({1, "two"}).ok());
  ASSERT_TRUE(doc.ok());
  const std::size_t room = a.available();
  EXPECT_EQ(doc.set_root(parsed->root()).error().code, jot::error_code::invalid_utf8);
  EXPECT_EQ(a.available(), room);
  EXPECT_EQ(text_of(doc.root()), "[1,\"two\"]");
}

TEST(Mutable, PointerLookup) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  ASSERT_TRUE(root.set(jot::object_init{{"a/b", {10, jot::object_init{{"m~n", "x"}}}}, {"", 1}}).ok());
  auto v = root.at_pointer("/a~1b/1/m~0n");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->get_string().value(), "x");
  auto e = root.at_pointer("/");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->get_int64().value(), 1);
  auto whole = root.at_pointer("");
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->node(), root.node());
  EXPECT_EQ(root.at_pointer("/a~1b/2").error().code, jot::error_code::not_found);
  EXPECT_EQ(root.at_pointer("/a~1b/01").error().code, jot::error_code::not_found);
  EXPECT_EQ(root.at_pointer("a").error().code, jot::error_code::invalid_pointer);
  EXPECT_EQ(root.at_pointer("/~2").error().code, jot::error_code::invalid_pointer);
}

TEST(Mutable, CreateAtPointerBuildsWhatIsMissing) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  auto v = root.create_at_pointer("/a/b~1c/d~0e");
  ASSERT_TRUE(v) << v.error().message;
  ASSERT_TRUE(v->set(1).ok());
  EXPECT_EQ(text_of(root), R"({"a":{"b/c":{"d~e":1}}})");
  auto same = root.create_at_pointer("/a/b~1c/d~0e");  // exists: no change
  ASSERT_TRUE(same);
  EXPECT_EQ(same->node(), v->node());
  root["list"] = {1, 2};
  auto appended = root.create_at_pointer("/list/-/x");
  ASSERT_TRUE(appended);
  auto at_size = root.create_at_pointer("/list/3");
  ASSERT_TRUE(at_size);
  ASSERT_TRUE(at_size->set("end").ok());
  EXPECT_EQ(text_of(root), R"({"a":{"b/c":{"d~e":1}},"list":[1,2,{"x":null},"end"]})");
  EXPECT_EQ(root.create_at_pointer("/list/9").error().code, jot::error_code::not_found);
  EXPECT_EQ(root.create_at_pointer("/a/b~1c/d~0e/f").error().code, jot::error_code::type_mismatch);
  EXPECT_EQ(root.create_at_pointer("a").error().code, jot::error_code::invalid_pointer);
  auto whole = root.create_at_pointer("");
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->node(), root.node());
  // All or nothing: in a fixed buffer, a chain that does not fit leaves no trace.
  alignas(16) char buf[512];
  jot::arena fa(buf, sizeof buf);
  jot::mutable_document tight(fa);
  jot::mut_value troot = tight.root();
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "/level" + std::to_string(i);
  auto failed = troot.create_at_pointer(deep);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, jot::error_code::capacity_exceeded);
  EXPECT_TRUE(troot.is_null());
  EXPECT_EQ(text_of(troot), "null");
}

// Every corpus document, copied into a mutable document, compares equal,
// writes the DOM writer's exact bytes (compact, indented, escaped), and
// converts back to an equal immutable document.
TEST(Mutable, CorpusCopiesWriteAndCompareLikeTheParsedDocument) {
  JOT_REQUIRE_DATA(dir);
  for (const char* name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/corpus/" + name, text));
    jot::arena pa, ma, ta;
    auto parsed = jot::parse(text, pa);
    ASSERT_TRUE(parsed) << name;
    jot::mutable_document doc(ma);
    ASSERT_TRUE(doc.set_root(parsed->root()).ok()) << name;
    jot::mut_value root = doc.root();
    EXPECT_TRUE(root == parsed->root()) << name;
    for (jot::write_options o :
         {jot::write_options{}, jot::write_options{.indent = 2},
          jot::write_options{.indent = 1, .use_tabs = true},
          jot::write_options{.escape_non_ascii = true, .escape_slash = true}}) {
      EXPECT_EQ(text_of(root, o), text_of(parsed->root(), o)) << name << " indent " << o.indent;
    }
    auto back = jot::to_document(root, ta);
    ASSERT_TRUE(back) << name;
    EXPECT_TRUE(back->root() == parsed->root()) << name;
    EXPECT_EQ(back->node_count(), parsed->node_count()) << name;
    jot::arena ca;
    jot::mutable_document copy(ca);
    ASSERT_TRUE(copy.set_root(root).ok());
    EXPECT_TRUE(copy.root() == root) << name;
    // One change anywhere breaks equality.
    ASSERT_TRUE(copy.root().at_pointer(std::string_view(name) == "canada.json"
                                           ? "/features/0/geometry/coordinates/0/0/0"
                                           : std::string_view(name) == "twitter.json"
                                                 ? "/statuses/3/user/id"
                                                 : "/events/138586341/id"));
    jot::mut_value changed = copy.root()
                                 .at_pointer(std::string_view(name) == "canada.json"
                                                 ? "/features/0/geometry/coordinates/0/0/0"
                                                 : std::string_view(name) == "twitter.json"
                                                       ? "/statuses/3/user/id"
                                                       : "/events/138586341/id")
                                 .value();
    ASSERT_TRUE(changed.set("changed").ok());
    EXPECT_FALSE(copy.root() == root) << name;
    EXPECT_FALSE(copy.root() == parsed->root()) << name;
  }
}

TEST(Mutable, HundredThousandLevelsNeedNoStack) {
  constexpr int depth = 100000;
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value v = doc.root();
  ASSERT_TRUE(v.set({}).ok());
  for (int i = 1; i < depth; ++i) {
    ASSERT_TRUE(v.push_back({}).ok());
    v = v[0];
  }
  ASSERT_TRUE(v.push_back(7).ok());
  std::string expected = std::string(depth, '[') + "7" + std::string(depth, ']');
  EXPECT_EQ(text_of(doc.root()), expected);
  jot::arena pa;
  jot::parse_options po;
  po.syntax.max_depth = depth;
  auto parsed = jot::parse(expected, pa, po);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(doc.root() == parsed->root());
  jot::arena ca;
  jot::mutable_document copy(ca);
  ASSERT_TRUE(copy.set_root(parsed->root()).ok());  // from the tape
  EXPECT_TRUE(copy.root() == doc.root());
  jot::arena c2;
  jot::mutable_document copy2(c2);
  ASSERT_TRUE(copy2.set_root(doc.root()).ok());  // from a mutable tree
  EXPECT_TRUE(copy2.root() == parsed->root());
  jot::arena ta;
  auto back = jot::to_document(copy2.root(), ta);
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->root() == parsed->root());
  EXPECT_EQ(text_of(copy2.root()), expected);
}

TEST(Mutable, FixedBufferBuildsWithoutTheHeap) {
  JOT_REQUIRE_COUNTED_MALLOC();
  alignas(16) char buf[4096];
  char out[256];
  const std::size_t before = jot_test::allocation_count();
  jot::arena a(buf, sizeof buf);
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  root["id"] = 1;
  root["list"] = {1, 2, "three"};
  auto n = jot::write(root, out, sizeof out);
  ASSERT_TRUE(n);
  EXPECT_EQ(std::string_view(out, *n), R"({"id":1,"list":[1,2,"three"]})");
  struct collect {
    char bytes[256];
    std::size_t size = 0;
    bool write(const char* data, std::size_t n) noexcept {
      if (n > sizeof bytes - size) return false;
      std::memcpy(bytes + size, data, n);
      size += n;
      return true;
    }
  } c;
  auto streamed = jot::write(root, jot::sink::of(c));
  ASSERT_TRUE(streamed);
  EXPECT_EQ(std::string_view(c.bytes, c.size), std::string_view(out, *n));
  auto small = jot::write(root, out, 5);
  ASSERT_FALSE(small);
  EXPECT_EQ(small.error().code, jot::error_code::buffer_too_small);
  EXPECT_EQ(small.error().needed, *n);
  EXPECT_EQ(jot_test::allocation_count(), before);
}

TEST(Mutable, KeepsRawNumbersAndComparesNumbersByValue) {
  jot::arena pa, ma;
  jot::parse_options po;
  po.keep_number_text = true;
  auto parsed = jot::parse(R"([1.000, 1e400, -0])", pa, po);
  ASSERT_TRUE(parsed);
  jot::mutable_document doc(ma);
  ASSERT_TRUE(doc.set_root(parsed->root()).ok());
  EXPECT_EQ(text_of(doc.root()), R"([1.000,1e400,-0])");
  // Kept texts compare by their exact value, never rounded through a double.
  auto same = jot::parse(R"([1, 10e399, 0.0])", pa, po);
  auto other = jot::parse(R"([1, 1e401, 0])", pa, po);
  ASSERT_TRUE(same && other);
  EXPECT_TRUE(doc.root() == same->root());
  EXPECT_FALSE(doc.root() == other->root());
  auto close_text = jot::parse(R"([9007199254740993.0, 2])", pa, po);
  auto rounded_text = jot::parse(R"([9007199254740992, 2])", pa, po);
  ASSERT_TRUE(close_text && rounded_text);
  jot::arena ca, da;
  jot::mutable_document close(ca), rounded(da);
  ASSERT_TRUE(close.set_root(close_text->root()).ok());
  ASSERT_TRUE(rounded.set_root(rounded_text->root()).ok());
  EXPECT_FALSE(close.root() == rounded.root());
  EXPECT_FALSE(close.root()[0] == rounded.root()[0]);
  EXPECT_TRUE(close.root()[1] == rounded.root()[1]);
  jot::arena ba;
  jot::mutable_document built(ba);
  jot::mut_value r = built.root();
  ASSERT_TRUE(r.set({1, 2.0}).ok());
  jot::arena qa;
  auto q = jot::parse("[1.0, 2]", qa);
  ASSERT_TRUE(q);
  EXPECT_TRUE(r == q->root());
}

// Strings of every length up to 40 with one byte that needs escaping at
// each position (and none): each written string reads back as itself, so the
// plain/escaped decision made when the string is stored is right everywhere.
TEST(Mutable, StringsOfEveryLengthWriteBackExactly) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value arr = doc.make({});
  std::vector<std::string> expected;
  for (std::size_t n = 0; n <= 40; ++n) {
    for (std::size_t at = 0; at <= n; ++at) {
      for (char special : {'"', '\\', '\n', '\x01'}) {
        std::string s(n, 'x');
        if (at < n) s[at] = special;
        if (at < n || special == '"') {
          expected.push_back(s);
          ASSERT_TRUE(arr.push_back(s).ok());
          ASSERT_TRUE(arr.push_back(jot::object_init{{s, 1}}).ok());  // and as a key
        }
      }
    }
  }
  for (jot::write_options o :
       {jot::write_options{}, jot::write_options{.escape_non_ascii = true, .escape_slash = true}}) {
    const std::string text = text_of(arr, o);
    jot::arena pa;
    auto parsed = jot::parse(text, pa);
    ASSERT_TRUE(parsed) << parsed.error().message;
    ASSERT_EQ(parsed->root().size(), 2 * expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(parsed->root()[2 * i].get_string().value(), expected[i]);
      jot::object obj = parsed->root()[2 * i + 1].get_object().value();
      EXPECT_EQ((*obj.begin()).key, expected[i]);
    }
    EXPECT_TRUE(arr == parsed->root());
  }
}

struct point {
  int x = 0;
  int y = 0;
};
struct shape {
  std::string name;
  std::vector<point> points;
  std::optional<double> area;
};

TEST(Mutable, UserStructsBecomeValues) {
  jot::arena a;
  jot::mutable_document doc(a);
  jot::mut_value root = doc.root();
  shape s{"tri", {{0, 0}, {4, 0}, {0, 3}}, 6.0};
  auto v = jot::to_mutable(s, doc);
  ASSERT_TRUE(v) << v.error().message;
  root["shape"] = jot::moved(*v);
  root["shape"]["points"][1]["y"] = 9;
  EXPECT_EQ(text_of(root),
            R"({"shape":{"name":"tri","points":[{"x":0,"y":0},{"x":4,"y":9},{"x":0,"y":3}],"area":6.0}})");
  // Longer than the stack buffer: written again, exactly sized, in the arena.
  shape big{std::string(2000, 'n'), std::vector<point>(100, point{1, 2}), std::nullopt};
  auto w = jot::to_mutable(big, doc);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->find("name").get_string().value().size(), 2000u);
  EXPECT_EQ(w->find("points").size(), 100u);
  EXPECT_TRUE(w->find("area").is_null());
  // No JSON form: the writer's error.
  shape bad{"nan", {}, std::nan("")};
  EXPECT_FALSE(jot::to_mutable(bad, doc));
  // Too little memory: capacity_exceeded, nothing inserted.
  alignas(16) char buf[256];
  jot::arena small(buf, sizeof buf);
  jot::mutable_document tight(small);
  auto t = jot::to_mutable(big, tight);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().code, jot::error_code::capacity_exceeded);
}

}  // namespace
