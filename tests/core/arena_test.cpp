// Arenas: caller buffers, stateful upstream allocators, exhaustion, reuse.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/must.h"
#include "support/test_data.h"

namespace {

using jot::error_code;
using jot_test::must;

// A stateful allocator that records what passes through it and can be told
// to fail after a number of allocations.
struct counting_allocator {
  std::size_t allocations = 0;
  std::size_t deallocations = 0;
  std::size_t live_bytes = 0;
  std::size_t fail_after = SIZE_MAX;
  void* allocate(std::size_t n, std::size_t align) {
    if (allocations >= fail_after) return nullptr;
    ++allocations;
    live_bytes += n;
    return std::aligned_alloc(align, (n + align - 1) / align * align);
  }
  void deallocate(void* p, std::size_t n, std::size_t) {
    ++deallocations;
    live_bytes -= n;
    std::free(p);
  }
};

std::string sample_document(int items) {
  std::string s = "{\"items\": [";
  for (int i = 0; i < items; ++i) {
    if (i) s += ", ";
    s += "{\"id\": " + std::to_string(i) + ", \"name\": \"item\\t" + std::to_string(i) +
         "\", \"tags\": [\"a\", \"b\"], \"price\": 1.5}";
  }
  return s + "]}";
}

TEST(Arena, AllocateRespectsAlignmentAndCapacity) {
  alignas(64) char buf[256];
  jot::arena a(buf, sizeof buf);
  void* p = a.allocate(10, 1);
  void* q = a.allocate(8, 64);
  ASSERT_NE(p, nullptr);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q) % 64, 0u);
  EXPECT_EQ(a.allocate(1000, 8), nullptr);  // no upstream: exhaustion is a failure
  EXPECT_FALSE(a.has_upstream());
  a.reset();
  EXPECT_EQ(a.available(), sizeof buf);
}

TEST(Arena, FixedBufferNeverAllocatesAndReportsWhatItNeeds) {
  JOT_REQUIRE_COUNTED_MALLOC();
  std::string doc = sample_document(50);
  std::vector<char> small(512);
  jot::arena a(small.data(), small.size());
  std::size_t before = jot_test::allocation_count();
  auto r = jot::parse(doc, a);
  EXPECT_EQ(jot_test::allocation_count(), before);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(r.error().needed, jot::dom_size_bound(doc.size()));
  // A buffer of the announced size always suffices.
  std::vector<char> big(r.error().needed);
  jot::arena b(big.data(), big.size());
  auto ok = jot::parse(doc, b);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->root()["items"].size(), 50u);
}

TEST(Arena, ExhaustionAtEverySizeIsCleanAndNeverPartial) {
  std::string doc = sample_document(6);
  auto reference = jot::parse(doc);
  ASSERT_TRUE(reference);
  std::size_t smallest_ok = 0;
  for (std::size_t n = 0; n <= jot::dom_size_bound(doc.size()); ++n) {
    std::vector<char> buf(n + 1);
    jot::arena a(buf.data(), n);
    auto r = jot::parse(doc, a);
    if (r) {
      EXPECT_TRUE(r->root() == reference->root()) << n;
      if (!smallest_ok) smallest_ok = n;
    } else {
      EXPECT_EQ(r.error().code, error_code::capacity_exceeded) << n;
      EXPECT_GE(r.error().needed, n) << n;
      EXPECT_EQ(smallest_ok, 0u) << "failed at " << n << " after succeeding at " << smallest_ok;
    }
  }
  EXPECT_GT(smallest_ok, 0u);
  EXPECT_LE(smallest_ok, jot::dom_size_bound(doc.size()));
}

TEST(Arena, UpstreamIsUsedOnlyAfterTheBuffer) {
  counting_allocator up;
  std::string doc = sample_document(200);
  {
    char buf[1024];
    jot::arena a(buf, sizeof buf, jot::allocator::of(up));
    auto r = jot::parse(doc, a);
    ASSERT_TRUE(r);
    EXPECT_GE(up.allocations, 1u);
    EXPECT_EQ(r->root()["items"].size(), 200u);
    EXPECT_EQ(must(must(r->at_pointer("/items/199/name")).get_string()), "item\t199");
  }
  EXPECT_EQ(up.allocations, up.deallocations);
  EXPECT_EQ(up.live_bytes, 0u);
  counting_allocator unused;
  char big[65536];
  jot::arena b(big, sizeof big, jot::allocator::of(unused));
  const std::string small = sample_document(3);
  ASSERT_TRUE(jot::parse(small, b));
  EXPECT_EQ(unused.allocations, 0u);
}

