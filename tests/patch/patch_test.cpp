// jot/patch.h: JSON Patch (the RFC 6902 suite, atomicity, error reports,
// fixed buffers, deep values) and JSON Merge Patch (the RFC 7396 examples,
// 100,000 levels).
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "support/alloc_counter.h"
#include "support/test_data.h"

namespace {

std::string text_of(jot::mut_value v) {
  jot::output_buffer out;
  auto w = jot::write(v, out);
  EXPECT_TRUE(w) << w.error().message;
  return std::string(w ? *w : std::string_view());
}

std::string describe(const jot::patch_result& r) {
  char buf[256];
  r.error().describe(buf, sizeof buf);
  return buf;
}

// A document and a patch parsed from text, with their arenas. The patch
// keeps its text: parsed strings point into it.
struct patch_case {
  jot::arena doc_arena, patch_arena;
  jot::mutable_document doc{doc_arena};
  std::string patch_text;
  jot::value patch;

  patch_case(std::string_view doc_text, std::string patch_json, jot::parse_options o = {})
      : patch_text(std::move(patch_json)) {
    jot::arena parsed;
    auto d = jot::parse(doc_text, parsed, o);
    EXPECT_TRUE(d) << d.error().message;
    if (d) EXPECT_TRUE(doc.set_root(d->root()).ok());
    auto p = jot::parse(patch_text, patch_arena, o);
    EXPECT_TRUE(p) << p.error().message;
    if (p) patch = p->root();
  }
  jot::patch_result apply() { return jot::apply_patch(doc, patch); }
  std::string text() { return text_of(doc.root()); }
};

// RFC 6902 equality for the suite's expected documents (objects unordered),
// written recursively: the suite's documents are shallow.
bool same_json(jot::value a, jot::value b) {
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (jot::member m : *a.get_object())
      if (!b[m.key].exists() || !same_json(m.value, b[m.key])) return false;
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same_json(a[i], b[i])) return false;
    return true;
  }
  return a == b;
}

// ---- the RFC 6902 suite ------------------------------------------------------

TEST(JsonPatch, PassesTheRfc6902Suite) {
  const std::string dir = jot_test::json_patch_tests_dir();
  if (dir.empty())
    GTEST_SKIP() << "json-patch-tests not found beside the shared data "
                    "(../shared/conformance/json-patch-tests)";
  std::size_t passed = 0, skipped = 0, expected_errors = 0;
  for (const char* file : {"tests.json", "spec_tests.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/" + file, text));
    jot::arena suite_arena;
    auto suite = jot::parse(text, suite_arena);
    ASSERT_TRUE(suite) << file << ": " << suite.error().message;
    std::size_t index = 0;
    for (jot::value c : *suite->root().get_array()) {
      const std::string name = std::string(file) + " #" + std::to_string(index++) + " " +
                               std::string(c["comment"].get_or(""));
      if (!c["doc"].exists()) continue;  // a comment-only record
      if (c["disabled"].get_or(false)) {
        ++skipped;
        continue;
      }
      jot::arena a;
      jot::mutable_document doc(a);
      ASSERT_TRUE(doc.set_root(c["doc"]).ok()) << name;
      const jot::patch_result r = jot::apply_patch(doc, c["patch"]);
      if (c["error"].exists()) {
        ++expected_errors;
        EXPECT_FALSE(r) << name << ": succeeded, expected " << c["error"].get_or("");
        // Unchanged: the same values in the same order.
        EXPECT_TRUE(doc.root() == c["doc"]) << name << ": changed to " << text_of(doc.root());
        EXPECT_TRUE(doc.ok()) << name;
        if (!r && doc.root() == c["doc"]) ++passed;
        continue;
      }
      ASSERT_TRUE(r) << name << ": " << describe(r);
      if (c["expected"].exists()) {
        jot::arena back;
        auto result = jot::to_document(doc.root(), back);
        ASSERT_TRUE(result);
        EXPECT_TRUE(same_json(result->root(), c["expected"]))
            << name << ": got " << text_of(doc.root());
        if (!same_json(result->root(), c["expected"])) continue;
      }
      ++passed;
    }
  }
  std::printf(
      "[ RFC 6902 ] %zu cases passed (%zu of them expected errors), %zu disabled cases skipped\n",
      passed, expected_errors, skipped);
  EXPECT_GE(passed, 100u);
}

