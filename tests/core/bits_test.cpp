// tests/core/bits_test.cpp - jot/detail/core/bits.h: the byte-order and 128-bit helpers that
// keep the portable kernel and the number code free of compiler builtins.
// The fallbacks are compiled here on every host, and checked against the
// builtins they replace where those exist.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include "jot/detail/core/bits.h"
#include "support/guarded_page.h"

namespace {

using namespace jot::detail;

static_assert(byteswap64(0x0102030405060708ull) == 0x0807060504030201ull);
static_assert(byteswap32(0x01020304u) == 0x04030201u);
static_assert(multiply_64x64_portable(~0ull, ~0ull).high == ~0ull - 1);
static_assert(multiply_64x64_portable(~0ull, ~0ull).low == 1);

TEST(Bits, ByteswapReversesBytes) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t v = rng();
    const std::uint64_t s = byteswap64(v);
    for (int b = 0; b < 8; ++b) ASSERT_EQ((s >> (8 * b)) & 0xFF, (v >> (8 * (7 - b))) & 0xFF) << v;
    EXPECT_EQ(byteswap64(s), v);
    const auto w = static_cast<std::uint32_t>(v);
    EXPECT_EQ(byteswap32(w), static_cast<std::uint32_t>(byteswap64(w) >> 32));
#if defined(__GNUC__) || defined(__clang__)
    EXPECT_EQ(s, __builtin_bswap64(v));
    EXPECT_EQ(byteswap32(w), __builtin_bswap32(w));
#endif
  }
}

// The loads put the first byte in memory lowest, whatever the host's order.
TEST(Bits, LittleEndianLoadsOnAnyHost) {
  const std::uint8_t bytes[9] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09};
  EXPECT_EQ(load_le64(bytes), 0x0807060504030201ull);
  EXPECT_EQ(load_le64(bytes + 1), 0x0908070605040302ull);  // unaligned
  EXPECT_EQ(load_le32(bytes), 0x04030201u);
  EXPECT_EQ(load_le32(bytes + 3), 0x07060504u);
}

// load_short16 holds exactly the n bytes, zeros above, and reads nothing
// past them: the bytes end at an unreadable page.
TEST(Bits, ShortLoadsHoldTheBytesAndZerosAbove) {
  std::uint8_t bytes[16];
  for (int i = 0; i < 16; ++i) bytes[i] = static_cast<std::uint8_t>(0xF1 - 7 * i);  // no zero byte
#if defined(JOT_TEST_HAVE_GUARDED_PAGE)
  jot_test::guarded_page page;
  ASSERT_TRUE(page.ok());
#endif
  for (std::size_t n = 0; n < 16; ++n) {
    const std::uint8_t* s = bytes;
#if defined(JOT_TEST_HAVE_GUARDED_PAGE)
    s = reinterpret_cast<const std::uint8_t*>(
        page.place(std::string_view(reinterpret_cast<const char*>(bytes), n)).data());
#endif
    const bytes16 b = load_short16(s, n);
    std::uint8_t out[16];
    store_le64(out, b.lo);
    store_le64(out + 8, b.hi);
    for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(out[i], i < n ? bytes[i] : 0) << "n " << n << ", byte " << i;
    EXPECT_EQ(b.lo & 0xFF, n > 0 ? bytes[0] : 0u);  // little-endian values on any host
  }
}

// Every size class of copy_short (1-3, 4-7, 8-16, 17-32, 33-64 and the
// memcpy above), with its bound known to the compiler as in the writer
// (chunks of at most 2 KB): exactly n bytes land, none before or after.
TEST(Bits, CopyShortCopiesExactlyNBytes) {
  constexpr std::size_t limit = 2048;
  std::string source(limit, '\0');
  for (std::size_t i = 0; i < limit; ++i) source[i] = static_cast<char>('!' + (i * 13) % 90);
  for (std::size_t n = 0; n <= 300; ++n) {
    for (const std::size_t offset : {0u, 1u, 7u}) {
      std::string out(limit + 64, '#');
      const std::size_t m = n < limit ? n : limit;
      copy_short(out.data() + 16, source.data() + offset, m);
      for (std::size_t i = 0; i < out.size(); ++i) {
        const char want = i >= 16 && i < 16 + m ? source[offset + i - 16] : '#';
        ASSERT_EQ(out[i], want) << "n " << n << ", offset " << offset << ", byte " << i;
      }
    }
  }
}

TEST(Bits, PortableMultiplyMatchesTheWideType) {
  std::mt19937_64 rng(7);
  const std::uint64_t edges[] = {0, 1, 2, 0xFFFFFFFFull, 0x100000000ull, 0x8000000000000000ull,
                                 0xFFFFFFFF00000000ull, ~0ull - 1, ~0ull};
  auto check = [](std::uint64_t a, std::uint64_t b) {
    const uint128_parts p = multiply_64x64_portable(a, b);
    const uint128_parts q = multiply_64x64(a, b);
    ASSERT_EQ(p.high, q.high) << a << " * " << b;
    ASSERT_EQ(p.low, q.low) << a << " * " << b;
    ASSERT_EQ(p.low, a * b);  // the low half is plain wrapping multiplication
#if defined(__SIZEOF_INT128__)
    __extension__ using u128 = unsigned __int128;
    const u128 wide = static_cast<u128>(a) * b;
    ASSERT_EQ(p.high, static_cast<std::uint64_t>(wide >> 64)) << a << " * " << b;
#endif
  };
  for (std::uint64_t a : edges)
    for (std::uint64_t b : edges) check(a, b);
  for (int i = 0; i < 200000; ++i) {
    // Mix full-width operands with short ones, so both halves get carries.
    const std::uint64_t a = rng() >> (rng() % 64);
    const std::uint64_t b = rng() >> (rng() % 64);
    check(a, b);
  }
}

}  // namespace
