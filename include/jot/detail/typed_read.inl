// jot/detail/typed_read.inl - the typed reader, written once, compiled per
// engine. Not API. No include guard: jot/detail/typed_read.h includes it
// inside each engine's namespace (jot::detail::isa_<target>) and target
// region, after that target's scanning core (scanner, strings, skip).
//
// One function template per shape of jot/detail/typed_traits.h reads a value
// straight from the input into the C++ object: no DOM, no token buffer. On
// entry r.p is at the value's first byte (whitespace skipped); on success it
// is one past the value. A failure records its error once, in the reader,
// and returns false; each enclosing object and array then prepends its key
// or index to the path as the failure returns through it, so the error names
// the member at no cost to the successful path.
//
// A function whose body stands under `#if defined(JOT_ENGINE_BODIES)` is
// compiled once per engine in the library (src/engines.cpp); a user's
// translation unit sees its declaration only. Those are the parts that do
// not depend on the user's types (the member loop, escapes, errors): the
// rest is instantiated for the types read, and its fast paths inlined.

struct reader {
  const u8* begin;
  const u8* end;
  const u8* p;
  arena* memory;
  read_result* result;
  std::uint32_t depth;
  std::uint32_t max_depth;
  bool validate;
  bool reject_unknown;
  bool allow_missing;
  bool allow_duplicates;
  bool failed;
  // The length of the last run of whitespace after '[', '{' or ',' at each
  // depth (modulo 32): indented text repeats it, so the next run is guessed
  // (scanner::skip_indentation) as the skipper and the DOM parser guess it.
  u8 indent[32];
};

using path_access = read_access<void>;

JOT_COLD bool fail_at(reader& r, error_code code, const u8* at, const char* message,
                      jot::type found = jot::type::absent) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  path_access::fail(*r.result, code, message, static_cast<std::size_t>(at - r.begin), found);
  r.failed = true;
  return false;
}
#else
;
#endif

// An unexpected byte at p where the grammar wants what note says: reported as
// jot::parse reports it (comment_not_allowed at a comment).
JOT_COLD bool syntax_error(reader& r, const u8* p, skip_note note) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const skipped s = skip_error(p, r.end, error_code::unexpected_character, note);
  return fail_at(r, s.code, s.p, s.message());
}
#else
;
#endif

// No key at p, after '{' or ',' and whitespace, where one must be: as
// jot::parse reports it (trailing_comma at a comma before '}').
JOT_COLD bool key_expected(reader& r, const u8* p) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const skipped s = key_error(p, r.end);
  return fail_at(r, s.code, s.p, s.message());
}
#else
;
#endif

// The literal at r.p ('t', 'f' or 'n') is not true, false or null: as
// jot::parse reports it, at its first byte that differs.
JOT_COLD bool bad_literal(reader& r) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const skipped s = skip_bad_literal(r.p, r.end);
  return fail_at(r, s.code, s.p, s.message());
}
#else
;
#endif

// The value at r.p is not what `expected` says: a type mismatch, no value at
// all, or a literal or number that is not one.
JOT_COLD bool mismatch(reader& r, const char* expected) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  if (r.p == r.end) return fail_at(r, error_code::unexpected_end, r.p, nullptr);
  const jot::type found = json_type_of(*r.p);
  if (found == jot::type::absent) {
    if (*r.p == ']') {  // where an element should follow a comma: trailing_comma at the comma, as jot::parse says
      const u8* before = r.p;
      while (before != r.begin && is_json_space(before[-1])) --before;
      if (before != r.begin && before[-1] == ',') return fail_at(r, error_code::trailing_comma, before - 1, nullptr);
    }
    return syntax_error(r, r.p, skip_note::value);
  }
  // "got null" or "got number" only for a valid one: "nul", "-x" fail as jot::parse says.
  if (found == jot::type::null || found == jot::type::boolean) {
    if (skip_literal(r.p, r.end).code != error_code::ok) return bad_literal(r);
  } else if (found == jot::type::number) {
    node ignored;
    const number_scan n = scan_number(r.p, r.end, false, &ignored);
    if (n.end == nullptr) return fail_at(r, n.code, n.at, nullptr);
  }
  return fail_at(r, error_code::type_mismatch, r.p, expected, found);
}
#else
;
#endif

// The first byte at or after p that is not whitespace.
JOT_ALWAYS_INLINE const u8* skip_ws(const u8* p, const u8* end) noexcept {
  return p != end && *p <= ' ' ? scanner::skip_spaces(p, end) : p;
}

// skip_ws on r.p, stored only when there is whitespace.
JOT_ALWAYS_INLINE void skip_ws(reader& r) noexcept {
  if (r.p != r.end && *r.p <= ' ') r.p = scanner::skip_spaces(r.p, r.end);
}

// skip_ws for the whitespace at p that follows '[', '{' or ',' at r.depth:
// guessed from the run before it at the same depth. end is r.end, passed by
// a caller that keeps it in a register.
JOT_ALWAYS_INLINE const u8* skip_indentation(reader& r, const u8* p, const u8* end) noexcept {
  return p != end && *p <= ' ' ? scanner::skip_indentation(p, end, r.indent[r.depth % 32]) : p;
}

// skip_indentation on r.p at r.depth, stored only when there is whitespace.
JOT_ALWAYS_INLINE void skip_indentation(reader& r) noexcept {
  if (r.p != r.end && *r.p <= ' ') r.p = scanner::skip_indentation(r.p, r.end, r.indent[r.depth % 32]);
}

inline bool enter(reader& r) noexcept {
  if (JOT_UNLIKELY(r.depth >= r.max_depth)) return fail_at(r, error_code::depth_exceeded, r.p, nullptr);
  ++r.depth;
  ++r.p;
  skip_indentation(r);
  if (JOT_UNLIKELY(r.p == r.end)) return fail_at(r, error_code::unexpected_end, r.p, nullptr);
  return true;
}

// After an element or member: true with r.p past ',' (at the next one), false
// with r.p past the closing bracket (done), or a failure (r.failed).
JOT_ALWAYS_INLINE bool next_element(reader& r, u8 close) noexcept {
  skip_ws(r);
  if (JOT_LIKELY(r.p != r.end)) {
    if (*r.p == ',') {
      ++r.p;
      skip_indentation(r);
      if (JOT_LIKELY(r.p != r.end)) return true;
    } else if (*r.p == close) {
      ++r.p;
      --r.depth;
      return false;
    } else {
      syntax_error(r, r.p, close == '}' ? skip_note::object_end : skip_note::array_end);
      return false;
    }
  }
  fail_at(r, error_code::unexpected_end, r.p, nullptr);
  return false;
}

// ---- strings ----

// A string token: its body [start, stop) when plain; when escaped, stop is
// the first backslash and close the closing quote.
struct string_token {
  const u8* start;
  const u8* stop;
  const u8* close;
  bool escaped;
};

// Finds the closing quote of the escaped string token t (start and stop set):
// true with t.close set, or a failure. Out of line: most strings have no escape.
JOT_NOINLINE bool close_escaped(reader& r, string_token& t) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  t.close = find_string_end<scanner>(t.stop, r.end);
  if (t.close == nullptr) {
    const unescaped u = check_escaped_string<scanner>(t.start, t.stop, r.end, r.validate);
    return fail_at(r, u.code == error_code::ok ? error_code::unterminated_string : u.code, u.p, nullptr);
  }
  return true;
}
#else
;
#endif