// The suite's disabled cases, which need a parser that keeps duplicate keys
// (jot does) or a scalar root (jot allows one).
TEST(JsonPatch, RejectsDuplicateMembersAndPatchesScalarRoots) {
  patch_case dup(R"({"foo":"bar"})", R"([{"op":"add","path":"/baz","value":"qux","op":"remove"}])");
  jot::patch_result r = dup.apply();
  EXPECT_EQ(r.error().code, jot::error_code::invalid_patch);
  EXPECT_EQ(describe(r), "operation 0 (/baz): a member appears twice");
  EXPECT_EQ(dup.text(), R"({"foo":"bar"})");

  patch_case scalar(R"("foo")", R"([{"op":"replace","path":"","value":"bar"}])");
  ASSERT_TRUE(scalar.apply());
  EXPECT_EQ(scalar.text(), R"("bar")");

  patch_case whole(R"({"foo":1})", R"([{"op":"test","path":"","value":{"foo":1}}])");
  EXPECT_TRUE(whole.apply());
}

// ---- operations ----------------------------------------------------------------

TEST(JsonPatch, AppliesEveryOperation) {
  patch_case p(R"({"a":1,"list":[1,2,3],"o":{"x":"y"},"m~n":{"a/b":0}})", R"([
    {"op": "add", "path": "/b", "value": {"new": [true]}},
    {"op": "add", "path": "/a", "value": "replaced in place"},
    {"op": "add", "path": "/list/0", "value": 0},
    {"op": "add", "path": "/list/-", "value": 4},
    {"op": "add", "path": "/list/5", "value": 5},
    {"op": "remove", "path": "/list/1"},
    {"op": "replace", "path": "/o/x", "value": "z"},
    {"op": "move", "from": "/list/0", "path": "/list/4"},
    {"op": "copy", "from": "/o", "path": "/o2"},
    {"op": "add", "path": "/m~0n/c~1d", "value": "escaped"},
    {"op": "test", "path": "/m~0n/a~1b", "value": 0.0},
    {"op": "move", "from": "/b/new", "path": "/moved"},
    {"op": "move", "from": "/a", "path": "/a"},
    {"op": "test", "path": "", "value": {"a":"replaced in place","list":[2,3,4,5,0],"o":{"x":"z"},
      "m~n":{"a/b":0,"c/d":"escaped"},"b":{},"o2":{"x":"z"},"moved":[true]}}
  ])");
  const jot::patch_result r = p.apply();
  ASSERT_TRUE(r) << describe(r);
  EXPECT_EQ(
      p.text(),
      R"({"a":"replaced in place","list":[2,3,4,5,0],"o":{"x":"z"},"m~n":{"a/b":0,"c/d":"escaped"},)"
      R"("b":{},"o2":{"x":"z"},"moved":[true]})");
  EXPECT_EQ(describe(r), "ok");
  // A copy is a copy: changing the original leaves it alone.
  patch_case q(R"({"o":{"x":1}})", R"([{"op":"copy","from":"/o","path":"/c"},
                                       {"op":"replace","path":"/o/x","value":2}])");
  ASSERT_TRUE(q.apply());
  EXPECT_EQ(q.text(), R"({"o":{"x":2},"c":{"x":1}})");
}

TEST(JsonPatch, ReplacesAndMovesTheRoot) {
  patch_case p(R"({"a":{"b":[1]}})", R"([{"op":"move","from":"/a/b","path":""},
                                         {"op":"add","path":"/-","value":2}])");
  ASSERT_TRUE(p.apply());
  EXPECT_EQ(p.text(), "[1,2]");
  patch_case q("[1]", R"([{"op":"add","path":"","value":{"x":null}},
                          {"op":"copy","from":"","path":"/self"}])");
  ASSERT_TRUE(q.apply());
  EXPECT_EQ(q.text(), R"({"x":null,"self":{"x":null}})");
}

