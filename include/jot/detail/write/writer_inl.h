// jot/detail/write/writer_inl.h - the inline calls of jot::writer (jot/writer.h).
// Not API.
//
// Each call checks the state, writes its separator (',' and, when pretty, a
// line break), reserves its worst case once and writes. Strings, keys, line
// breaks, numbers and DOM values go through the DOM writer's out-of-line
// primitives (write_primitives.h), so the bytes are the DOM writer's. Errors
// and everything rare are out of line in src/write/writer.cpp. The state checks
// are forced inline: GCC otherwise keeps key() and before_value() out of
// line in a loop of calls, which costs markedly more instructions.
#pragma once

#include <bit>
#include <cstring>
#include <type_traits>

namespace jot {

// Makes room for n bytes at o_.cur. Only a refill assigns o_ as a whole: o_
// lives in memory (the writer escapes to out-of-line calls), and GCC would
// copy the pair with one 16-byte load, which cannot take its bytes from the
// 8-byte store of o_.cur just before and waits for that store to retire (a
// failed store forward on every call, which doubled the time of building
// the twitter subset).
JOT_ALWAYS_INLINE void writer::reserve(std::size_t n) noexcept {
  if (static_cast<std::size_t>(o_.lim - o_.cur) < n) [[unlikely]] o_ = t_.refill(t_.sink, o_.cur, n);
}

// True when the next call may be a value; writes the separator before it and
// moves to the state after it (the parent's, for begin_*).
JOT_ALWAYS_INLINE bool writer::before_value() noexcept {
  switch (state_) {
    case st_array_next:
      reserve(1);
      *o_.cur++ = ',';
      [[fallthrough]];
    case st_array_first:
      state_ = st_array_next;
      if (t_.indent != 0) o_ = detail::write_newline(t_, o_, depth_);
      return true;
    case st_after_key:
      state_ = st_object_next;
      return true;
    case st_root:
      state_ = st_done;
      return true;
    default:
      misplaced("a value");
      return false;
  }
}

inline bool writer::open(char bracket, state inner) noexcept {
  if (!before_value()) return false;
  if (depth_ >= max_depth_) [[unlikely]] {
    fail(error_code::invalid_writer_call, "nesting deeper than writer_options::max_depth");
    return false;
  }
  const std::uint64_t bit = std::uint64_t{1} << (depth_ % 64);
  if (inner == st_object_first) {
    objects_[depth_ / 64] |= bit;
  } else {
    objects_[depth_ / 64] &= ~bit;
  }
  ++depth_;
  state_ = inner;
  reserve(1);
  *o_.cur++ = bracket;
  return true;
}

// Closes the innermost container when it is of the kind whose states are
// first and next.
inline void writer::close(char bracket, state first, state next) noexcept {
  if (state_ != first && state_ != next) [[unlikely]] {
    misplaced(bracket == '}' ? "end_object()" : "end_array()");
    return;
  }
  --depth_;
  if (state_ == next && t_.indent != 0) o_ = detail::write_newline(t_, o_, depth_);
  reserve(1);
  *o_.cur++ = bracket;
  if (depth_ == 0) {
    state_ = st_done;
  } else {
    const std::uint32_t d = depth_ - 1;
    state_ = (objects_[d / 64] >> (d % 64) & 1) != 0 ? st_object_next : st_array_next;
  }
}

inline writer& writer::begin_object() noexcept {
  open('{', st_object_first);
  return *this;
}
inline writer& writer::begin_array() noexcept {
  open('[', st_array_first);
  return *this;
}
inline writer& writer::end_object() noexcept {
  close('}', st_object_first, st_object_next);
  return *this;
}
inline writer& writer::end_array() noexcept {
  close(']', st_array_first, st_array_next);
  return *this;
}

// True when a key may come next; writes the ',' and line break before it.
JOT_ALWAYS_INLINE bool writer::before_key() noexcept {
  if (state_ == st_object_next) {
    reserve(1);
    *o_.cur++ = ',';
  } else if (state_ != st_object_first) [[unlikely]] {
    misplaced("key()");
    return false;
  }
  state_ = st_after_key;
  if (t_.indent != 0) o_ = detail::write_newline(t_, o_, depth_);
  return true;
}

JOT_ALWAYS_INLINE writer& writer::key(std::string_view name) noexcept {
  if (before_key()) write_string_checked(name, true);
  return *this;
}

JOT_ALWAYS_INLINE writer& writer::key(literal_key name) noexcept {
  if (!before_key()) return *this;
  if ((t_.escape & name.escapes_) != 0) [[unlikely]] {
    // An escape option ('/' or non-ASCII) changes this name: the general path.
    o_ = detail::write_key(t_, o_, name.quoted_ + 1, name.size_);
    return *this;
  }
  reserve(name.size_ + 4);
  std::memcpy(o_.cur, name.quoted_, name.size_ + 4);  // a constant size once inlined
  o_.cur += name.size_ + (t_.indent != 0 ? 4 : 3);
  return *this;
}

inline writer& writer::null() noexcept {
  if (!before_value()) return *this;
  reserve(8);
  std::memcpy(o_.cur, "null", 4);
  o_.cur += 4;
  return *this;
}

inline writer& writer::boolean(bool v) noexcept {
  if (!before_value()) return *this;
  reserve(8);
  std::memcpy(o_.cur, v ? "true" : "false", 5);  // "true" copies its NUL: room covers it
  o_.cur += v ? 4 : 5;
  return *this;
}

template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, char> && !std::same_as<T, wchar_t> &&
           !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t>)