// Scans the string at r.p (which must be '"'): a plain string leaves r.p past
// it; an escaped one leaves r.p at the opening quote until decoded.
JOT_ALWAYS_INLINE bool scan_token(reader& r, string_token& t) noexcept {
  t.start = r.p + 1;
  const string_stop s = scan_plain_string<scanner>(t.start, r.end, r.validate);
  if (JOT_UNLIKELY(s.code != error_code::ok)) return fail_at(r, s.code, s.p, nullptr);
  t.stop = s.p;
  t.escaped = *s.p == '\\';
  if (JOT_LIKELY(!t.escaped)) {
    r.p = s.p + 1;
    return true;
  }
  return close_escaped(r, t);
}

// Decodes an escaped token into dst (room for close - start bytes); returns
// the decoded size, or SIZE_MAX on failure.
JOT_NOINLINE std::size_t decode_token(reader& r, const string_token& t, char* dst) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const unescaped u = decode_escaped_string<scanner>(t.start, t.stop, t.close, r.end, r.validate, dst);
  if (u.code != error_code::ok) {
    fail_at(r, u.code, u.p, nullptr);
    return SIZE_MAX;
  }
  r.p = u.p + 1;
  return u.size;
}
#else
;
#endif

inline std::string_view plain_view(const string_token& t) noexcept {
  return {reinterpret_cast<const char*>(t.start), static_cast<std::size_t>(t.stop - t.start)};
}

template <class S>
inline bool read_string(reader& r, S& out) {
  if (JOT_UNLIKELY(r.p == r.end || *r.p != '"')) return mismatch(r, "expected a string");
  string_token t{};
  if (!scan_token(r, t)) return false;
  if (JOT_LIKELY(!t.escaped)) {
    // A string no longer than the one it replaces (a reused object: the
    // same member of the next message) is truncated and copied without a
    // memcpy call (OpenRTB banner: ~25 instructions fewer per string).
    // Otherwise clear() and append() rather than assign(): libstdc++'s
    // assign goes through _M_replace, which handles overlapping input; here
    // the input never overlaps (banner: 1,600 fewer instructions per
    // document, HACKING.md).
    const std::size_t n = static_cast<std::size_t>(t.stop - t.start);
    if (n <= out.size()) {
      out.resize(n);
      copy_short(out.data(), reinterpret_cast<const char*>(t.start), n);
      return true;
    }
    out.clear();
    out.append(reinterpret_cast<const char*>(t.start), n);
    return true;
  }
  out.resize(static_cast<std::size_t>(t.close - t.start));
  const std::size_t n = decode_token(r, t, out.data());
  if (n == SIZE_MAX) return false;
  out.resize(n);
  return true;
}

inline bool read_string_view(reader& r, std::string_view& out) noexcept {
  if (JOT_UNLIKELY(r.p == r.end || *r.p != '"')) return mismatch(r, "expected a string");
  string_token t{};
  if (!scan_token(r, t)) return false;
  if (JOT_LIKELY(!t.escaped)) {
    out = plain_view(t);
    return true;
  }
  const std::size_t bound = static_cast<std::size_t>(t.close - t.start);
  char* dst = static_cast<char*>(r.memory->allocate(bound, 1));
  if (dst == nullptr) {
    fail_at(r, error_code::capacity_exceeded, r.p, "a string with escapes needs arena memory");
    path_access::set_needed(*r.result, bound);
    return false;
  }
  const std::size_t n = decode_token(r, t, dst);
  if (n == SIZE_MAX) return false;
  out = std::string_view(dst, n);
  return true;
}

// Decodes the escaped name t into buf when it fits; `fits` is false for a
// longer one (validated, but matching nothing). Out of line: keys rarely
// hold escapes.
JOT_NOINLINE bool decode_name(reader& r, const string_token& t, std::string_view& name, char (&buf)[128],
                              bool& fits) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  if (t.close - t.start > static_cast<std::ptrdiff_t>(sizeof buf)) {
    const unescaped u = check_escaped_string<scanner>(t.start, t.stop, r.end, r.validate);
    if (u.code != error_code::ok) return fail_at(r, u.code, u.p, nullptr);
    r.p = u.p + 1;
    fits = false;
    name = {};
    return true;
  }
  const std::size_t n = decode_token(r, t, buf);
  if (n == SIZE_MAX) return false;
  name = std::string_view(buf, n);
  return true;
}
#else
;
#endif

// Reads a key or enumerator name: a view of the input, or of buf when it has
// escapes and fits; `fits` is false for a longer escaped string (validated,
// but matching nothing). Inline: a call per key cost ~20 instructions of
// saved registers (twitter typed: 3% of the decode).
JOT_ALWAYS_INLINE bool read_name(reader& r, std::string_view& name, char (&buf)[128], bool& fits) noexcept {
  string_token t{};
  if (!scan_token(r, t)) return false;
  fits = true;
  if (JOT_LIKELY(!t.escaped)) {
    name = plain_view(t);
    return true;
  }
  return decode_name(r, t, name, buf, fits);
}

// ---- scalars ----

inline bool read_bool(reader& r, bool& out) noexcept {
  if (r.end - r.p >= 4 && std::memcmp(r.p, "true", 4) == 0) {
    out = true;
    r.p += 4;
    return true;
  }
  if (r.end - r.p >= 5 && std::memcmp(r.p, "false", 5) == 0) {
    out = false;
    r.p += 5;
    return true;
  }
  if (r.p != r.end && (*r.p == 't' || *r.p == 'f')) return bad_literal(r);
  return mismatch(r, "expected true or false");
}

// Scans the number at r.p into n (uint, int or double node).
JOT_ALWAYS_INLINE bool read_number_node(reader& r, node& n, const char* expected) noexcept {
  if (JOT_UNLIKELY(r.p == r.end || json_type_of(*r.p) != jot::type::number)) return mismatch(r, expected);
  const number_scan s = scan_number(r.p, r.end, false, &n);
  if (JOT_UNLIKELY(s.end == nullptr)) return fail_at(r, s.code, s.at, nullptr);
  r.p = s.end;
  return true;
}