TEST(JsonPatch, TestComparesObjectsAsSetsAndNumbersByValue) {
  const char* doc = R"({"a":1,"b":[1,{"x":1,"y":[2.5,"s"]}],"c":{}})";
  for (const char* equal : {R"({"c":{},"b":[1,{"y":[2.5,"s"],"x":1.0}],"a":1})",
                            R"({"a":1e0,"b":[1,{"x":1,"y":[25e-1,"s"]}],"c":{}})"}) {
    patch_case p(doc, std::string(R"([{"op":"test","path":"","value":)") + equal + "}]");
    EXPECT_TRUE(p.apply()) << equal;
  }
  for (const char* differs : {R"({"a":1,"b":[{"x":1,"y":[2.5,"s"]},1],"c":{}})",
                              R"({"a":1,"b":[1,{"x":1,"z":[2.5,"s"]}],"c":{}})",
                              R"({"a":1,"b":[1,{"x":1,"y":[2.5,"s"]}],"c":{},"d":0})",
                              R"({"a":1,"b":[1,{"x":1,"y":[2.5]}],"c":{}})",
                              R"({"a":"1","b":[1,{"x":1,"y":[2.5,"s"]}],"c":{}})",
                              R"({"a":1,"b":[1,{"x":1,"y":[2.5,"s"]}],"c":[]})"}) {
    patch_case p(doc, std::string(R"([{"op":"test","path":"","value":)") + differs + "}]");
    const jot::patch_result r = p.apply();
    EXPECT_EQ(r.error().code, jot::error_code::patch_test_failed) << differs;
  }
}

// RFC 6902 4.6: numbers are equal when their values are. With the numbers
// kept as text (as the jot CLI reads them) no digit is rounded away. Decoded,
// integers stay exact, and a double is the decimal jot writes for it: the
// digits the parse rounded away are gone before the test.
TEST(JsonPatch, TestComparesNumbersExactly) {
  struct pair {
    const char* doc;
    const char* value;
    bool equal_as_text;
    bool equal_decoded;
  };
  const pair pairs[] = {
      {"9007199254740992", "9007199254740993", false, false},
      {"9007199254740992", "9007199254740993.0", false, true},
      {"9007199254740992.0", "9007199254740993", false, false},
      {"0.1", "0.10000000000000001", false, true},
      {"100000000000000000000000001", "1e26", false, true},
      {"1", "1.0", true, true},
      {"1", "1e0", true, true},
      {"1", "10e-1", true, true},
      {"1.0", "10e-1", true, true},
      {"1e400", "10e399", true, true},  // kept as text only: beyond a double
  };
  jot::parse_options keep;
  keep.keep_number_text = true;
  for (const bool kept : {true, false}) {
    for (const pair& p : pairs) {
      if (!kept && std::string_view(p.doc) == "1e400") continue;
      patch_case c(std::string(R"({"a":)") + p.doc + "}",
                   std::string(R"([{"op":"test","path":"/a","value":)") + p.value + "}]",
                   kept ? keep : jot::parse_options{});
      const bool equal = kept ? p.equal_as_text : p.equal_decoded;
      const jot::patch_result r = c.apply();
      EXPECT_EQ(r.ok(), equal) << p.doc << " vs " << p.value << (kept ? " (kept as text)" : " (decoded)");
      if (!equal && !r.ok()) EXPECT_EQ(r.error().code, jot::error_code::patch_test_failed);
    }
  }
}

// ---- errors ------------------------------------------------------------------

