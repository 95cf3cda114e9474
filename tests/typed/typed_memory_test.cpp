// tests/typed/typed_memory_test.cpp - where jot::read takes memory: views and
// spans in the arena with nothing allocated, std::pmr containers over
// jot::arena_resource (growth bounds, a full arena failing cleanly, upstream
// growth, several resources over one arena).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <memory_resource>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jot/pmr.h"
#include "jot/typed.h"
#include "support/alloc_counter.h"
#include "support/typed_read_checks.h"

namespace {

using jot::error_code;
using namespace jot_test;  // must_read, read_fails, describe (support/typed_read_checks.h)

struct views {
  std::string_view id;
  std::span<std::string_view> cur;
  std::span<std::int32_t> w;
  std::optional<jot::raw_json> ext;
};

TEST(TypedRead, ArenaDecodeAllocatesNothing) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string json = R"({"id":"r\"1","cur":["USD","EUR"],"w":[300,250],"ext":{"k":"v"}})";
  char buf[2048];
  jot::arena a(buf, sizeof buf);
  views v;
  const std::size_t before = jot_test::allocation_count();
  for (int i = 0; i < 100; ++i) {
    a.reset();
    const jot::read_result r = jot::read(json, v, a);
    ASSERT_TRUE(r.ok()) << describe(r);
  }
  EXPECT_EQ(jot_test::allocation_count(), before);
  EXPECT_EQ(v.id, "r\"1");
  ASSERT_EQ(v.cur.size(), 2u);
  EXPECT_EQ(v.cur[1], "EUR");
  EXPECT_EQ(v.w[0], 300);
  EXPECT_EQ(v.ext->text, R"({"k":"v"})");
}

struct pmr_request {
  std::pmr::string id;
  std::pmr::vector<std::pmr::string> tags;
  std::pmr::map<std::pmr::string, std::pmr::vector<int>> groups;
};

TEST(TypedRead, PmrContainersDecodeIntoTheArena) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string json =
      R"({"id":"a long identifier that does not fit in a small string buffer","tags":["one\ttab",)"
      R"("another long tag that needs its own block of memory"],"groups":{"first group name, long enough":[1,2,3]}})";
  char buf[8192];
  jot::arena a(buf, sizeof buf);
  const std::size_t before = jot_test::allocation_count();
  for (int i = 0; i < 10; ++i) {
    a.reset();
    jot::arena_resource memory(a);
    pmr_request r{std::pmr::string(&memory), std::pmr::vector<std::pmr::string>(&memory),
                  std::pmr::map<std::pmr::string, std::pmr::vector<int>>(&memory)};
    const jot::read_result res = jot::read(json, r, a);
    ASSERT_TRUE(res.ok()) << describe(res);
    ASSERT_EQ(r.tags.size(), 2u);
    EXPECT_EQ(r.tags[0], "one\ttab");
    EXPECT_EQ(r.groups.begin()->second.size(), 3u);
    EXPECT_EQ(r.groups.begin()->first, "first group name, long enough");
  }
  EXPECT_EQ(jot_test::allocation_count(), before);
}

// Every kind of std::pmr container the reader fills, and each one's growth:
// strings past the small-string size, vectors (of bits too) doubling, list
// and tree and hash nodes, bucket arrays, deques built inside a list.
struct pmr_everything {
  std::pmr::string s;
  std::pmr::vector<int> ints;
  std::pmr::vector<bool> bits;
  std::pmr::vector<std::pmr::string> strings;
  std::pmr::list<std::pmr::string> list;
  std::pmr::list<std::pmr::deque<std::int64_t>> deques;
  std::pmr::map<std::pmr::string, std::pmr::vector<int>> map;
  std::pmr::unordered_map<std::pmr::string, std::pmr::string> hash;
  std::pmr::set<std::pmr::string> set;
  std::pmr::unordered_set<int> hash_set;
};

pmr_everything make_pmr_everything(std::pmr::memory_resource* r) {
  return {std::pmr::string(r),       std::pmr::vector<int>(r),
          std::pmr::vector<bool>(r), std::pmr::vector<std::pmr::string>(r),
          std::pmr::list<std::pmr::string>(r), std::pmr::list<std::pmr::deque<std::int64_t>>(r),
          std::pmr::map<std::pmr::string, std::pmr::vector<int>>(r),
          std::pmr::unordered_map<std::pmr::string, std::pmr::string>(r),
          std::pmr::set<std::pmr::string>(r), std::pmr::unordered_set<int>(r)};
}