TEST(Arena, FailingUpstreamGivesCapacityErrors) {
  std::string doc = sample_document(100);
  auto reference = jot::parse(doc);
  ASSERT_TRUE(reference);
  for (std::size_t k = 0; k < 8; ++k) {
    counting_allocator up;
    up.fail_after = k;
    jot::arena a(jot::allocator::of(up));
    auto r = jot::parse(doc, a);
    if (r) {
      EXPECT_TRUE(r->root() == reference->root());
    } else {
      EXPECT_EQ(r.error().code, error_code::capacity_exceeded) << k;
    }
  }
}

TEST(Arena, ReuseReachesASteadyStateWithoutAllocation) {
  JOT_REQUIRE_COUNTED_MALLOC();
  counting_allocator up;
  jot::arena a(jot::allocator::of(up));
  jot::parser p;
  std::string doc = sample_document(300);
  ASSERT_TRUE(p.parse(doc, a));
  a.reset();
  ASSERT_TRUE(p.parse(doc, a));
  a.reset();
  std::size_t settled = up.allocations;
  std::size_t before = jot_test::allocation_count();
  for (int i = 0; i < 10; ++i) {
    a.reset();
    auto r = p.parse(doc, a);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->root()["items"].size(), 300u);
  }
  EXPECT_EQ(up.allocations, settled);
  EXPECT_EQ(jot_test::allocation_count(), before);
  EXPECT_EQ(a.upstream_blocks(), 1u);
}

TEST(Arena, SeveralDocumentsShareOneArena) {
  jot::arena a;
  const std::string big = sample_document(100);  // documents borrow their input
  auto d1 = jot::parse(R"({"a": "x\ny"})", a);
  auto d2 = jot::parse(big, a);
  auto d3 = jot::parse(R"(["z\tz"])", a);
  ASSERT_TRUE(d1 && d2 && d3);
  EXPECT_EQ(must((*d1)["a"].get_string()), "x\ny");
  EXPECT_EQ(must(d3->root()[0].get_string()), "z\tz");
  EXPECT_EQ(d2->root()["items"].size(), 100u);
}

// The savepoint documents and read_ndjson take before an attempt: rewinding
// frees what the attempt allocated, and keeps what came before it.
TEST(Arena, RewindToASavepointKeepsWhatCameBefore) {
  alignas(16) char buffer[256];
  jot::arena a(buffer, sizeof buffer);
  char* kept = static_cast<char*>(a.allocate(64, 1));
  ASSERT_NE(kept, nullptr);
  std::memset(kept, 'k', 64);
  const jot::arena::savepoint m = a.save();
  const std::size_t free_at_mark = a.available();
  ASSERT_NE(a.allocate(100, 1), nullptr);
  a.rewind(m);
  EXPECT_EQ(a.available(), free_at_mark);
  char* again = static_cast<char*>(a.allocate(100, 1));
  EXPECT_EQ(again, kept + 64);  // the attempt's bytes are reused, the earlier ones are not
  EXPECT_EQ(std::string(kept, 64), std::string(64, 'k'));

  // A block added after the mark is kept (its free range stays current): the
  // bytes before the mark were never in it, so nothing earlier is reused.
  jot::arena grown(buffer, sizeof buffer, jot::malloc_allocator());
  ASSERT_NE(grown.allocate(200, 1), nullptr);
  const jot::arena::savepoint g = grown.save();
  ASSERT_NE(grown.allocate(4096, 1), nullptr);
  ASSERT_EQ(grown.upstream_blocks(), 1u);
  const std::size_t free_in_block = grown.available();
  grown.rewind(g);
  EXPECT_EQ(grown.available(), free_in_block);
  EXPECT_EQ(grown.upstream_blocks(), 1u);
}

TEST(Arena, DomSizeBoundHolds) {
  // Worst cases for the bound: many tiny values, many escaped strings.
  std::vector<std::string> docs = {"[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]", "[[],[],[],[],[]]",
                                   "{\"\":0,\"\":0,\"\":0}", "[\"\\n\",\"\\n\",\"\\u00e9\"]", "0",
                                   "\"\\ud83d\\ude00\"", "[{},{},{}]"};
  for (const auto& d : docs) {
    std::vector<char> buf(9 * d.size() + 64);  // what valid documents need at most
    jot::arena a(buf.data(), buf.size());
    EXPECT_TRUE(jot::parse(d, a)) << d;
  }
  // Invalid input can use a node per byte; at dom_size_bound it still gets
  // its real syntax error, never a capacity error.
  for (std::string d : {std::string(500, '['), std::string(300, '[') + "1", std::string("{\"a\":[[[[")}) {
    std::vector<char> buf(jot::dom_size_bound(d.size()));
    jot::arena a(buf.data(), buf.size());
    auto r = jot::parse(d, a);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::unexpected_end) << d.substr(0, 10);
  }
}

}  // namespace