// Integers follow the DOM getters: any JSON integer in range, or a double
// that is a whole number in range (1e2, 100.0); a fraction is a mismatch.
// A plain integer of at most 19 digits ending where a number cannot go on
// ("728,", "-3}"): by far the most common integer, read without the general
// scanner (measured: ~110 instructions per small integer through
// scan_number). Anything else, including every error, is left to scan_number,
// the one grammar. Returns false (r.p unchanged) when it does not apply.
template <class I>
JOT_ALWAYS_INLINE bool read_plain_integer(reader& r, I& out) noexcept {
  const u8* p = r.p;
  const bool negative = *p == '-';
  p += negative;
  if (p == r.end) return false;
  if (*p == '0') {
    // "0" (or "-0", which is 0 too) followed by what ends a number.
    if (p + 1 == r.end || static_cast<u8>(p[1] - '0') <= 9 || p[1] == '.' || (p[1] | 0x20) == 'e') return false;
    out = 0;
    r.p = p + 1;
    return true;
  }
  if (static_cast<u8>(*p - '1') > 8) return false;
  std::uint64_t v;
  if (p + 1 != r.end && static_cast<u8>(p[1] - '0') > 9) {
    // One digit (the most common integer in OpenRTB): its value at once.
    v = static_cast<std::uint64_t>(*p - '0');
    ++p;
  } else if (JOT_LIKELY(r.end - p >= 16)) {
    // Up to eight digits counted and valued at once (number.h, as scan_number
    // does): no branch on the number's length, which the byte loop below
    // mispredicted at every integer of varying width.
    const std::uint64_t w = load_le64(p);
    const int k = leading_digit_count(w);  // >= 1: *p is a digit
    v = leading_digits_value(w, k);
    p += k;
    if (JOT_UNLIKELY(k == 8)) {
      // Eleven more at most (19 digits; the rest is left to scan_number).
      const u8* const stop = r.end - p > 11 ? p + 11 : r.end;
      while (p != stop && static_cast<u8>(*p - '0') <= 9) v = v * 10 + (*p++ - '0');
    }
  } else {
    // Near the input's end: at most 19 digits, one bound to test per digit.
    const u8* const stop = r.end - p > 19 ? p + 19 : r.end;
    v = 0;
    while (p != stop && static_cast<u8>(*p - '0') <= 9) v = v * 10 + (*p++ - '0');
  }
  if (p == r.end) return false;  // a document that is one number: the general path
  if (static_cast<u8>(*p - '0') <= 9 || *p == '.' || (*p | 0x20) == 'e') return false;
  using limits = std::numeric_limits<I>;
  if (negative) {
    if constexpr (std::is_signed_v<I>) {
      if (v > static_cast<std::uint64_t>(-(limits::min() + 1)) + 1) return false;
      out = static_cast<I>(0 - v);
    } else {
      return false;
    }
  } else {
    if (v > static_cast<std::uint64_t>(limits::max())) return false;
    out = static_cast<I>(v);
  }
  r.p = p;
  return true;
}

// read_integer for what read_plain_integer leaves: exponents, fractions,
// long or out-of-range numbers, errors. Out of line.
template <class I>
JOT_NOINLINE bool read_integer_general(reader& r, I& out) noexcept {
  const u8* at = r.p;
  node n;
  if (!read_number_node(r, n, "expected an integer")) return false;
  using limits = std::numeric_limits<I>;
  switch (n.kind()) {
    case kind_uint:
      if (n.u <= static_cast<std::uint64_t>(limits::max())) {
        out = static_cast<I>(n.u);
        return true;
      }
      break;
    case kind_int:
      if constexpr (std::is_signed_v<I>) {
        if (n.i >= static_cast<std::int64_t>(limits::min())) {
          out = static_cast<I>(n.i);
          return true;
        }
      }
      break;
    default: {
      // A double converts as the DOM getters convert it (value_inl.h).
      const auto v = [&] {
        if constexpr (std::is_signed_v<I>) return int64_of_double(n.d);
        else return uint64_of_double(n.d);
      }();
      if (!v) {
        if (v.error().code == error_code::type_mismatch)
          return fail_at(r, error_code::type_mismatch, at, "expected an integer", jot::type::number);
        break;
      }
      if (*v >= limits::min() && *v <= limits::max()) {
        out = static_cast<I>(*v);
        return true;
      }
      break;
    }
  }
  return fail_at(r, error_code::number_out_of_range, at, nullptr);
}

// Reads an integer of type I, range-checked. The plain form is inlined into
// the member's reader: a call per integer cost ~15 instructions of saved
// registers (callgrind: citm typed -3.3%, rpc -4%, OpenRTB banner -1.8%).
template <class I>
JOT_ALWAYS_INLINE bool read_integer(reader& r, I& out) noexcept {
  if (JOT_LIKELY(r.p != r.end) && read_plain_integer(r, out)) return true;
  return read_integer_general(r, out);
}

template <class F>
inline bool read_floating(reader& r, F& out) noexcept {
  const u8* at = r.p;
  node n;
  if (!read_number_node(r, n, "expected a number")) return false;
  const double d = n.kind() == kind_uint ? static_cast<double>(n.u)
                   : n.kind() == kind_int ? static_cast<double>(n.i)
                                          : n.d;
  if constexpr (std::is_same_v<F, float>) {
    // Rounded from the double; a finite double beyond float's range is out of range.
    const float f = static_cast<float>(d);
    if (f - f != 0) return fail_at(r, error_code::number_out_of_range, at, nullptr);
    out = f;
  } else {
    out = d;
  }
  return true;
}

// ---- containers ----

template <class T>
bool read_value(reader& r, T& out);

inline bool is_null(const reader& r) noexcept {
  return r.end - r.p >= 4 && std::memcmp(r.p, "null", 4) == 0;
}

inline bool read_null(reader& r) noexcept {
  if (is_null(r)) {
    r.p += 4;
    return true;
  }
  if (r.p != r.end && *r.p == 'n') return bad_literal(r);
  return mismatch(r, "expected null");
}

// Reads array elements with read_element(index) until ']'; r.p at '['.
template <class F>
inline bool read_elements(reader& r, F&& read_element) {
  if (JOT_UNLIKELY(r.p == r.end || *r.p != '[')) return mismatch(r, "expected an array");
  if (!enter(r)) return false;
  if (*r.p == ']') {
    ++r.p;
    --r.depth;
    return true;
  }
  for (std::size_t i = 0;; ++i) {
    if (JOT_UNLIKELY(!read_element(i))) {
      path_access::prepend_index(*r.result, i);
      return false;
    }
    if (!next_element(r, ']')) return !r.failed;
  }
}

template <class V>
inline bool read_sequence(reader& r, V& out) {
  if constexpr (!std::random_access_iterator<typename V::iterator>) {
    // std::list: the same reuse, walking the elements already there.
    auto next = out.begin();
    const bool ok = read_elements(r, [&](std::size_t) {
      if (next == out.end()) next = out.emplace(out.end());
      return read_value(r, *next++);
    });
    if (ok) out.erase(next, out.end());
    return ok;
  } else {
    std::size_t count = 0;
    const bool ok = read_elements(r, [&](std::size_t i) {
      // Elements already there are reused (their strings and vectors keep
      // their capacity); the surplus is erased below.
      if (i == out.size()) out.emplace_back();
      count = i + 1;
      if constexpr (std::is_same_v<typename V::value_type, bool>) {
        bool b = false;
        if (!read_bool(r, b)) return false;
        out[i] = b;
        return true;
      } else {
        return read_value(r, out[i]);
      }
    });
    if (ok) out.erase(out.begin() + static_cast<std::ptrdiff_t>(count), out.end());
    return ok;
  }
}