TEST(JsonPatch, ErrorsNameTheOperationAndThePointer) {
  struct expectation {
    const char* patch;
    jot::error_code code;
    const char* description;
  };
  using jot::error_code;
  const expectation cases[] = {
      {R"({"op":"add"})", error_code::invalid_patch, "a JSON Patch must be an array of operations"},
      {R"([{"op":"test","path":"/a","value":1}, 7])", error_code::invalid_patch,
       "operation 1 (): an operation must be an object"},
      {R"([{"path":"/a"}])", error_code::invalid_patch, R"(operation 0 (/a): missing "op")"},
      {R"([{"op":1,"path":"/a"}])", error_code::invalid_patch,
       R"(operation 0 (/a): "op" must be a string)"},
      {R"([{"op":"spam","path":"/a"}])", error_code::invalid_patch,
       R"(operation 0 (/a): unknown "op")"},
      {R"([{"op":"remove"}])", error_code::invalid_patch, R"(operation 0 (): missing "path")"},
      {R"([{"op":"remove","path":null}])", error_code::invalid_patch,
       R"(operation 0 (): "path" must be a string)"},
      {R"([{"op":"remove","path":"a"}])", error_code::invalid_patch,
       R"(operation 0 (a): "path" is not a JSON Pointer)"},
      {R"([{"op":"add","path":"/b"}])", error_code::invalid_patch,
       R"(operation 0 (/b): missing "value")"},
      {R"([{"op":"move","path":"/b"}])", error_code::invalid_patch,
       R"(operation 0 (/b): missing "from")"},
      {R"([{"op":"copy","path":"/b","from":["/a"]}])", error_code::invalid_patch,
       R"(operation 0 (/b): "from" must be a string)"},
      {R"([{"op":"copy","path":"/b","from":"/a~"}])", error_code::invalid_patch,
       R"(operation 0 (/a~): "from" is not a JSON Pointer)"},
      {R"([{"op":"move","from":"/o","path":"/o/x"}])", error_code::invalid_patch,
       "operation 0 (/o/x): a value cannot move into itself"},
      {R"([{"op":"remove","path":""}])", error_code::invalid_patch,
       "operation 0 (): cannot remove the whole document"},
      {R"([{"op":"test","path":"/a","value":1},{"op":"remove","path":"/nope"}])",
       error_code::not_found, "operation 1 (/nope): no such member"},
      {R"([{"op":"add","path":"/x/y","value":1}])", error_code::not_found,
       "operation 0 (/x/y): the parent of the location does not exist"},
      {R"([{"op":"add","path":"/a/y","value":1}])", error_code::not_found,
       "operation 0 (/a/y): the parent of the location is not an object or array"},
      {R"([{"op":"add","path":"/l/01","value":1}])", error_code::not_found,
       "operation 0 (/l/01): not an array index"},
      {R"([{"op":"add","path":"/l/3","value":1}])", error_code::not_found,
       "operation 0 (/l/3): index past the end of the array"},
      {R"([{"op":"replace","path":"/l/-","value":1}])", error_code::not_found,
       "operation 0 (/l/-): index past the end of the array"},
      {R"([{"op":"copy","from":"/l/9","path":"/c"}])", error_code::not_found,
       R"(operation 0 (/l/9): the "from" location does not exist)"},
      {R"([{"op":"add","path":"/c","value":1},{"op":"test","path":"/c","value":2}])",
       error_code::patch_test_failed, "operation 1 (/c): JSON Patch test failed"},
  };
  for (const expectation& e : cases) {
    patch_case p(R"({"a":1,"l":[1,2],"o":{"x":0}})", e.patch);
    const jot::patch_result r = p.apply();
    EXPECT_EQ(r.error().code, e.code) << e.patch;
    EXPECT_EQ(describe(r), e.description) << e.patch;
    EXPECT_EQ(p.text(), R"({"a":1,"l":[1,2],"o":{"x":0}})") << e.patch;
  }
  patch_case p("{}",
               R"([{"op":"add","path":"/a","value":1},{"op":"copy","from":"/a/~2","path":"/b"}])");
  const jot::patch_result r = p.apply();
  EXPECT_EQ(r.error().operation(), 1u);
  EXPECT_EQ(r.error().path(), "/a/~2");
  EXPECT_EQ(r.error().offset, 3u);  // the '~' of the malformed "from"
  char tiny[8];
  EXPECT_EQ(r.error().describe(tiny, sizeof tiny), describe(r).size());
  EXPECT_STREQ(tiny, "operati");
}

// ---- atomicity ------------------------------------------------------------------