std::string pmr_everything_json() {
  std::string ints, bits, strings, hash, set, hash_set;
  for (int i = 0; i < 40; ++i) {
    const std::string sep = i ? "," : "";
    ints += sep + std::to_string(i * 7);
    bits += sep + (i % 3 ? "true" : "false");
    strings += sep + "\"string number " + std::to_string(i) + " is long enough for the heap\"";
    hash += sep + "\"key " + std::to_string(i) + " of the hash map\":\"its value, too long to fit inline\"";
    set += sep + "\"set element " + std::to_string(i) + ", a long one\"";
    hash_set += sep + std::to_string(i * 13);
  }
  return "{\"s\":\"a string with an \\u00e9scape, longer than any small buffer\",\"ints\":[" + ints +
         "],\"bits\":[" + bits + "],\"strings\":[" + strings +
         "],\"list\":[\"first element of the list, long\",\"second\",\"third element of the list, long\"]," +
         "\"deques\":[[1,2,3],[],[4]],\"map\":{\"first group, a long name\":[1,2,3],\"second\":[]," +
         "\"third group, another long name\":[7]},\"hash\":{" + hash + "},\"set\":[" + set +
         "],\"hash_set\":[" + hash_set + "]}";
}

void expect_pmr_everything(const pmr_everything& v) {
  EXPECT_EQ(v.s, "a string with an \xC3\xA9scape, longer than any small buffer");
  ASSERT_EQ(v.ints.size(), 40u);
  EXPECT_EQ(v.ints[39], 273);
  ASSERT_EQ(v.bits.size(), 40u);
  EXPECT_FALSE(v.bits[39]);
  ASSERT_EQ(v.strings.size(), 40u);
  EXPECT_EQ(v.strings[7], "string number 7 is long enough for the heap");
  ASSERT_EQ(v.list.size(), 3u);
  EXPECT_EQ(v.list.back(), "third element of the list, long");
  ASSERT_EQ(v.deques.size(), 3u);
  ASSERT_EQ(v.deques.front().size(), 3u);
  EXPECT_EQ(v.deques.front()[2], 3);
  EXPECT_EQ(v.deques.back().front(), 4);
  ASSERT_EQ(v.map.size(), 3u);
  EXPECT_EQ(v.map.rbegin()->first, "third group, another long name");
  ASSERT_EQ(v.map.rbegin()->second.size(), 1u);
  EXPECT_EQ(v.map.rbegin()->second[0], 7);
  ASSERT_EQ(v.hash.size(), 40u);
  for (const auto& [key, value] : v.hash) EXPECT_EQ(value, "its value, too long to fit inline") << key;
  EXPECT_EQ(v.set.size(), 40u);
  EXPECT_EQ(*v.set.begin(), "set element 0, a long one");
  EXPECT_EQ(v.hash_set.count(39 * 13), 1u);
}

// A regression test: an arena too small for a std::pmr container's growth
// made the arena_resource's null upstream throw std::bad_alloc through the
// noexcept jot::read (std::terminate; std::abort without exceptions). Every
// arena size, from none to enough, now either decodes everything, without
// the heap, or stops with capacity_exceeded, the containers valid and
// destructible (ASan checks that in its build).
TEST(TypedRead, PmrContainersFailCleanlyWhenTheArenaIsFull) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string json = pmr_everything_json();
  std::vector<unsigned char> buf(1 << 16);
  std::size_t failures = 0, largest_failing = 0, heap = 0;
  const auto read = [&](pmr_everything& out, jot::arena& a) {
    const std::size_t before = jot_test::allocation_count();
    const jot::read_result r = jot::read(json, out, a);
    heap += jot_test::allocation_count() - before;
    if (r.ok()) {
      expect_pmr_everything(out);
    } else {
      EXPECT_EQ(r.error().code, error_code::capacity_exceeded) << describe(r);
      EXPECT_GT(r.error().needed, 0u);
      EXPECT_FALSE(r.error().path().empty());
      // Still valid: every container walks and compares.
      EXPECT_LE(out.ints.size() + out.strings.size() + out.list.size() + out.map.size() + out.hash.size(), 200u);
      EXPECT_TRUE(std::is_sorted(out.set.begin(), out.set.end()));
    }
    return r.ok();
  };
  for (std::size_t size = 0; size <= buf.size(); size += size < 2048 ? 8 : 64) {
    SCOPED_TRACE(size);
    jot::arena a(buf.data(), size);
    jot::arena_resource memory(a);
    pmr_everything out = make_pmr_everything(&memory);
    if (!read(out, a)) {
      ++failures;
      largest_failing = size;
    } else {
      read(out, a);  // again into the full containers: maps reuse their nodes
    }
  }
  EXPECT_EQ(heap, 0u);
  EXPECT_GT(failures, 100u);
  EXPECT_LT(largest_failing, buf.size());  // and the largest arena held it all
}