// std::set, std::unordered_set: each element is read into a new value and
// inserted. One equal to an earlier element is duplicate_key unless
// duplicates are allowed (then the set keeps the first).
template <class S>
inline bool read_set(reader& r, S& out) {
  out.clear();
  return read_elements(r, [&](std::size_t) {
    using E = typename S::value_type;
    // With the set's allocator where the element takes it (pmr sets).
    E element = [&] {
      if constexpr (std::is_constructible_v<E, typename S::allocator_type>) return E(out.get_allocator());
      else return E{};
    }();
    const u8* at = r.p;
    if (!read_value(r, element)) return false;
    if (!out.insert(std::move(element)).second && !r.allow_duplicates)
      return fail_at(r, error_code::duplicate_key, at, "an element equal to an earlier one of the set");
    return true;
  });
}

// An element past a fixed length (std::array, T[N], tuples) at r.p:
// wrong_length, unless no value starts there (']' after a comma, the input's
// end), which is the parser's syntax error at the parser's offset.
JOT_COLD bool extra_element(reader& r, const char* message) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  if (r.p == r.end || json_type_of(*r.p) == jot::type::absent) return mismatch(r, "expected a value");
  return fail_at(r, error_code::wrong_length, r.p, message);
}
#else
;
#endif

// Reads exactly N elements with read_element(index); more or fewer is
// wrong_length (more, fewer: the messages).
template <std::size_t N, class F>
inline bool read_exactly(reader& r, const char* more, const char* fewer, F&& read_element) {
  std::size_t count = 0;
  const bool ok = read_elements(r, [&](std::size_t i) {
    if (i == N) return extra_element(r, more);
    count = i + 1;
    return read_element(i);
  });
  if (ok && count != N) return fail_at(r, error_code::wrong_length, r.p - 1, fewer);
  return ok;
}

template <class E, std::size_t N>
inline bool read_fixed(reader& r, E* out) {
  return read_exactly<N>(r, "more elements than the array holds", "fewer elements than the array holds",
                         [&](std::size_t i) { return read_value(r, out[i]); });
}

// std::tuple, std::pair: exactly as many elements as T has, element i read
// as T's i-th type.
template <class T, std::size_t... I>
inline bool read_tuple(reader& r, T& out, std::index_sequence<I...>) {
  return read_exactly<sizeof...(I)>(r, "more elements than the tuple holds", "fewer elements than the tuple holds",
                                    [&](std::size_t i) {
                                      bool element_ok = false;
                                      (void)((i == I && (element_ok = read_value(r, std::get<I>(out)), true)) ||
                                             ...);
                                      return element_ok;
                                    });
}

template <class E>
inline bool read_span(reader& r, std::span<E>& out) {
  static_assert(!std::is_const_v<E>, "jot::read: a std::span read from JSON needs mutable elements");
  static_assert(std::is_trivially_destructible_v<E> && std::is_trivially_copyable_v<E>,
                "jot::read: span elements live in the arena, which runs no destructors: use trivially "
                "copyable elements (numbers, string_view, spans, structs of those)");
  E* data = nullptr;
  std::size_t capacity = 0, count = 0;
  const bool ok = read_elements(r, [&](std::size_t i) {
    if (i == capacity) {
      // Doubling: the abandoned copies cost at most as much arena as the span.
      const std::size_t grown = capacity ? capacity * 2 : 8;
      E* bigger = static_cast<E*>(r.memory->allocate(grown * sizeof(E), alignof(E)));
      if (bigger == nullptr) {
        // No value here (']' after a comma, the input's end): the parser's
        // syntax error, which the text has before the memory is wanted.
        if (r.p == r.end || json_type_of(*r.p) == jot::type::absent) return mismatch(r, "expected a value");
        fail_at(r, error_code::capacity_exceeded, r.p, "a std::span needs arena memory");
        path_access::set_needed(*r.result, grown * sizeof(E));
        return false;
      }
      if (count != 0) std::memcpy(static_cast<void*>(bigger), data, count * sizeof(E));
      data = bigger;
      capacity = grown;
    }
    ::new (static_cast<void*>(data + i)) E{};
    count = i + 1;
    return read_value(r, data[i]);
  });
  if (ok) out = std::span<E>(data, count);
  return ok;
}

// The keys of T that can be matched byte for byte against the input: those
// with no byte that JSON must escape and no non-ASCII byte, so that equal
// bytes mean the same validated, unescaped key. The others (and entry N,
// after the last member) have size not_found and never match.
template <class T>
inline constexpr auto guessable_keys = [] {
  using namespace jot::detail::reflect;
  auto entries = key_table_of<T>.entries;
  for (std::size_t i = 0; i + 1 < entries.size(); ++i) {
    for (const char c : keys<T>[i]) {
      const auto b = static_cast<unsigned char>(c);
      if (b < 0x20 || b >= 0x80 || b == '"' || b == '\\') entries[i].size = not_found;
    }
  }
  return entries;
}();

static_assert(no_member == jot::reflect::npos);

// member_index as a function that skip_members can take.
template <class T>
std::size_t lookup_member(std::string_view key) noexcept {
  return jot::reflect::member_index<T>(key);
}

// What the member loop needs to know of a struct, as data: one constant per
// struct type (members_plan_of), so that the loop itself is compiled once
// per engine rather than once per struct (it was ~3.7 KB of code per struct
// and engine, the largest part of a typed translation unit: HACKING.md,
// session 34).
struct members_plan {
  const jot::detail::reflect::key_entry* guessable;  // guessable_keys<T>: a key per member, then a miss
  const std::string_view* names;                     // member_names<T>
  std::size_t (*lookup)(std::string_view) noexcept;  // member i of a key, or npos (lookup_member<T>)
};

template <class T>
inline constexpr members_plan members_plan_of{guessable_keys<T>.data(), jot::reflect::member_names<T>.data(),
                                              &lookup_member<T>};

// Reads one member's value at r.p (past the colon and whitespace) for
// read_members, into `out` (the struct, or a map_in_progress): index is the
// member's (npos for every key of a map), key_at a map's key's opening quote
// (a struct's reader does not look at it). True with r.p one past the value.
using member_reader = bool (*)(reader& r, void* out, std::size_t index, const u8* key_at);

// Whether the string at p (a '"') is exactly member `guess`'s key: its bytes
// and then the closing quote. Objects are mostly written in one order, so
// guessing the member after the previous one saves scanning the key and
// looking it up (measured in HACKING.md: ~48 instructions per key on the RPC
// sample); a wrong guess costs a few compares.
JOT_ALWAYS_INLINE bool is_guessed_key(const members_plan& plan, const u8* p, const u8* end,
                                      std::size_t guess) noexcept {
  using namespace jot::detail::reflect;
  const key_entry& e = plan.guessable[guess];
  const std::size_t n = e.size;
  if (n >= static_cast<std::size_t>(end - p) - 1) return false;  // also rejects not_found
  const char* k = reinterpret_cast<const char*>(p + 1);
  if (k[n] != '"') return false;
  const key_words w = words_of(k, n);
  if (w.head != e.words.head || w.tail != e.words.tail) return false;
  return n <= 16 || same_middle(plan.names[guess], std::string_view(k, n));
}