TEST(JsonPatch, AFailedPatchChangesNothing) {
  const char* doc = R"({"a":1,"list":[1,2,3],"o":{"x":{"deep":[0]}},"s":"t"})";
  patch_case p(doc, R"([
    {"op": "add", "path": "/new", "value": [1]},
    {"op": "add", "path": "/a", "value": 2},
    {"op": "add", "path": "/list/0", "value": 0},
    {"op": "remove", "path": "/list/3"},
    {"op": "remove", "path": "/o/x/deep/0"},
    {"op": "replace", "path": "/s", "value": {"u": 1}},
    {"op": "move", "from": "/o/x", "path": "/list/1"},
    {"op": "copy", "from": "/list", "path": "/copy"},
    {"op": "remove", "path": "/a"},
    {"op": "add", "path": "", "value": {"replaced": "root"}},
    {"op": "add", "path": "/again", "value": 1},
    {"op": "test", "path": "/again", "value": 2}
  ])");
  jot::mut_value list = p.doc.root().find("list");
  jot::mut_value x = p.doc.root().at_pointer("/o/x").value();
  const jot::patch_result r = p.apply();
  EXPECT_EQ(r.error().code, jot::error_code::patch_test_failed);
  EXPECT_EQ(r.error().operation(), 11u);
  EXPECT_EQ(r.error().path(), "/again");
  EXPECT_EQ(p.text(), doc);
  EXPECT_TRUE(p.doc.ok());
  // The very nodes are back: handles taken before the patch still work.
  EXPECT_EQ(list.parent().node(), p.doc.root().node());
  EXPECT_EQ(x.parent().parent().node(), p.doc.root().node());
  ASSERT_TRUE(list.push_back(4).ok());
  EXPECT_EQ(text_of(list), "[1,2,3,4]");
}

// More edits than the log's first chunk holds: the log continues in the arena.
TEST(JsonPatch, RollsBackLongPatches) {
  std::string patch = "[";
  for (int i = 0; i < 300; ++i) {
    patch += R"({"op":"move","from":"/a/0","path":"/a/-"},)";
    patch += R"({"op":"add","path":"/k)" + std::to_string(i) + R"(","value":)" + std::to_string(i) +
             "},";
  }
  patch += R"({"op":"test","path":"/a","value":"no"}])";
  patch_case p(R"({"a":[1,2,3,4,5]})", patch);
  const jot::patch_result r = p.apply();
  EXPECT_EQ(r.error().operation(), 600u);
  EXPECT_EQ(p.text(), R"({"a":[1,2,3,4,5]})");
  patch_case ok(R"({"a":[1,2,3,4,5]})", patch.substr(0, patch.rfind(",{")) + "]");
  ASSERT_TRUE(ok.apply());
  EXPECT_EQ(ok.doc.root().size(), 301u);
  EXPECT_EQ(text_of(ok.doc.root().find("a")), "[1,2,3,4,5]");  // 300 rotations of 5
}

// Applies edit (a callable returning a jot::error) to a copy of doc in
// fixed buffers of every size from `from` to `to`: it either succeeds and
// yields `expected`, or fails with capacity_exceeded and leaves the document
// (and its error()) as it was. Counts both outcomes.
template <class Edit>
void sweep_fixed_buffers(std::string_view doc, std::size_t from, std::size_t to, std::size_t step,
                         const std::string& expected, Edit edit, std::size_t counts[2]) {
  jot::arena da;
  auto parsed = jot::parse(doc, da);
  ASSERT_TRUE(parsed);
  std::vector<char> buf(to);
  for (std::size_t size = from; size <= to; size += step) {
    jot::arena a(buf.data(), size);
    jot::mutable_document m(a);
    if (!m.set_root(parsed->root()).ok()) continue;
    const std::size_t before = jot_test::allocation_count();
    const jot::error e = edit(m);
    EXPECT_EQ(jot_test::allocation_count(), before);
    ++counts[e.ok()];
    if (e.ok()) {
      EXPECT_EQ(text_of(m.root()), expected) << size;
      continue;
    }
    EXPECT_EQ(e.code, jot::error_code::capacity_exceeded) << size << ": " << e.message;
    EXPECT_TRUE(m.root() == parsed->root()) << size;
    EXPECT_TRUE(m.ok()) << size;
  }
}

