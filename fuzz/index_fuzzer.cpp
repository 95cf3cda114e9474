// fuzz/index_fuzzer.cpp - stage 1, the structural index, on every kernel the
// CPU runs.
//
// Input: one option byte, then the text. Bit 0 allows comments (a '/'
// outside strings stops the index), bit 1 skips UTF-8 validation, bits 2-7
// choose the window: 64 entries (one block's room) up to 1,135, so batches end
// at every block. Checks that every supported kernel's index, batch by batch,
// is the portable kernel's and the byte-at-a-time reference's
// (tests/support/reference_index.h): the same entries, the same anomaly stop, and
// progress in every batch. The text is read where it lies, so a read past its
// end is the sanitizer's to find.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "support/reference_index.h"
#include "kernels/kernels.h"

namespace {

using jot::detail::index_cursor;
using jot::detail::index_entry;
using jot::detail::index_status;

// The kernel's index of s, batch by batch in a window of `room` entries,
// each batch based at its first block as a stream's would be.
jot_test::index_result index_with(const jot::detail::kernel_entry& k, std::string_view s, bool validate_utf8,
                                  bool comments, std::size_t room) {
  const auto* begin = reinterpret_cast<const std::uint8_t*>(s.data());
  index_cursor c = jot::detail::make_index_cursor(begin, begin + s.size(), validate_utf8, comments);
  std::vector<index_entry> window(room);
  jot_test::index_result r;
  while (c.status == index_status::more) {
    const std::uint8_t* base = c.next;
    const std::size_t n = k.index(c, window.data(), window.data() + window.size(), base);
    FUZZ_CHECK(n <= room);
    // A batch that neither wrote nor moved would repeat for ever.
    FUZZ_CHECK(n > 0 || c.next != base || c.status != index_status::more);
    for (std::size_t i = 0; i < n; ++i) r.entries.push_back(static_cast<std::size_t>(base - begin) + window[i]);
  }
  if (c.status == index_status::anomaly) {
    r.anomaly = true;
    r.stop = static_cast<std::size_t>(c.next - begin);
  } else {
    FUZZ_CHECK(c.next == begin + s.size());
  }
  return r;
}

bool same(const jot_test::index_result& a, const jot_test::index_result& b) {
  return a.anomaly == b.anomaly && (!a.anomaly || a.stop == b.stop) && a.entries == b.entries;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool comments = (data[0] & 1) != 0;
  const bool validate_utf8 = (data[0] & 2) == 0;
  const std::size_t room = jot::detail::index_block_room + static_cast<std::size_t>(data[0] >> 2) * 17;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const jot_test::index_result want = jot_test::reference_index(text, validate_utf8, comments);
  const jot_test::index_result portable =
      index_with(*jot::detail::kernel_table[0], text, validate_utf8, comments, room);
  FUZZ_CHECK(same(portable, want));
  for (std::size_t i = 1; i < std::size(jot::all_kernels); ++i) {
    if (!jot::kernel_supported(jot::all_kernels[i])) continue;
    FUZZ_CHECK(same(index_with(*jot::detail::kernel_table[i], text, validate_utf8, comments, room), portable));
  }
  return 0;
}
