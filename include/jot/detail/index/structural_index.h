// jot/detail/index/structural_index.h - stage 1's contract: the structural
// index of a JSON text, built a batch of 64-byte blocks at a time into a
// window the caller owns. Not API.
//
// The index lists, in input order, the offset of every byte that starts a
// token or an escape:
//   - the operators { } [ ] : , outside strings (and the control bytes 0x0C
//     and 0x1A there, which a classifier by `byte | 0x20` cannot tell from
//     ',' and ':'; no JSON text has them outside a string, and the grammar
//     rejects them there as it would any stray byte);
//   - the opening quote of every string (a quote that a backslash escapes
//     opens or closes nothing);
//   - every backslash inside a string (so a string's escapes are known
//     without scanning it again: each escape starts at one, and the second
//     backslash of "\\" is listed too);
//   - the first byte of every other run of bytes outside strings that are
//     neither whitespace nor an operator nor a quote: numbers, literals, and
//     any stray text, which the grammar then judges.
// So the entry after a string's opening quote is one of its backslashes or
// the first token after the string, and only whitespace lies between the
// string's closing quote and that token (or the input's end): the closing
// quote is found by looking back from there, and is not listed.
// Offsets count from the window's base; entries are 32 bits, and a batch
// never spans more than 2^32 - 64 bytes from its base.
//
// Stage 1 stops before the first block that holds an anomaly: a control
// byte inside a string, invalid UTF-8 (when validating), a '/' outside a
// string (when comments are allowed: a comment may hold quotes), or a UTF-8
// sequence cut by the end of the input. Every entry it wrote is exact, and
// every string that closes before the stop was validated in full; the
// grammar reads on from its last token byte by byte, where every error is
// found at its first byte. Nothing past the stop is listed, so a string open
// at the stop has no token after it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jot::detail {

using index_entry = std::uint32_t;

// The room one block's entries may take: a batch writes a block only where
// this many entries fit (it may write past its count, within them).
inline constexpr std::size_t index_block_room = 64;

// Why a batch of stage 1 ended.
enum class index_status : std::uint8_t {
  more,     // the window had no room for another block: call again
  end,      // the whole input is indexed
  anomaly,  // stopped before a block with an anomaly (see above): `next` is that block
};

// Stage 1's progress through one input: where it is, and what the last block
// carries into the next. Plain data, kept by the caller (in its parser state
// or its arena), never on the heap.
struct index_cursor {
  const std::uint8_t* begin = nullptr;  // the input's first byte; blocks are 64 bytes from here
  const std::uint8_t* end = nullptr;    // one past the input's last byte
  const std::uint8_t* next = nullptr;   // the first byte not yet indexed (a block start)
  std::uint64_t in_string = 0;          // all ones when `next` lies inside a string
  std::uint64_t escaped = 0;            // 1 when the byte at `next` is escaped by a backslash before it
  std::uint64_t scalar = 0;             // 1 when the byte before `next` is a scalar byte outside strings
  std::uint64_t utf8_incomplete = 0;    // nonzero when a UTF-8 sequence before `next` continues at `next`
  bool validate_utf8 = true;            // check UTF-8 (an anomaly where invalid)
  bool comments = false;                // a '/' outside a string is an anomaly
  index_status status = index_status::more;
};

// Starts a cursor over [begin, end).
inline index_cursor make_index_cursor(const std::uint8_t* begin, const std::uint8_t* end, bool validate_utf8,
                                      bool comments) noexcept {
  index_cursor c;
  c.begin = begin;
  c.end = end;
  c.next = begin;
  c.validate_utf8 = validate_utf8;
  c.comments = comments;
  c.status = begin == end ? index_status::end : index_status::more;
  return c;
}

// The prefix XOR in plain C++: bit i becomes the parity of m's bits 0..i
// (stage 1's in-string mask where no carry-less multiply is at hand).
constexpr std::uint64_t prefix_xor_by_shifts(std::uint64_t m) noexcept {
  m ^= m << 1;
  m ^= m << 2;
  m ^= m << 4;
  m ^= m << 8;
  m ^= m << 16;
  m ^= m << 32;
  return m;
}

// A kernel's stage 1: indexes whole blocks from c.next while [out, out_end)
// has room for a block's entries (index_block_room), writing each entry as
// its offset from base (base <= c.next). Returns the number of entries
// written and leaves c.next and c.status saying where and why it stopped
// (more: out of room, or the batch reached 2^32 - 64 bytes past base).
using index_function = std::size_t (*)(index_cursor& c, index_entry* out, const index_entry* out_end,
                                       const std::uint8_t* base) noexcept;

}  // namespace jot::detail