// The failure of a run of unknown members (skip_members) that read_members
// began at the member whose key starts at first_at: recorded as the member
// loop records its own, with the failing member's key in the path when the
// error lies in its value. Cold: errors only.
JOT_COLD bool unknown_members_failed(reader& r, const skipped_members& run, const u8* first_at,
                                     std::string_view first_key, bool first_fits) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  fail_at(r, run.s.code, run.s.p, run.s.message());
  if (run.key_at == first_at) {
    if (first_fits) path_access::prepend_key(*r.result, first_key);
  } else if (run.key_at != nullptr) {
    // A later key of the run, which has no escapes: its bytes up to the quote.
    const char* k = reinterpret_cast<const char*>(run.key_at + 1);
    const auto* close = static_cast<const char*>(std::memchr(k, '"', static_cast<std::size_t>(r.end - run.key_at - 1)));
    path_access::prepend_key(*r.result, std::string_view(k, static_cast<std::size_t>(close - k)));
  }
  return false;
}
#else
;
#endif

// A member rejected by its key (unknown_key, duplicate_key): the error at the
// key, and the key in the path.
JOT_COLD bool member_failed(reader& r, error_code code, const u8* key_at, std::string_view key,
                            bool fits) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  fail_at(r, code, key_at, nullptr);
  if (fits) path_access::prepend_key(*r.result, key);
  return false;
}
#else
;
#endif

// What find_member found: the member at p's value, or (index) one of these.
// Two words, so that it comes back in registers.
struct member_found {
  const u8* p;        // at the member's value (whitespace skipped); closed: past '}'; again: at the next key
  std::size_t index;  // the member (npos for a map's key), or found_closed, found_again, found_failed
};
inline constexpr std::size_t found_closed = jot::reflect::npos - 1;  // the object ended
inline constexpr std::size_t found_again = jot::reflect::npos - 2;   // a key for the loop to read from the top
inline constexpr std::size_t found_failed = jot::reflect::npos - 3;  // the error is recorded

// The rest of find_member, from the key (a view of the input, or of a
// decoded copy; fits: false for an escaped key too long to decode, which
// matches nothing) with p at its value.
JOT_ALWAYS_INLINE member_found member_of_key(reader& r, const members_plan* plan, const u8* key_at, const u8* p,
                                             std::string_view key, bool fits, const std::uint64_t* seen) noexcept {
  if (plan == nullptr) return {p, jot::reflect::npos};
  std::size_t index = fits ? plan->lookup(key) : jot::reflect::npos;
  if (index == jot::reflect::npos) {
    if (r.reject_unknown) return member_failed(r, error_code::unknown_key, key_at, key, fits), member_found{p, found_failed};
    // This member and the unknown ones after it, in one loop (twitter:
    // 3.00M -> 2.88M instructions per decode, HACKING.md).
    const skipped_members run =
        skip_members(p, r.end, r.validate, r.max_depth - r.depth, key_at, r.indent[r.depth % 32], plan->lookup);
    if (JOT_UNLIKELY(run.s.code != error_code::ok))
      return unknown_members_failed(r, run, key_at, key, fits), member_found{p, found_failed};
    if (run.closed) return {run.s.p, found_closed};
    // A key with escapes, or not a key: from the top of the loop.
    if (run.index == jot::reflect::npos) return {run.s.p, found_again};
    p = run.s.p;
    key_at = run.key_at;
    index = run.index;
  }
  if (JOT_UNLIKELY((seen[index / 64] >> (index % 64)) & 1) && !r.allow_duplicates)
    return member_failed(r, error_code::duplicate_key, key_at, plan->names[index], true), member_found{p, found_failed};
  return {p, index};
}

// The colon after a key that ends before p, and the whitespace around it:
// p at the value, or nullptr with the error recorded.
JOT_ALWAYS_INLINE const u8* past_colon(reader& r, const u8* p) noexcept {
  p = skip_ws(p, r.end);
  if (JOT_UNLIKELY(p == r.end)) return fail_at(r, error_code::unexpected_end, p, nullptr), nullptr;
  if (JOT_UNLIKELY(*p != ':')) return syntax_error(r, p, skip_note::colon), nullptr;
  return skip_ws(p + 1, r.end);
}

// find_member for a key whose first backslash is at stop (key_at its
// opening quote): decoded into a buffer of its own, so that the plain key's
// path takes no address of its name. Out of line: keys rarely hold escapes.
JOT_NOINLINE member_found find_escaped_member(reader& r, const members_plan* plan, const u8* key_at,
                                              const u8* stop, const std::uint64_t* seen) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  char buf[128];
  std::string_view key;
  bool fits = true;
  string_token t{key_at + 1, stop, nullptr, true};
  if (!close_escaped(r, t) || !decode_name(r, t, key, buf, fits)) return {key_at, found_failed};
  const u8* p = past_colon(r, r.p);
  if (p == nullptr) return {key_at, found_failed};
  return member_of_key(r, plan, key_at, p, key, fits, seen);
}
#else
;
#endif

// The key at p (a '"', not the guessed one) of an object being read by
// read_members, its colon and the whitespace around it: the member it
// names, looked up in plan (none for a map: index npos), its bit in seen
// checked for a duplicate; an unknown key's value and the unknown members
// after it skipped (skip_members) up to a known one, or rejected; the errors
// recorded as the member loop records them. Out of line, so that the loop's
// common step (a guessed key) keeps its state in registers: GCC spilled
// this path's name, guess and escape buffer on every member (rpc 9,931 ->
// 9,190 instructions per decode, HACKING.md).
JOT_NOINLINE member_found find_member(reader& r, const members_plan* plan, const u8* p,
                                      const std::uint64_t* seen) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const u8* const key_at = p;
  const string_stop s = scan_plain_string<scanner>(p + 1, r.end, r.validate);
  if (JOT_UNLIKELY(s.code != error_code::ok)) return fail_at(r, s.code, s.p, nullptr), member_found{p, found_failed};
  if (JOT_UNLIKELY(*s.p != '"')) return find_escaped_member(r, plan, key_at, s.p, seen);
  const std::string_view key(reinterpret_cast<const char*>(p + 1), static_cast<std::size_t>(s.p - (p + 1)));
  p = past_colon(r, s.p + 1);
  if (p == nullptr) return {key_at, found_failed};
  return member_of_key(r, plan, key_at, p, key, true, seen);
}
#else
;
#endif

// The key of the member whose key starts at key_at, for a failure's path:
// member `index`'s name for a struct, else the key again from the input
// (a map's; escaped, decoded into buf when it fits). fits: false when it
// does not. Cold: errors only.
JOT_COLD std::string_view member_key(reader& r, const members_plan* plan, std::size_t index, const u8* key_at,
                                     char (&buf)[128], bool& fits) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  fits = true;
  if (plan != nullptr && index != jot::reflect::npos) return plan->names[index];
  // Read before, so valid: a failure now cannot happen, and would leave fits false.
  reader again = r;
  jot::read_result scratch;
  again.result = &scratch;
  again.p = key_at;
  std::string_view key;
  if (!read_name(again, key, buf, fits)) fits = false;
  return key;
}
#else
;
#endif

// A member's value failed: its key goes in front of the path.
JOT_COLD bool member_value_failed(reader& r, const members_plan* plan, std::size_t index,
                                  const u8* key_at) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  char buf[128];
  bool fits;
  const std::string_view key = member_key(r, plan, index, key_at, buf, fits);
  if (fits) path_access::prepend_key(*r.result, key);
  return false;
}
#else
;
#endif