// The same through read_ndjson into a std::pmr vector of rows; and a
// regression test: after a bad line, the exact path rewound the arena to
// before that line's document, handing out again the memory of out's buffer,
// grown by that document, under the rows kept.
TEST(TypedRead, PmrNdjsonKeepsItsRowsAndFailsCleanly) {
  using rows = std::pmr::vector<std::pmr::vector<std::pmr::string>>;
  std::string text;
  for (int i = 0; i < 8; ++i) text += "[\"row " + std::to_string(i) + " holds a string longer than inline\"]\n";
  const std::string bad = text + "[\"a last long string, read before the junk after it\"] x\n";
  std::vector<unsigned char> buf(1 << 14);
  std::size_t failures = 0;
  for (std::size_t size = 0; size <= buf.size(); size += 16) {
    jot::arena a(buf.data(), size);
    jot::arena_resource memory(a);
    rows out(&memory);
    const jot::read_result r = jot::read_ndjson(text, out, a);
    if (r.ok()) {
      ASSERT_EQ(out.size(), 8u);
      EXPECT_EQ(out[7][0], "row 7 holds a string longer than inline");
    } else {
      ++failures;
      ASSERT_EQ(r.error().code, error_code::capacity_exceeded) << size << ": " << describe(r);
    }
    rows again(&memory);
    const jot::read_result b = jot::read_ndjson(bad, again, a);
    ASSERT_FALSE(b.ok());
    if (b.error().code != error_code::capacity_exceeded) {
      EXPECT_EQ(b.error().code, error_code::trailing_content) << size;
      // The ninth document grew out's buffer, then failed: read again exactly,
      // its string must not land on that buffer.
      EXPECT_EQ(b.error().path(), "/8");
      ASSERT_EQ(again.size(), 9u);
      for (int i = 0; i < 8; ++i)
        EXPECT_EQ(std::string_view(again[i][0]), "row " + std::to_string(i) + " holds a string longer than inline");
    }
  }
  EXPECT_GT(failures, 10u);
}

// What each step of a container asks of its memory resource, padding
// included, against jot's bound for that step (jot/detail/typed/typed_pmr.h),
// which must never be smaller, for the standard library this builds with.
struct recording_resource final : std::pmr::memory_resource {
  std::size_t asked = 0;
  void* do_allocate(std::size_t bytes, std::size_t align) override {
    asked += bytes + align - 1;
    return std::pmr::new_delete_resource()->allocate(bytes, align);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t align) override {
    std::pmr::new_delete_resource()->deallocate(p, bytes, align);
  }
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }
};

template <class C, class Bound, class Step>
void check_growth_bound(const char* what, int steps, Bound&& bound, Step&& step) {
  recording_resource memory;
  C c(&memory);
  for (int i = 0; i < steps; ++i) {
    const std::size_t most = bound(c, i);
    memory.asked = 0;
    step(c, i);
    ASSERT_LE(memory.asked, most) << what << ", step " << i;
  }
}

