// jot/detail/scan/strings.inl - scanning and unescaping JSON strings, written
// once for every kernel, the DOM parser's and the typed reader's. Not API.
//
// `Simd` supplies scan_string(p, end): the first byte in [p, end) that is '"',
// '\\', below 0x20 or above 0x7F, or end; scan_string_ascii(p, end): the same
// but for bytes above 0x7F; scan_quote(p, end): the first '"' or
// '\\' in [p, end), or end; and skip_utf8(p, end): see scanner.inl (may return
// p unchanged). Included like scanner.inl: inside each per-ISA namespace and
// target region.

// Where a string scan stopped.
struct string_stop {
  const u8* p;      // the closing quote, the first backslash, or the error position
  error_code code;  // ok unless the string is invalid before any backslash
};

// The error for an unescaped byte below 0x20 inside a string. A raw line break
// almost always means a missing closing quote, so it is reported as such.
inline error_code control_error(u8 c) noexcept {
  return (c == '\n' || c == '\r') ? error_code::unterminated_string : error_code::control_character;
}

// Scans a string body from p (just after the opening quote) to its closing
// quote or first backslash, validating UTF-8 when asked.
template <class Simd>
JOT_ALWAYS_INLINE string_stop scan_plain_string(const u8* p, const u8* end, bool validate) noexcept {
  for (;;) {
    p = Simd::scan_string(p, end);
    if (JOT_UNLIKELY(p == end)) return {p, error_code::unterminated_string};
    const u8 c = *p;
    if (JOT_LIKELY(c == '"' || c == '\\')) return {p, error_code::ok};
    if (c < 0x20) return {p, control_error(c)};
    if (!validate) {  // non-ASCII at p: scan on through such bytes
      p = Simd::scan_string_ascii(p + 1, end);
      continue;
    }
    p = Simd::skip_utf8(p, end);
    if (p != end && *p >= 0x80) {
      bool bad;
      p += utf8_valid_run(p, end, &bad);
      if (bad) return {p, error_code::invalid_utf8};
    }
  }
}

// The closing quote of a string whose first backslash is at p, or nullptr when
// the input ends first. Checks nothing else: decoding validates. A register
// at a time, the escaped quotes masked out (escaped_bytes), so that a string
// dense with escapes (rpc's note: 11 in 60 bytes) costs no scan per escape.
template <class Simd>
inline const u8* find_string_end(const u8* p, const u8* end) noexcept {
  if constexpr (requires { typename Simd::layer; }) {
    using V = typename Simd::layer;
    std::uint64_t carry = 0;
    while (end - p >= V::width) {
      const typename V::bytes v = V::load(p);
      const std::uint64_t quotes = V::to_mask(V::eq(v, V::splat('"')));
      const std::uint64_t escaped = escaped_bytes<V::width>(V::to_mask(V::eq(v, V::splat('\\'))), carry);
      const std::uint64_t closing = quotes & ~escaped;
      if (closing != 0) return p + std::countr_zero(closing);
      p += V::width;
    }
    if (carry != 0) {  // the first byte left is escaped
      if (p == end) return nullptr;
      ++p;
    }
  }
  for (;;) {
    p = Simd::scan_quote(p, end);
    if (p == end) return nullptr;
    if (*p == '"') return p;
    if (end - p < 2) return nullptr;  // *p is a backslash
    p += 2;
  }
}

// The result of checking or decoding an escaped string.
struct unescaped {
  const u8* p;        // the closing quote, or the error position
  std::size_t size;   // decoded bytes
  bool needs_escape;  // the decoded bytes contain '"', '\\' or a byte below 0x20
  error_code code;
};

// The escape at p (a backslash, p < end): its bytes decoded at dst + n when
// Write, n and needs_escape updated; returns one past it, or nullptr with
// *fail set. The one decoder of escapes, for check_escaped_string and
// decode_escaped_string.
template <bool Write>
JOT_ALWAYS_INLINE const u8* take_escape(const u8* p, const u8* end, char* dst, std::size_t& n, bool& needs_escape,
                                        unescaped* fail) noexcept {
  if (end - p < 2) {
    *fail = {end, n, needs_escape, error_code::unterminated_string};
    return nullptr;
  }
  if (const u8 out = short_escapes.byte[p[1]]; out != 0) {
    if (out != '/') needs_escape = true;
    if (Write) dst[n] = static_cast<char>(out);
    ++n;
    return p + 2;
  }
  if (p[1] != 'u') {
    *fail = {p, n, needs_escape, error_code::invalid_escape};
    return nullptr;
  }
  if (end - p < 6) {
    *fail = {p, n, needs_escape, error_code::invalid_unicode_escape};
    return nullptr;
  }
  std::int32_t cp = read_hex4(p + 2);
  if (cp < 0) {
    *fail = {p, n, needs_escape, error_code::invalid_unicode_escape};
    return nullptr;
  }
  const u8* escape = p;
  p += 6;
  if (cp >= 0xD800 && cp <= 0xDBFF) {
    // A high surrogate must be followed by an escaped low surrogate.
    if (end - p < 6 || p[0] != '\\' || p[1] != 'u') {
      *fail = {escape, n, needs_escape, error_code::lone_surrogate};
      return nullptr;
    }
    const std::int32_t low = read_hex4(p + 2);
    if (low < 0) {
      *fail = {p, n, needs_escape, error_code::invalid_unicode_escape};
      return nullptr;
    }
    if (low < 0xDC00 || low > 0xDFFF) {
      *fail = {escape, n, needs_escape, error_code::lone_surrogate};
      return nullptr;
    }
    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    p += 6;
  } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
    *fail = {escape, n, needs_escape, error_code::lone_surrogate};
    return nullptr;
  }
  if (cp < 0x20 || cp == '"' || cp == '\\') needs_escape = true;
  if (Write) {
    n += static_cast<std::size_t>(encode_utf8(static_cast<std::uint32_t>(cp), dst + n));
  } else {
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return p;
}