// A member named twice, when duplicates are not allowed: duplicate_key at its key.
JOT_COLD bool duplicate_member(reader& r, const members_plan* plan, std::size_t index, const u8* key_at) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  return member_failed(r, error_code::duplicate_key, key_at, plan->names[index], true);
}
#else
;
#endif

// Reads object members with read_member(r, out, index, key position) until
// '}'; r.p at '{'. For a struct (plan not null), each key is first guessed to
// be the member after the previous one (is_guessed_key), else looked up
// (find_member); unknown members are skipped there (skip_members), or
// rejected (unknown_key), a member named twice is duplicate_key unless
// allowed, and seen (a bit per member, zero on entry) gets each member's bit.
// For a map (no plan), index is npos and read_member takes every member. In
// the library, one copy per engine: the struct comes in as data, its
// members' readers through one indirect call per member.
JOT_NOINLINE bool read_members(reader& r, const members_plan* plan, member_reader read_member, void* out,
                               std::uint64_t* seen)
#if defined(JOT_ENGINE_BODIES)
{
  if (JOT_UNLIKELY(r.p == r.end || *r.p != '{')) return mismatch(r, "expected an object");
  if (!enter(r)) return false;
  if (*r.p == '}') {
    ++r.p;
    --r.depth;
    return true;
  }
  std::size_t guess = 0;
  // The cursor lives in p between members, and goes to r.p only around
  // read_member: through the reader, every byte test reloaded and stored it
  // (r escapes into every call, and a string's char stores may alias it).
  const u8* const end = r.end;
  const u8* p = r.p;
  for (;;) {
    if (JOT_UNLIKELY(*p != '"')) return key_expected(r, p);
    const u8* key_at = p;
    std::size_t index;
    if (plan != nullptr && is_guessed_key(*plan, p, end, guess)) {
      index = guess;
      p += plan->guessable[guess].size + 2;
      p = skip_ws(p, end);
      if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr);
      if (JOT_UNLIKELY(*p != ':')) return syntax_error(r, p, skip_note::colon);
      ++p;
      p = skip_ws(p, end);
      if (JOT_UNLIKELY((seen[index / 64] >> (index % 64)) & 1) && !r.allow_duplicates)
        return duplicate_member(r, plan, index, key_at);
    } else {
      // key_at stays at this key: a map's reader reads it from there; a
      // struct's ignores it (find_member reports the struct's key errors).
      const member_found m = find_member(r, plan, p, seen);
      if (JOT_UNLIKELY(m.index >= found_failed && m.index != jot::reflect::npos)) {
        if (m.index == found_again) {
          p = m.p;
          continue;
        }
        if (m.index == found_failed) return false;
        r.p = m.p;  // found_closed
        --r.depth;
        return true;
      }
      p = m.p;
      index = m.index;
    }
    if (plan != nullptr) {
      seen[index / 64] |= std::uint64_t{1} << (index % 64);
      guess = index + 1;
    }
    r.p = p;
    if (JOT_UNLIKELY(!read_member(r, out, index, key_at))) return member_value_failed(r, plan, index, key_at);
    // next_element on the cursor, written out: the shared next_element on a
    // cursor measured 1-3% more instructions per decode (banner 15.05K ->
    // 15.23K, video_app 34.2K -> 35.2K).
    p = r.p;
    p = skip_ws(p, end);
    if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr);
    if (*p == ',') {
      ++p;
      p = skip_indentation(r, p, end);
      if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr);
      continue;
    }
    if (JOT_LIKELY(*p == '}')) {
      r.p = p + 1;
      --r.depth;
      return true;
    }
    return syntax_error(r, p, skip_note::object_end);
  }
}
#else
;
#endif

// Whether read_map can keep map M's nodes across decodes: node handles, and
// a comparator or hash it can copy into an empty map.
template <class M>
inline constexpr bool reuses_map_nodes =
    (requires(const M& m) { m.key_comp(); } || requires(const M& m) { m.hash_function(); }) &&
    requires(M m, const typename M::key_type& k) { m.insert(m.extract(k)); };

// Reads an object's members into out (empty), each value into a new entry,
// or into the entry of the same key taken from before (when not null) with
// its node: no allocation, and the value's strings and vectors keep their
// capacity. read_map_entry reads one entry, for read_members.
template <class M>
struct map_in_progress {
  M& out;
  M* before;
};

// An integer key's value from its decoded text: the text must be the integer
// as jot writes it (an optional '-', then "0" or digits without a leading
// zero; no '+', no "-0", no spaces), so that each key has one text and the
// map one entry per distinct key. Range-checked as integer values are.
template <class I>
bool read_integer_key(reader& r, const u8* key_at, std::string_view text, I& out) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  const char* const digits = p + (p != end && *p == '-');
  bool canonical = digits != end && (*digits != '0' || (end - digits == 1 && digits == p));
  for (const char* q = digits; canonical && q != end; ++q) canonical = *q >= '0' && *q <= '9';
  if (!canonical) return fail_at(r, error_code::invalid_value, key_at, "expected an integer key (as jot writes one)");
  if constexpr (std::is_unsigned_v<I>) {
    if (digits != p) return fail_at(r, error_code::number_out_of_range, key_at, nullptr);
  }
  if (std::from_chars(p, end, out).ec != std::errc{})
    return fail_at(r, error_code::number_out_of_range, key_at, nullptr);
  return true;
}

// Reads the key at r.p (a string) into key as the map's key type K takes it
// (typed::key_shape): r.p past it, or a failure located at the key.
template <class K>
inline bool read_map_key(reader& r, K& key) {
  constexpr typed::key_shape ks = typed::key_shape_of<K>();
  if constexpr (ks == typed::key_shape::string) {
    return read_string(r, key);
  } else if constexpr (ks == typed::key_shape::string_view) {
    return read_string_view(r, key);
  } else {
    const u8* at = r.p;
    char buf[128];
    std::string_view name;
    bool fits;  // false: an escaped key over 128 bytes, which is no integer and no enumerator
    if (!read_name(r, name, buf, fits)) return false;
    if (!fits) name = {};
    if constexpr (ks == typed::key_shape::integer) {
      return read_integer_key(r, at, name, key);
    } else if constexpr (typed::enum_as_integer<K>()) {
      std::underlying_type_t<K> v{};
      if (!read_integer_key(r, at, name, v)) return false;
      key = static_cast<K>(v);
      return true;
    } else {
      if (!jot::reflect::enum_from_name(name, key))
        return fail_at(r, error_code::invalid_value, at, "not a name of the enum");
      return true;
    }
  }
}