TEST(TypedRead, PmrGrowthBoundsCoverWhatContainersAsk) {
  namespace growth = jot::detail::pmr_growth;
  const auto append = [](const auto& c, int) { return growth::append(c); };
  const auto insert = [](const auto& c, int) { return growth::insert(c); };
  const std::string text(3000, 'x');
  check_growth_bound<std::pmr::string>(
      "string", 3000, [](const std::pmr::string& c, int i) { return growth::string_to(c, i); },
      [&](std::pmr::string& c, int i) {
        c.clear();
        c.append(text.data(), i);
      });
  check_growth_bound<std::pmr::string>(
      "string, resized", 3000, [](const std::pmr::string& c, int i) { return growth::string_to(c, 3000 - i); },
      [](std::pmr::string& c, int i) { c.resize(3000 - i); });
  const auto push = [](auto& c, int) { c.emplace_back(); };
  check_growth_bound<std::pmr::vector<int>>("vector<int>", 5000, append, push);
  check_growth_bound<std::pmr::vector<bool>>("vector<bool>", 5000, append, push);
  check_growth_bound<std::pmr::vector<std::pmr::string>>("vector<string>", 2000, append, push);
  check_growth_bound<std::pmr::vector<std::array<char, 999>>>("vector of 999 bytes", 300, append, push);
  check_growth_bound<std::pmr::deque<std::int64_t>>("deque<int64_t>", 20000, append, push);
  check_growth_bound<std::pmr::deque<std::array<char, 999>>>("deque of 999 bytes", 1000, append, push);
  check_growth_bound<std::pmr::list<std::pmr::string>>("list<string>", 500, append, push);
  check_growth_bound<std::pmr::list<std::pmr::deque<int>>>("list<deque<int>>", 500, append, push);
  check_growth_bound<std::pmr::set<int>>("set<int>", 2000, insert, [](auto& c, int i) { c.insert(i); });
  check_growth_bound<std::pmr::unordered_set<int>>("unordered_set<int>", 5000, insert,
                                                   [](auto& c, int i) { c.insert(i); });
  check_growth_bound<std::pmr::map<int, std::pmr::deque<int>>>("map<int, deque<int>>", 500, insert,
                                                               [](auto& c, int i) { c.try_emplace(i); });
  check_growth_bound<std::pmr::unordered_map<int, std::pmr::vector<int>>>(
      "unordered_map<int, vector<int>>", 5000, insert, [](auto& c, int i) { c.try_emplace(i); });
  // A map read again reserves its buckets for the entries it had.
  check_growth_bound<std::pmr::unordered_map<int, int>>(
      "unordered_map reserved", 3000,
      [](const auto& c, int i) { return growth::buckets_for(c, static_cast<std::size_t>(i)); },
      [](auto& c, int i) {
        std::remove_reference_t<decltype(c)> fresh(c.get_allocator());
        c.swap(fresh);
        c.reserve(static_cast<std::size_t>(i));
      });
}

// Only a resource that has nothing but the arena is guarded: with an
// upstream, what the arena cannot hold goes there, as the caller asked.
TEST(TypedRead, PmrResourcesWithAnUpstreamGrowThere) {
  const std::string json = pmr_everything_json();
  char buf[256];
  jot::arena a(buf, sizeof buf);
  std::pmr::monotonic_buffer_resource heap;
  jot::arena_resource memory(a, &heap);
  pmr_everything out = make_pmr_everything(&memory);
  const jot::read_result r = jot::read(json, out, a);
  ASSERT_TRUE(r.ok()) << describe(r);
  expect_pmr_everything(out);
}

// Several resources over one arena, gone in any order: the arena's list
// keeps the others, and the reader still guards them.
TEST(TypedRead, PmrResourcesOverOneArenaComeAndGoInAnyOrder) {
  char buf[512];
  jot::arena a(buf, sizeof buf);
  auto first = std::make_unique<jot::arena_resource>(a);
  auto second = std::make_unique<jot::arena_resource>(a);
  auto third = std::make_unique<jot::arena_resource>(a);
  second.reset();
  const std::string json = "[\"" + std::string(600, 'x') + "\"]";
  for (jot::arena_resource* memory : {first.get(), third.get()}) {
    std::pmr::vector<std::pmr::string> out(memory);
    const jot::read_result r = jot::read(json, out, a);
    EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
    EXPECT_EQ(r.error().path(), "/0");
    EXPECT_EQ(r.error().offset, 1u);
  }
  first.reset();
  std::pmr::vector<std::pmr::string> out(third.get());
  EXPECT_EQ(jot::read(json, out, a).error().code, error_code::capacity_exceeded);
}

}  // namespace