inline writer& writer::number(T v) noexcept {
  if (!before_value()) return *this;
  reserve(detail::max_number_chars);
  if constexpr (std::is_signed_v<T>) {
    o_.cur = detail::print_int64(o_.cur, static_cast<std::int64_t>(v));
  } else {
    o_.cur = detail::print_uint64(o_.cur, static_cast<std::uint64_t>(v));
  }
  return *this;
}

inline writer& writer::number(double v) noexcept {
  if (!before_value()) return *this;
  if ((std::bit_cast<std::uint64_t>(v) >> 52 & 0x7ff) == 0x7ff) [[unlikely]] {
    fail(error_code::invalid_number, "NaN and infinities have no JSON form");
    return *this;
  }
  reserve(detail::max_number_chars);
  o_.cur = detail::print_double(o_.cur, v);
  return *this;
}

JOT_ALWAYS_INLINE writer& writer::string(std::string_view s) noexcept {
  if (before_value()) write_string_checked(s, false);
  return *this;
}

// Checked strings that fit one reservation are validated while they are
// escaped (write_checked); the rest, and strings under escape options, are
// validated first, so a sink never receives part of an invalid string.
JOT_ALWAYS_INLINE void writer::write_string_checked(std::string_view s, bool is_key) noexcept {
  if (validate_utf8_) {
    if (t_.escape == 0 && s.size() <= detail::max_checked_string) [[likely]] {
      // An invalid string records its error in t_.failure (nothing else
      // does before finish()); o_ must still take the range, which may be a
      // new block.
      o_ = detail::write_checked(t_, o_, s.data(), s.size(), is_key);
      if (!t_.failure.ok()) [[unlikely]] state_ = st_failed;
      return;
    }
    if (!utf8_ok(s)) [[unlikely]] {
      fail(error_code::invalid_utf8, is_key ? "key is not valid UTF-8" : "string is not valid UTF-8");
      return;
    }
  }
  o_ = is_key ? detail::write_key(t_, o_, s.data(), s.size())
              : detail::write_string(t_, o_, s.data(), s.size());
}

// ASCII is checked here, 8 bytes at a time; anything else out of line.
JOT_ALWAYS_INLINE bool writer::utf8_ok(std::string_view s) noexcept {
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t high = 0;
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    high |= w;
  }
  for (; n != 0; ++p, --n) high |= static_cast<unsigned char>(*p);
  if ((high & 0x8080808080808080ull) == 0) [[likely]] return true;
  return detail::valid_utf8(s.data(), s.size(), t_.engine);
}

}  // namespace jot
