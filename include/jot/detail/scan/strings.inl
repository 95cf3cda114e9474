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
// the input ends first. Checks nothing else: decoding validates.
template <class Simd>
inline const u8* find_string_end(const u8* p, const u8* end) noexcept {
  for (;;) {
    p = Simd::scan_quote(p, end);
    if (p == end) return nullptr;
    if (*p == '"') return p;
    if (end - p < 2) return nullptr;  // *p is a backslash
    p += 2;
  }
}

// The result of decoding an escaped string.
struct unescaped {
  const u8* p;        // the closing quote, or the error position
  std::size_t size;   // decoded bytes
  bool needs_escape;  // the decoded bytes contain '"', '\\' or a byte below 0x20
  error_code code;
};

// Decodes the string body [start, closing quote) whose first backslash is at
// p. With Write, stores the bytes at dst (room for the raw length suffices:
// decoding never lengthens); without, only validates.
template <class Simd, bool Write>
unescaped unescape_string(const u8* start, const u8* p, const u8* end, bool validate,
                          char* dst) noexcept {
  std::size_t n = static_cast<std::size_t>(p - start);
  if (Write && n != 0) std::memcpy(dst, start, n);
  bool needs_escape = false;
  for (;;) {
    const u8* q = Simd::scan_string(p, end);
    if (Write && q != p) std::memcpy(dst + n, p, static_cast<std::size_t>(q - p));
    n += static_cast<std::size_t>(q - p);
    p = q;
    if (p == end) return {p, n, needs_escape, error_code::unterminated_string};
    const u8 c = *p;
    if (c == '"') return {p, n, needs_escape, error_code::ok};
    if (c == '\\') {
      if (end - p < 2) return {end, n, needs_escape, error_code::unterminated_string};
      if (const u8 out = short_escapes.byte[p[1]]; out != 0) {
        if (out != '/') needs_escape = true;
        if (Write) dst[n] = static_cast<char>(out);
        ++n;
        p += 2;
        continue;
      }
      if (p[1] != 'u') return {p, n, needs_escape, error_code::invalid_escape};
      if (end - p < 6) return {p, n, needs_escape, error_code::invalid_unicode_escape};
      std::int32_t cp = read_hex4(p + 2);
      if (cp < 0) return {p, n, needs_escape, error_code::invalid_unicode_escape};
      const u8* escape = p;
      p += 6;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        // A high surrogate must be followed by an escaped low surrogate.
        if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
          return {escape, n, needs_escape, error_code::lone_surrogate};
        const std::int32_t low = read_hex4(p + 2);
        if (low < 0) return {p, n, needs_escape, error_code::invalid_unicode_escape};
        if (low < 0xDC00 || low > 0xDFFF)
          return {escape, n, needs_escape, error_code::lone_surrogate};
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        p += 6;
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return {escape, n, needs_escape, error_code::lone_surrogate};
      }
      if (cp < 0x20 || cp == '"' || cp == '\\') needs_escape = true;
      if (Write) {
        n += static_cast<std::size_t>(encode_utf8(static_cast<std::uint32_t>(cp), dst + n));
      } else {
        n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      }
      continue;
    }
    if (c < 0x20) return {p, n, needs_escape, control_error(c)};
    std::size_t len = 1;
    if (!validate) {  // non-ASCII at p: copy through to the next '"', '\\' or control
      len = static_cast<std::size_t>(Simd::scan_string_ascii(p + 1, end) - p);
    } else {
      const u8* checked = Simd::skip_utf8(p, end);
      if (checked != p) {  // a vector-validated stretch (it may hold ASCII too)
        len = static_cast<std::size_t>(checked - p);
        if (Write) std::memcpy(dst + n, p, len);
        n += len;
        p = checked;
        continue;
      }
      bool bad;
      len = utf8_valid_run(p, end, &bad);
      if (bad) {
        if (Write && len != 0) std::memcpy(dst + n, p, len);
        return {p + len, n + len, needs_escape, error_code::invalid_utf8};
      }
    }
    if (Write) std::memcpy(dst + n, p, len);
    n += len;
    p += len;
  }
}