TEST(JsonPatch, FixedBuffersFailCleanly) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string big(300, 'x');
  std::string patch = R"([{"op":"add","path":"/a/-","value":")" + big + R"("},
    {"op":"copy","from":"/a","path":"/b"},{"op":"replace","path":"/c","value":{"k":[1,2,3]}},
    {"op":"add","path":"/d~1e","value":"x"}, {"op":"move","from":"/b","path":"/c/k/0"})";
  std::string numbers;
  for (int i = 0; i < 70; ++i) {  // more edits than the undo log's first chunk
    patch += R"(,{"op":"add","path":"/a/0","value":)" + std::to_string(i) + "}";
    numbers = std::to_string(i) + "," + numbers;
  }
  patch += "]";
  jot::arena pa;
  auto parsed_patch = jot::parse(patch, pa);
  ASSERT_TRUE(parsed_patch);
  const std::string expected = R"({"a":[)" + numbers + R"(1,")" + big + R"("],"c":{"k":[[1,")" +
                               big + R"("],1,2,3]},"d/e":"x"})";
  std::size_t counts[2] = {0, 0};
  sweep_fixed_buffers(R"({"a":[1],"c":null})", 128, 16384, 24, expected,
                      [&](jot::mutable_document& m) {
                        const jot::patch_result r = jot::apply_patch(m, parsed_patch->root());
                        if (!r) EXPECT_NE(r.error().operation(), jot::patch_error::no_operation);
                        return r.error();
                      },
                      counts);
  EXPECT_GT(counts[0], 100u);
  EXPECT_GT(counts[1], 10u);
}

// ---- depth ---------------------------------------------------------------------

std::string nested(int depth, const char* key, const char* leaf) {
  std::string s;
  for (int i = 0; i < depth; ++i) s += std::string("{\"") + key + "\":";
  s += leaf;
  s.append(depth, '}');
  return s;
}

TEST(JsonPatch, TestsDeepValuesWithoutRecursion) {
  constexpr int depth = 100000;
  jot::parse_options o;
  o.syntax.max_depth = depth + 10;
  std::string doc = nested(depth, "a", "[1,{\"x\":1,\"y\":2}]");
  std::string same = nested(depth, "a", "[1,{\"y\":2,\"x\":1}]");
  patch_case p(doc, "[{\"op\":\"test\",\"path\":\"\",\"value\":" + same + "}]", o);
  EXPECT_TRUE(p.apply());
  std::string other = nested(depth, "a", "[1,{\"y\":2,\"x\":2}]");
  patch_case q(doc, "[{\"op\":\"test\",\"path\":\"\",\"value\":" + other + "}]", o);
  EXPECT_EQ(q.apply().error().code, jot::error_code::patch_test_failed);
}

// ---- JSON Merge Patch ----------------------------------------------------------

std::string merged(std::string_view target, std::string_view patch, jot::parse_options o = {}) {
  jot::arena ta, pa, da;
  auto t = jot::parse(target, ta, o);
  auto p = jot::parse(patch, pa, o);
  EXPECT_TRUE(t && p);
  if (!t || !p) return "";
  jot::mutable_document doc(da);
  EXPECT_TRUE(doc.set_root(t->root()).ok());
  const jot::result<void> r = jot::merge_patch(doc, p->root());
  EXPECT_TRUE(r.ok()) << r.error().message;
  return text_of(doc.root());
}