template <class M>
bool read_map_entry(reader& r, void* map, std::size_t, const u8* key_at) {
  M& out = static_cast<map_in_progress<M>*>(map)->out;
  M* const before = static_cast<map_in_progress<M>*>(map)->before;
  // The key again, decoded into the map's own key type, with the map's
  // allocator where the key takes it (pmr maps: no default-resource string).
  using key_type = typename M::key_type;
  key_type key = [&] {
    if constexpr (std::is_constructible_v<key_type, typename M::allocator_type>) return key_type(out.get_allocator());
    else return key_type();
  }();
  const u8* value_at = r.p;
  r.p = key_at;
  if (!read_map_key(r, key)) return false;
  r.p = value_at;
  if constexpr (reuses_map_nodes<M>) {
    if (before != nullptr && !before->empty()) {
      // Not in out yet: a key that comes again in the document was taken from before the first time.
      if (auto node = before->extract(key); !node.empty())
        return read_value(r, out.insert(std::move(node)).position->second);
    }
  }
  auto [it, inserted] = out.try_emplace(std::move(key));
  if (!inserted && !r.allow_duplicates) return fail_at(r, error_code::duplicate_key, key_at, nullptr);
  return read_value(r, it->second);
}

template <class M>
inline bool read_map_entries(reader& r, M& out, M* before) {
  map_in_progress<M> map{out, before};
  return read_members(r, nullptr, &read_map_entry<M>, &map, nullptr);
}

// A map read again keeps the nodes of the keys that come again, as a vector
// keeps its elements (citm's events: 1,535 allocations per reused decode
// before); the other entries are freed at the end. Maps without node
// handles are cleared first.
template <class M>
inline bool read_map(reader& r, M& out) {
  if constexpr (reuses_map_nodes<M>) {
    if (!out.empty()) {
      // An empty map with out's comparator (or hash and equality) and
      // allocator, so that the swap changes neither in out.
      M before = [&] {
        if constexpr (requires { out.key_comp(); }) return M(out.key_comp(), out.get_allocator());
        else return M(0, out.hash_function(), out.key_eq(), out.get_allocator());
      }();
      before.swap(out);
      // One bucket array for the entries to come, not a rehash per growth.
      if constexpr (requires { out.reserve(before.size()); }) out.reserve(before.size());
      return read_map_entries(r, out, &before);
    }
  }
  out.clear();
  return read_map_entries(r, out, static_cast<M*>(nullptr));
}

template <class T>
inline void reset_absent(T& member) {
  if constexpr (typed::shape_v<T> == typed::shape::optional) member.reset();
  else member = nullptr;
}

// A member's value: one copy per member type, shared by every struct (a
// copy per member was most of a typed unit's code: HACKING.md, session 34).
template <class M>
JOT_NOINLINE bool read_member_value(reader& r, void* member) {
  return read_value(r, *static_cast<M*>(member));
}

// Member i of struct T, for read_members: a jump table whose cases add the
// member's offset to out and jump (directly: a function pointer chosen per
// case was a second indirect jump) to its type's reader.
template <class T>
bool read_struct_member(reader& r, void* out, std::size_t i, const u8*) {
  bool ok = false;
  T& object = *static_cast<T*>(out);
  const bool found = jot::reflect::visit_member(object, i, [&](auto, std::string_view, auto& member) {
    ok = read_member_value<std::remove_cvref_t<decltype(member)>>(r, &member);
  });
  // i comes from T's own lookup, so this never fails; checked all the same
  // (the table's bound check is there anyway).
  if (JOT_UNLIKELY(!found)) return fail_at(r, error_code::unknown_key, r.p, nullptr);
  return ok;
}

// The words of a bit per member of T (at least one).
template <class T>
inline constexpr std::size_t seen_words = jot::reflect::member_count<T> == 0 ? 1 : (jot::reflect::member_count<T> + 63) / 64;

// After the object's '}' (r.p one past it): the members of T that the object
// did not name (no bit in seen) are emptied when optional, kept when
// jot::meta<T>::defaulted names them, else an error unless allowed.
template <class T>
inline bool members_complete(reader& r, T& out, const std::uint64_t* seen) {
  static_assert(typed::defaulted_keys_exist<T>(),
                "jot::meta<T>::defaulted names a key that no member of T has (keys, after renames)");
  constexpr std::size_t n = jot::reflect::member_count<T>;
  constexpr std::size_t words = seen_words<T>;
  // Each word of seen full when every member was named: compared with the
  // full words, not counted (std::popcount is a libgcc call on baseline x86).
  bool named_all = true;
  for (std::size_t w = 0; w < words; ++w) {
    const std::size_t bits = n - w * 64 < 64 ? n - w * 64 : 64;  // n == 0: one empty word
    named_all &= seen[w] == (bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1);
  }
  if (named_all) return true;
  bool complete = true;
  jot::reflect::for_each_member(out, [&](auto index, std::string_view key, auto& member) {
    constexpr std::size_t i = decltype(index)::value;
    if (!complete || (seen[i / 64] >> (i % 64) & 1) != 0) return;
    using M = std::remove_cvref_t<decltype(member)>;
    if constexpr (typed::is_defaulted<T, i>) {
      return;  // keeps its value
    } else if constexpr (typed::may_be_absent<M>) {
      reset_absent(member);
    } else if (!r.allow_missing) {
      complete = false;
      fail_at(r, error_code::missing_member, r.p - 1, "missing member");
      path_access::prepend_key(*r.result, key);
    }
  });
  return complete;
}

template <class T>
inline bool read_object(reader& r, T& out) {
  std::uint64_t seen[seen_words<T>] = {};
  return read_members(r, &members_plan_of<T>, &read_struct_member<T>, &out, seen) && members_complete(r, out, seen);
}

// ---- variants ----

// Whether a variant alternative of type A takes a value of JSON type t. For
// numbers, `integral` says which kind to take: integers when the number has
// no fraction or exponent, floating types otherwise (the caller asks again
// with the other kind when no alternative took the preferred one).
template <class A>
constexpr bool takes(jot::type t, bool integral) noexcept {
  using typed::shape;
  constexpr shape s = typed::shape_v<A>;
  if constexpr (s == shape::proxy) {
    return takes<typename meta<A>::proxy>(t, integral);
  } else if constexpr (s == shape::optional || s == shape::pointer) {
    return t == jot::type::null || takes<typename A::value_type>(t, integral);
  } else if constexpr (s == shape::dom_value || s == shape::raw) {
    return true;
  } else if constexpr (s == shape::enumeration) {
    return typed::enum_as_integer<A>() ? t == jot::type::number && integral : t == jot::type::string;
  } else {
    switch (t) {
      case jot::type::null: return s == shape::monostate;
      case jot::type::boolean: return s == shape::boolean;
      case jot::type::number: return integral ? s == shape::integer : s == shape::floating;
      case jot::type::string: return s == shape::string || s == shape::string_view;
      case jot::type::array:
        return s == shape::sequence || s == shape::set || s == shape::fixed_array || s == shape::span ||
               s == shape::tuple;
      case jot::type::object: return s == shape::object || s == shape::map || s == shape::tagged;
      default: return false;
    }
  }
}

// True when the number at p has neither fraction nor exponent.
inline bool integral_number(const u8* p, const u8* end) noexcept {
  if (p != end && *p == '-') ++p;
  while (p != end && static_cast<u8>(*p - '0') < 10) ++p;
  return p == end || (*p != '.' && *p != 'e' && *p != 'E');
}