// The non-ASCII bytes at p (p < end, *p >= 0x80, UTF-8 validated): one past
// the valid stretch there, copied to dst + n when Write (n updated), or
// nullptr with *fail set at the first invalid byte.
template <class Simd, bool Write>
JOT_ALWAYS_INLINE const u8* take_utf8(const u8* p, const u8* end, char* dst, std::size_t& n, bool needs_escape,
                                      unescaped* fail) noexcept {
  const u8* checked = Simd::skip_utf8(p, end);
  std::size_t len = static_cast<std::size_t>(checked - p);
  if (checked == p) {  // no vector-validated stretch (it may hold ASCII too): the scalar validator
    bool bad;
    len = utf8_valid_run(p, end, &bad);
    if (bad) {
      if (Write && len != 0) std::memcpy(dst + n, p, len);
      *fail = {p + len, n + len, needs_escape, error_code::invalid_utf8};
      return nullptr;
    }
  }
  if (Write) std::memcpy(dst + n, p, len);
  n += len;
  return p + len;
}

// Checks the string body from start whose first backslash is at p, to its
// closing quote: escapes (surrogate pairs), controls and, when asked, UTF-8.
// Decodes nothing; size is the decoded length.
template <class Simd>
unescaped check_escaped_string(const u8* start, const u8* p, const u8* end, bool validate) noexcept {
  std::size_t n = static_cast<std::size_t>(p - start);
  bool needs_escape = false;
  unescaped fail{};
  for (;;) {
    const u8* q = validate ? Simd::scan_string(p, end) : Simd::scan_string_ascii(p, end);
    n += static_cast<std::size_t>(q - p);
    p = q;
    if (p == end) return {p, n, needs_escape, error_code::unterminated_string};
    const u8 c = *p;
    if (c == '"') return {p, n, needs_escape, error_code::ok};
    if (c == '\\') {
      p = take_escape<false>(p, end, nullptr, n, needs_escape, &fail);
    } else if (c < 0x20) {
      return {p, n, needs_escape, control_error(c)};
    } else {  // non-ASCII (only stopped at when validating)
      p = take_utf8<Simd, false>(p, end, nullptr, n, needs_escape, &fail);
    }
    if (p == nullptr) return fail;
  }
}

// Decodes the string body [start, close) whose first backslash is at p and
// closing quote at close (find_string_end's; or close == end, with no quote
// read there: jot::json_string::decode), checking it as
// check_escaped_string does, into dst, which has room for close - start
// bytes (decoding never lengthens). Between escapes the bytes are copied a
// register at a time, each register stored whole while a whole one lies
// before close (so every store stays within dst's room) and its stops
// (backslash, quote, control, non-ASCII when validating) found in the same
// load, not by a scan and a memcpy per stretch, whose set-up a string dense
// with escapes (rpc's note) paid at every escape.
template <class Simd>
unescaped decode_escaped_string(const u8* start, const u8* p, const u8* close, const u8* end, bool validate,
                                char* dst) noexcept {
  std::size_t n = static_cast<std::size_t>(p - start);
  if (n != 0) std::memcpy(dst, start, n);
  bool needs_escape = false;
  unescaped fail{};
  for (;;) {
    // p <= close (a valid escape ends before it): at a backslash, at close,
    // or at a byte to check. (Past close only with a close that is not the
    // first unescaped quote, a bug: an error then, rather than a loop.)
    if (p >= close) return {p, n, needs_escape, p == close ? error_code::ok : error_code::unterminated_string};
    const u8 c = *p;
    if (c == '\\') {
      p = take_escape<true>(p, end, dst, n, needs_escape, &fail);
      if (p == nullptr) return fail;
      if (p >= close || *p == '\\') continue;  // the end, or escapes in a row
    } else if (c < 0x20) {
      return {p, n, needs_escape, control_error(c)};
    } else if (c >= 0x80) {  // only stopped at when validating
      p = take_utf8<Simd, true>(p, close, dst, n, needs_escape, &fail);
      if (p == nullptr) return fail;
    }
    // The plain bytes from p to the next stop (at close at the latest).
    if constexpr (requires { typename Simd::layer; }) {
      using V = typename Simd::layer;
      bool stopped = false;
      while (close - p >= V::width) {
        const typename V::bytes v = V::load(p);
        std::memcpy(dst + n, p, V::width);
        const typename V::mask m = validate ? Simd::string_special_mask(v) : Simd::string_special_ascii_mask(v);
        if (m != 0) {
          const int k = std::countr_zero(m);
          p += k;
          n += static_cast<std::size_t>(k);
          stopped = true;
          break;
        }
        p += V::width;
        n += V::width;
      }
      if (stopped) continue;
    }
    // At close at the latest: a quote stops the scan, or close is end (the
    // bound keeps a wrong close, a bug, from writing past dst's room).
    const u8* q = validate ? Simd::scan_string(p, end) : Simd::scan_string_ascii(p, end);
    q = q < close ? q : close;
    copy_short(dst + n, reinterpret_cast<const char*>(p), static_cast<std::size_t>(q - p));
    n += static_cast<std::size_t>(q - p);
    p = q;
  }
}