// RFC 7396 appendix A, and the example of its section 3.
TEST(MergePatch, RfcExamples) {
  struct example {
    const char* original;
    const char* patch;
    const char* result;
  };
  const example examples[] = {
      {R"({"a":"b"})", R"({"a":"c"})", R"({"a":"c"})"},
      {R"({"a":"b"})", R"({"b":"c"})", R"({"a":"b","b":"c"})"},
      {R"({"a":"b"})", R"({"a":null})", R"({})"},
      {R"({"a":"b","b":"c"})", R"({"a":null})", R"({"b":"c"})"},
      {R"({"a":["b"]})", R"({"a":"c"})", R"({"a":"c"})"},
      {R"({"a":"c"})", R"({"a":["b"]})", R"({"a":["b"]})"},
      {R"({"a":{"b":"c"}})", R"({"a":{"b":"d","c":null}})", R"({"a":{"b":"d"}})"},
      {R"({"a":[{"b":"c"}]})", R"({"a":[1]})", R"({"a":[1]})"},
      {R"(["a","b"])", R"(["c","d"])", R"(["c","d"])"},
      {R"({"a":"b"})", R"(["c"])", R"(["c"])"},
      {R"({"a":"foo"})", "null", "null"},
      {R"({"a":"foo"})", R"("bar")", R"("bar")"},
      {R"({"e":null})", R"({"a":1})", R"({"e":null,"a":1})"},
      {R"([1,2])", R"({"a":"b","c":null})", R"({"a":"b"})"},
      {R"({})", R"({"a":{"bb":{"ccc":null}}})", R"({"a":{"bb":{}}})"},
      {R"({"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},)"
       R"("tags":["example","sample"],"content":"This will be unchanged"})",
       R"({"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},)"
       R"("tags":["example"]})",
       R"({"title":"Hello!","author":{"givenName":"John"},"tags":["example"],)"
       R"("content":"This will be unchanged","phoneNumber":"+01-123-456-7890"})"},
  };
  for (const example& e : examples) EXPECT_EQ(merged(e.original, e.patch), e.result) << e.patch;
}

TEST(MergePatch, MergesInDocumentOrderAndKeepsPositions) {
  EXPECT_EQ(merged(R"({"a":1,"b":{"c":1,"d":2},"e":3})",
                   R"({"e":null,"b":{"d":null,"c":{"x":null}},"a":{}})"),
            R"({"a":{},"b":{"c":{}}})");
  EXPECT_EQ(merged(R"({"a":1})", R"({"a":null,"a":2})"),
            R"({"a":2})");  // duplicates apply in order
  EXPECT_EQ(merged("[]", "{}"), "{}");
  EXPECT_EQ(merged(R"({"a":{"b":{"c":[1]}}})", R"({"a":{"b":{"c":{"d":[null]}}}})"),
            R"({"a":{"b":{"c":{"d":[null]}}}})");
}

TEST(MergePatch, HundredThousandLevels) {
  constexpr int depth = 100000;
  jot::parse_options o;
  o.syntax.max_depth = depth + 10;
  // Into nothing: the patch's structure is built level by level.
  const std::string patch = nested(depth, "a", R"({"b":1,"gone":null})");
  EXPECT_EQ(merged("{}", patch, o), nested(depth, "a", R"({"b":1})"));
  // Into a deep document: the deepest member is replaced and another removed,
  // and members after the deep branch are reached again on the way back out.
  const std::string target = nested(depth, "a", R"({"b":0,"gone":true,"keep":1})");
  std::string patch2 = nested(depth, "a", R"({"b":1,"gone":null})");
  patch2.insert(patch2.size() - 1, R"(,"after":2)");
  std::string expected = nested(depth, "a", R"({"b":1,"keep":1})");
  expected.insert(expected.size() - 1, R"(,"after":2)");
  EXPECT_EQ(merged(target, patch2, o), expected);
}

TEST(MergePatch, FixedBuffersFailCleanly) {
  JOT_REQUIRE_COUNTED_MALLOC();
  jot::arena pa;
  auto p = jot::parse(
      R"({"a":{"b":"12345678901234567890","c":null,"d":[1,2,3]},"e":null,"f":{"g":{}}})", pa);
  ASSERT_TRUE(p);
  std::size_t counts[2] = {0, 0};
  sweep_fixed_buffers(R"({"a":{"b":0,"c":1},"e":2,"z":3})", 64, 4096, 8,
                      R"({"a":{"b":"12345678901234567890","d":[1,2,3]},"z":3,"f":{"g":{}}})",
                      [&](jot::mutable_document& m) { return jot::merge_patch(m, p->root()).error(); },
                      counts);
  EXPECT_GT(counts[0], 5u);
  EXPECT_GT(counts[1], 5u);
  jot::arena a;
  jot::mutable_document m(a);
  EXPECT_EQ(jot::merge_patch(m, jot::value()).error().code, jot::error_code::not_found);
}

}  // namespace