template <class V, std::size_t... I>
inline bool read_variant(reader& r, V& out, std::index_sequence<I...>) {
  if (r.p == r.end) return mismatch(r, "expected a value");
  const jot::type t = json_type_of(*r.p);
  bool integral = t == jot::type::number && integral_number(r.p, r.end);
  bool ok = false;
  const auto pick = [&] {
    return ((takes<std::variant_alternative_t<I, V>>(t, integral) &&
             (ok = read_value(r, out.template emplace<I>()), true)) ||
            ...);
  };
  if (pick()) return ok;
  if (t == jot::type::number) {
    integral = !integral;  // the other kind of number alternative
    if (pick()) return ok;
  }
  return mismatch(r, "no alternative of the variant takes this value");
}

// A jot::value or raw-JSON member: the subtree skipped (validated), then kept
// as text or parsed. Out of line: one copy per type, not per member.
template <class T>
JOT_NOINLINE bool read_kept(reader& r, T& out) {
  using typed::shape;
  constexpr shape s = typed::shape_v<T>;
  const u8* start = r.p;
  const skipped k = skip_value(r.p, r.end, r.validate, r.max_depth - r.depth);
  if (k.code != error_code::ok) return fail_at(r, k.code, k.p, k.message());
  r.p = k.p;
  const std::string_view text(reinterpret_cast<const char*>(start), static_cast<std::size_t>(k.p - start));
  if constexpr (s == shape::raw) {
    out.text = text;
    return true;
  } else {
    parse_options po;
    po.validate_utf8 = r.validate;
    po.max_depth = r.max_depth - r.depth;
    result<document> doc = jot::parse(text, *r.memory, po);
    if (!doc) {
      fail_at(r, doc.error().code, start + doc.error().offset, doc.error().message);
      path_access::set_needed(*r.result, doc.error().needed);
      return false;
    }
    out = doc->root();
    return true;
  }
}

#include "jot/detail/typed_tagged.inl"

// ---- every shape ----

template <class T>
inline bool read_value(reader& r, T& out) {
  using typed::shape;
  constexpr shape s = typed::shape_v<T>;
  static_assert(s != shape::unsupported, "jot::read: a member's type has no JSON mapping (see jot/typed.h)");
  if constexpr (s == shape::boolean) {
    return read_bool(r, out);
  } else if constexpr (s == shape::integer) {
    return read_integer(r, out);
  } else if constexpr (s == shape::floating) {
    return read_floating(r, out);
  } else if constexpr (s == shape::string) {
    return read_string(r, out);
  } else if constexpr (s == shape::string_view) {
    return read_string_view(r, out);
  } else if constexpr (s == shape::optional) {
    if (is_null(r)) {
      r.p += 4;
      out.reset();
      return true;
    }
    if (!out) out.emplace();
    return read_value(r, *out);
  } else if constexpr (s == shape::pointer) {
    if (is_null(r)) {
      r.p += 4;
      out.reset();
      return true;
    }
    if (!out) out = std::make_unique<typename T::element_type>();
    return read_value(r, *out);
  } else if constexpr (s == shape::sequence) {
    return read_sequence(r, out);
  } else if constexpr (s == shape::set) {
    return read_set(r, out);
  } else if constexpr (s == shape::fixed_array) {
    if constexpr (std::is_array_v<T>) return read_fixed<std::remove_extent_t<T>, std::extent_v<T>>(r, out);
    else return read_fixed<typename T::value_type, std::tuple_size_v<T>>(r, out.data());
  } else if constexpr (s == shape::span) {
    return read_span(r, out);
  } else if constexpr (s == shape::tuple) {
    return read_tuple(r, out, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (s == shape::map) {
    return read_map(r, out);
  } else if constexpr (s == shape::variant) {
    return read_variant(r, out, std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (s == shape::tagged) {
    return read_tagged(r, out, std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (s == shape::monostate) {
    return read_null(r);
  } else if constexpr (s == shape::enumeration) {
    if constexpr (typed::enum_as_integer<T>()) {
      std::underlying_type_t<T> v{};
      if (!read_integer(r, v)) return false;
      out = static_cast<T>(v);
      return true;
    } else {
      if (r.p == r.end || *r.p != '"') return mismatch(r, "expected an enumerator name");
      const u8* at = r.p;
      char buf[128];
      std::string_view name;
      bool fits;
      if (!read_name(r, name, buf, fits)) return false;
      if (!fits || !jot::reflect::enum_from_name(name, out))
        return fail_at(r, error_code::invalid_value, at, "not a name of the enum");
      return true;
    }
  } else if constexpr (s == shape::dom_value || s == shape::raw) {
    return read_kept(r, out);
  } else if constexpr (s == shape::proxy) {
    const u8* at = r.p;
    typename meta<T>::proxy in{};
    if (!read_value(r, in)) return false;
    if (!meta<T>::read(in, out)) return fail_at(r, error_code::invalid_value, at, "rejected by jot::meta<T>::read");
    return true;
  } else {
    return read_object(r, out);
  }
}

// A reader at the start of json.
inline reader start_reader(std::string_view json, arena* memory, const read_options& options,
                           read_result& result) noexcept {
  reader r;
  r.begin = reinterpret_cast<const u8*>(json.data());
  r.end = r.begin + json.size();
  r.p = r.begin;
  r.memory = memory;
  r.result = &result;
  r.depth = 0;
  r.max_depth = options.max_depth;
  r.validate = options.validate_utf8;
  r.reject_unknown = options.reject_unknown_keys;
  r.allow_missing = options.allow_missing_members;
  r.allow_duplicates = options.allow_duplicate_keys;
  r.failed = false;
  std::memset(r.indent, 0, sizeof r.indent);
  return r;
}

// Reads [r.p, r.end) as one whole document into out, as jot::read reads its
// input (and read_ndjson a line): a byte order mark is an error (as jot::parse
// says by default), whitespace may surround the value, nothing may follow it
// unless trailing is allowed (r.p then stops after the whitespace, where
// jot::parse's allow_trailing_content stops).
template <class T>
inline bool read_text(reader& r, T& out, bool allow_trailing = false) {
  if (r.end - r.p >= 3 && r.p[0] == 0xEF && r.p[1] == 0xBB && r.p[2] == 0xBF)
    return fail_at(r, error_code::byte_order_mark, r.p, nullptr);
  skip_ws(r);
  if (r.p == r.end) return fail_at(r, error_code::empty_input, r.p, nullptr);
  if (!read_value(r, out)) return false;
  skip_ws(r);
  if (r.p == r.end || allow_trailing) return true;
  const skipped t = skip_error(r.p, r.end, error_code::unexpected_character);  // a comment, perhaps
  return fail_at(r, t.code == error_code::unexpected_character ? error_code::trailing_content : t.code, r.p, nullptr);
}

// Reads the whole document json into out; the error, if any, goes to result.
template <class T>
JOT_NOINLINE void read_document(engine, std::string_view json, T& out, arena* memory, const read_options& options,
                                read_result& result) noexcept {
  reader r = start_reader(json, memory, options, result);
  if (json.size() > jot::max_input_size) {
    fail_at(r, error_code::input_too_large, r.begin, nullptr);
  } else if (read_text(r, out, options.allow_trailing_content)) {
    path_access::set_consumed(result, static_cast<std::size_t>(r.p - r.begin));
  }
  if (r.failed) jot::locate(path_access::error_of(result), json);
}
