// jot/detail/scan/blank.h - what lies blank between tokens, byte by byte:
// RFC 8259's whitespace, and where a comment ends, the one rule every reader
// of relaxed JSON follows (the parser, the relaxed typed read's copy, the
// stream's window). The vector scans of whitespace are the scanners'. Not API.
//
// A line comment ("//") ends before its line terminator: a line feed or a
// carriage return (so CRLF too); the terminator is whitespace after it. A
// block comment ("/*") ends after the first "*/" that follows its opening.
// Comments occur only where the options allow them, so these are plain byte
// loops: no scan of strict JSON ever reaches them.
#pragma once

namespace jot::detail {

// True for the four bytes RFC 8259 calls whitespace.
constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The first line feed or carriage return in [p, end), else end: where a line
// comment whose text continues at p ends.
template <class Byte>
constexpr const Byte* line_comment_end(const Byte* p, const Byte* end) noexcept {
  while (p != end && *p != '\n' && *p != '\r') ++p;
  return p;
}

// The byte after the first "*/" in [p, end), else nullptr: where a block
// comment whose text continues at p ends (nullptr: it is unterminated).
template <class Byte>
constexpr const Byte* block_comment_end(const Byte* p, const Byte* end) noexcept {
  while (end - p >= 2 && !(p[0] == '*' && p[1] == '/')) ++p;
  return end - p >= 2 ? p + 2 : nullptr;
}

// The end of the comment at p (p[0] == '/', p[1] == '/' or '*', p + 2 <=
// end): after a line comment, its terminator (or end); after a block
// comment, the byte after its "*/", or nullptr when it is unterminated.
template <class Byte>
constexpr const Byte* comment_end(const Byte* p, const Byte* end) noexcept {
  return p[1] == '/' ? line_comment_end(p + 2, end) : block_comment_end(p + 2, end);
}

}  // namespace jot::detail
