// A server-style loop: one parser and one arena per worker, the arena backed
// by the caller's own allocator object and reset per request. After the first
// requests the arena holds one block that fits, and parsing allocates nothing.
#include <jot/jot.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

// The caller's allocator: any object with allocate/deallocate members. This
// one counts what passes through it.
struct counting_pool {
  int allocations = 0;
  void* allocate(std::size_t size, std::size_t align) {
    ++allocations;
    return std::aligned_alloc(align, (size + align - 1) / align * align);
  }
  void deallocate(void* p, std::size_t, std::size_t) { std::free(p); }
};

int main() {
  const std::string_view requests[] = {
      R"({"id": "r1", "imp": [{"id": "1", "bidfloor": 0.5}], "tmax": 120})",
      R"({"id": "r2", "imp": [{"id": "1", "bidfloor": 1.25}, {"id": "2", "bidfloor": 0.75}], "tmax": 80})",
      R"({"id": "r3", "imp": [], "tmax": 100, "ext": {"note": "caf\u00e9"}})",
  };
  counting_pool pool;
  char first_block[256];  // used before the pool is asked for anything
  jot::arena arena(first_block, sizeof first_block, jot::allocator::of(pool));
  jot::parser parser;

  double total_floor = 0;
  int allocations_after_warmup = -1;
  for (int round = 0; round < 100; ++round) {
    if (round == 10) allocations_after_warmup = pool.allocations;
    for (std::string_view request : requests) {
      arena.reset();  // every document of the previous request is released at once
      auto doc = parser.parse(request, arena);
      if (!doc) {
        std::printf("bad request: %s\n", doc.error().message);
        return 1;
      }
      // get_or: a request without "imp", or an impression without a floor, counts as none.
      for (jot::value imp : (*doc)["imp"].get_or(jot::array()))
        total_floor += imp["bidfloor"].get_or(0.0);
    }
  }
  std::printf("total bid floor %.2f; pool allocations: %d in warm-up, %d after\n", total_floor,
              allocations_after_warmup, pool.allocations - allocations_after_warmup);
  return pool.allocations == allocations_after_warmup ? 0 : 1;
}
