// jot/detail/typed/typed_read.inl - the typed reader, written once, compiled per
// engine. Not API. No include guard: jot/detail/typed/typed_read.h includes it
// inside each engine's namespace (jot::detail::isa_<target>) and target
// region, after that target's scanning core (scanner, strings, skip).
//
// One function template per shape of jot/detail/typed/typed_traits.h reads a value
// straight from the input into the C++ object: no DOM, no token buffer. On
// entry r.p is at the value's first byte (whitespace skipped); on success it
// is one past the value. A failure records its error once, in the reader,
// and returns false; each enclosing object and array then prepends its key
// or index to the path as the failure returns through it, so the error names
// the member at no cost to the successful path.
//
// A function whose body stands under `#if defined(JOT_ENGINE_BODIES)` is
// compiled once per engine in the library (src/kernels/engines.cpp); a user's
// translation unit sees its declaration only. Those are the parts that do
// not depend on the user's types (the member loop, escapes, errors): the
// rest is instantiated for the types read, and its fast paths inlined.
//
// The pieces, included below in this order: typed_sequences.inl (arrays),
// typed_members.inl (objects and structs), typed_maps.inl, typed_tagged.inl
// (tagged variants).

struct reader {
  const u8* begin;
  const u8* end;
  const u8* p;
  arena* memory;
  read_error* result;  // where a failure is written
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

// Into the array or object whose bracket is at p, one level deeper: the
// first byte after the bracket and its whitespace, or nullptr with r failed
// (depth_exceeded at the bracket, or unexpected_end).
JOT_ALWAYS_INLINE const u8* enter_at(reader& r, const u8* p) noexcept {
  if (JOT_UNLIKELY(r.depth >= r.max_depth)) return fail_at(r, error_code::depth_exceeded, p, nullptr), nullptr;
  ++r.depth;
  p = skip_indentation(r, p + 1, r.end);
  if (JOT_UNLIKELY(p == r.end)) return fail_at(r, error_code::unexpected_end, p, nullptr), nullptr;
  return p;
}

// enter_at on r.p: true with r.p at the first byte inside.
inline bool enter(reader& r) noexcept {
  const u8* const p = enter_at(r, r.p);
  if (JOT_UNLIKELY(p == nullptr)) return false;
  r.p = p;
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

// ---- the cursor forms ----
//
// Each scalar (and its optional) has a cursor form, read_*_at(r, out, p): the
// value at p read into out, one past it returned, r.p neither read nor
// written on that path; nullptr on failure, the error recorded (r.p then
// wherever the failure left it). The member loop and the element loop keep
// their cursor in a register through it: through r.p, each value cost a
// store and a load on the chain from one value to the next, which the
// string's char stores (they may alias r.p) made a reload after every copy.
// read_*(r, out) is the form on r.p.

// r.p one past a value whose cursor form returned past: false when it failed.
JOT_ALWAYS_INLINE bool advance(reader& r, const u8* past) noexcept {
  if (JOT_UNLIKELY(past == nullptr)) return false;
  r.p = past;
  return true;
}

// A failure at p for a cursor form: mismatch(r, expected) with r.p at p.
JOT_COLD const u8* mismatch_at(reader& r, const u8* p, const char* expected) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  r.p = p;
  mismatch(r, expected);
  return nullptr;
}
#else
;
#endif

// ---- std::pmr containers over the reader's arena ----

// The arena cannot hold `bytes`, what a std::pmr container's next step may
// ask for: capacity_exceeded at the value at `at`, or the parser's syntax
// error where no value starts there (as for a span's elements).
JOT_COLD bool no_room(reader& r, const u8* at, std::size_t bytes) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  r.p = at;
  if (at == r.end || json_type_of(*at) == jot::type::absent) return mismatch(r, "expected a value");
  fail_at(r, error_code::capacity_exceeded, at, "a std::pmr container needs more arena memory");
  path_access::set_needed(*r.result, bytes);
  return false;
}
#else
;
#endif

// Before a step of container c that may allocate, bytes() bounding what it
// asks for (jot/detail/typed/typed_pmr.h): when c's memory is an arena_resource's
// over the reader's arena, with no upstream, the arena must hold that much
// first, or the read stops here and c stays as it was. The resource cannot
// refuse a request itself but by throwing. Compiled away for containers
// without a memory resource.
template <class C, class Bound>
JOT_ALWAYS_INLINE bool room_for(reader& r, const C& c, const u8* at, Bound&& bytes) noexcept {
  if constexpr (pmr_growth::over_resource<C>) {
    if (arena_resources::arena_only(*r.memory, c.get_allocator().resource())) {
      const std::size_t n = bytes();
      if (n != 0 && !arena_resources::make_room(*r.memory, n)) return no_room(r, at, n);
    }
  }
  return true;
}

// The escaped string at p (its first backslash at stop) decoded into out.
template <class S>
JOT_NOINLINE const u8* read_escaped_string(reader& r, S& out, const u8* p, const u8* stop) {
  r.p = p;
  string_token t{p + 1, stop, nullptr, true};
  if (!close_escaped(r, t)) return nullptr;
  const auto bound = static_cast<std::size_t>(t.close - t.start);  // the decoded length at most
  if (!room_for(r, out, p, [&] { return pmr_growth::string_to(out, bound); })) return nullptr;
  out.resize(bound);
  const std::size_t n = decode_token(r, t, out.data());
  if (n == SIZE_MAX) return nullptr;
  out.resize(n);
  return r.p;
}

template <class S>
inline const u8* read_string_at(reader& r, S& out, const u8* p) {
  if (JOT_UNLIKELY(p == r.end || *p != '"')) return mismatch_at(r, p, "expected a string");
  const u8* const start = p + 1;
  const string_stop s = scan_plain_string<scanner>(start, r.end, r.validate);
  if (JOT_UNLIKELY(s.code != error_code::ok)) return fail_at(r, s.code, s.p, nullptr), nullptr;
  if (JOT_UNLIKELY(*s.p == '\\')) return read_escaped_string(r, out, p, s.p);
  // A string no longer than the one it replaces (a reused object: the same
  // member of the next message) is truncated and copied without a memcpy
  // call. Otherwise clear() and append() rather than assign(): libstdc++'s
  // assign goes through _M_replace, which handles overlapping input, at a
  // cost on every string; here the input never overlaps.
  const std::size_t n = static_cast<std::size_t>(s.p - start);
  if (n <= out.size()) {
    out.resize(n);
    copy_short(out.data(), reinterpret_cast<const char*>(start), n);
  } else {
    if (!room_for(r, out, p, [&] { return pmr_growth::string_to(out, n); })) return nullptr;
    out.clear();
    out.append(reinterpret_cast<const char*>(start), n);
  }
  return s.p + 1;
}

template <class S>
inline bool read_string(reader& r, S& out) {
  return advance(r, read_string_at(r, out, r.p));
}

// The escaped string at p (its first backslash at stop) decoded into arena
// memory, viewed by out.
JOT_NOINLINE const u8* read_escaped_view(reader& r, std::string_view& out, const u8* p, const u8* stop) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  r.p = p;
  string_token t{p + 1, stop, nullptr, true};
  if (!close_escaped(r, t)) return nullptr;
  const std::size_t bound = static_cast<std::size_t>(t.close - t.start);
  char* dst = static_cast<char*>(r.memory->allocate(bound, 1));
  if (dst == nullptr) {
    fail_at(r, error_code::capacity_exceeded, r.p, "a string with escapes needs arena memory");
    path_access::set_needed(*r.result, bound);
    return nullptr;
  }
  const std::size_t n = decode_token(r, t, dst);
  if (n == SIZE_MAX) return nullptr;
  out = std::string_view(dst, n);
  return r.p;
}
#else
;
#endif

inline const u8* read_string_view_at(reader& r, std::string_view& out, const u8* p) noexcept {
  if (JOT_UNLIKELY(p == r.end || *p != '"')) return mismatch_at(r, p, "expected a string");
  const u8* const start = p + 1;
  const string_stop s = scan_plain_string<scanner>(start, r.end, r.validate);
  if (JOT_UNLIKELY(s.code != error_code::ok)) return fail_at(r, s.code, s.p, nullptr), nullptr;
  if (JOT_UNLIKELY(*s.p == '\\')) return read_escaped_view(r, out, p, s.p);
  out = std::string_view(reinterpret_cast<const char*>(start), static_cast<std::size_t>(s.p - start));
  return s.p + 1;
}

inline bool read_string_view(reader& r, std::string_view& out) noexcept {
  return advance(r, read_string_view_at(r, out, r.p));
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
// but matching nothing). Inline: as a call, every key paid for the
// registers the call saves.
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

inline const u8* read_bool_at(reader& r, bool& out, const u8* p) noexcept {
  if (r.end - p >= 4 && std::memcmp(p, "true", 4) == 0) {
    out = true;
    return p + 4;
  }
  if (r.end - p >= 5 && std::memcmp(p, "false", 5) == 0) {
    out = false;
    return p + 5;
  }
  if (p != r.end && (*p == 't' || *p == 'f')) {
    r.p = p;
    return bad_literal(r), nullptr;
  }
  return mismatch_at(r, p, "expected true or false");
}

inline bool read_bool(reader& r, bool& out) noexcept { return advance(r, read_bool_at(r, out, r.p)); }

// Integers are read exactly from their text: any number whose value is
// whole and in range (7, 1e2, 100.0, 1.5e1), never one that is not whole,
// whatever its digits (0.99999999999999999999 is type_mismatch, not 1).
// A plain integer of at most 19 digits ending where a number cannot go on
// ("728,", "-3}"): by far the most common integer, read without the general
// scanner, which costs a small integer several times as much. Anything
// else, including every error, is left to scan_number, the one grammar.
// Returns false (r.p unchanged) when it does not apply.
template <class I>
JOT_ALWAYS_INLINE const u8* read_plain_integer(const u8* p, const u8* end, I& out) noexcept {
  const bool negative = *p == '-';
  p += negative;
  if (p == end) return nullptr;
  if (*p == '0') {
    // "0" (or "-0", which is 0 too) followed by what ends a number.
    if (p + 1 == end || static_cast<u8>(p[1] - '0') <= 9 || p[1] == '.' || (p[1] | 0x20) == 'e') return nullptr;
    out = 0;
    return p + 1;
  }
  if (static_cast<u8>(*p - '1') > 8) return nullptr;
  std::uint64_t v;
  if (p + 1 != end && static_cast<u8>(p[1] - '0') > 9) {
    // One digit (the most common integer in OpenRTB): its value at once.
    v = static_cast<std::uint64_t>(*p - '0');
    ++p;
  } else if (JOT_LIKELY(end - p >= 16)) {
    // Up to eight digits counted and valued at once (number.h, as scan_number
    // does): no branch on the number's length, which the byte loop below
    // mispredicted at every integer of varying width.
    const std::uint64_t w = load_le64(p);
    const int k = leading_digit_count(w);  // >= 1: *p is a digit
    v = leading_digits_value(w, k);
    if (JOT_UNLIKELY(k == 8)) {
      // p + 8, not p + k: the cursor then does not wait for the count, and
      // the byte loop's branches carry it. Fenced so that Clang does not
      // compute p + k before the branch and use it here (proved equal).
      p += 8;
      JOT_PREDICTED(p);
      // Eleven more at most (19 digits; the rest is left to scan_number).
      const u8* const stop = end - p > 11 ? p + 11 : end;
      while (p != stop && static_cast<u8>(*p - '0') <= 9) v = v * 10 + (*p++ - '0');
    } else {
      p += k;
    }
  } else {
    // Near the input's end: at most 19 digits, one bound to test per digit.
    const u8* const stop = end - p > 19 ? p + 19 : end;
    v = 0;
    while (p != stop && static_cast<u8>(*p - '0') <= 9) v = v * 10 + (*p++ - '0');
  }
  if (p == end) return nullptr;  // a document that is one number: the general path
  if (static_cast<u8>(*p - '0') <= 9 || *p == '.' || (*p | 0x20) == 'e') return nullptr;
  using limits = std::numeric_limits<I>;
  if (negative) {
    if constexpr (std::is_signed_v<I>) {
      if (v > static_cast<std::uint64_t>(-(limits::min() + 1)) + 1) return nullptr;
      out = static_cast<I>(0 - v);
    } else {
      return nullptr;
    }
  } else {
    if (v > static_cast<std::uint64_t>(limits::max())) return nullptr;
    out = static_cast<I>(v);
  }
  return p;
}

// read_integer for what read_plain_integer leaves: exponents, fractions,
// long or out-of-range numbers, errors. Out of line. The grammar is checked
// without conversion (raw), then the value judged from the digits and the
// exponent (exact_integer_of_text), so no double rounds it first.
template <class I>
JOT_NOINLINE bool read_integer_general(reader& r, I& out) noexcept {
  const u8* const at = r.p;
  if (JOT_UNLIKELY(at == r.end || json_type_of(*at) != jot::type::number)) return mismatch(r, "expected an integer");
  node text;
  const number_scan s = scan_number_general(at, r.end, true, &text);
  if (JOT_UNLIKELY(s.end == nullptr)) return fail_at(r, s.code, s.at, nullptr);
  r.p = s.end;
  const exact_integer e = exact_integer_of_text(at, s.end);
  if (e.what == exact_integer::outcome::fraction)
    return fail_at(r, error_code::type_mismatch, at, "expected an integer", jot::type::number);
  if (e.what == exact_integer::outcome::whole && exact_integer_fits(e, out)) return true;
  return fail_at(r, error_code::number_out_of_range, at, nullptr);
}

// Reads an integer of type I, range-checked. The plain form is inlined into
// the member's reader: as a call, every integer paid for the registers the
// call saves.
template <class I>
JOT_ALWAYS_INLINE const u8* read_integer_at(reader& r, I& out, const u8* p) noexcept {
  if (JOT_LIKELY(p != r.end)) {
    if (const u8* past = read_plain_integer(p, r.end, out)) return past;
  }
  r.p = p;
  return read_integer_general(r, out) ? r.p : nullptr;
}

template <class I>
JOT_ALWAYS_INLINE bool read_integer(reader& r, I& out) noexcept {
  return advance(r, read_integer_at(r, out, r.p));
}

template <class F>
inline const u8* read_floating_at(reader& r, F& out, const u8* p) noexcept {
  if (JOT_UNLIKELY(p == r.end || json_type_of(*p) != jot::type::number)) return mismatch_at(r, p, "expected a number");
  node n;
  const number_scan s = scan_number(p, r.end, false, &n);
  if (JOT_UNLIKELY(s.end == nullptr)) return fail_at(r, s.code, s.at, nullptr), nullptr;
  const double d = n.kind() == kind_uint ? static_cast<double>(n.u)
                   : n.kind() == kind_int ? static_cast<double>(n.i)
                                          : n.d;
  if constexpr (std::is_same_v<F, float>) {
    // Rounded from the double; a finite double beyond float's range is out of range.
    const float f = static_cast<float>(d);
    if (f - f != 0) return fail_at(r, error_code::number_out_of_range, p, nullptr), nullptr;
    out = f;
  } else {
    out = d;
  }
  return s.end;
}

template <class F>
inline bool read_floating(reader& r, F& out) noexcept {
  return advance(r, read_floating_at(r, out, r.p));
}

// ---- containers ----

template <class T>
bool read_value(reader& r, T& out);
template <class T>
const u8* read_value_at(reader& r, T& out, const u8* p);

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

// Arrays (the element loop, sequences, sets, fixed lengths, tuples, spans),
// then objects (the member loop and structs), then maps, which drive the
// member loop: each in a file of its own, in this order, as one text.
#include "jot/detail/typed/typed_sequences.inl"
#include "jot/detail/typed/typed_members.inl"
#include "jot/detail/typed/typed_maps.inl"

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
  } else if constexpr (s == shape::optional) {
    return t == jot::type::null || takes<typename A::value_type>(t, integral);
  } else if constexpr (s == shape::pointer) {
    return t == jot::type::null || takes<typename A::element_type>(t, integral);
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
    po.syntax.validate_utf8 = r.validate;
    po.syntax.max_depth = r.max_depth - r.depth;
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

#include "jot/detail/typed/typed_tagged.inl"

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
  } else if constexpr (s == shape::optional || s == shape::pointer) {
    // One reading of null-or-value, in the cursor form.
    return advance(r, read_value_at(r, out, r.p));
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

// read_value's cursor form (see "the cursor forms"): the scalars, and the
// optionals and pointers around them, read at p; the other shapes on r.p.
template <class T>
JOT_ALWAYS_INLINE const u8* read_value_at(reader& r, T& out, const u8* p) {
  using typed::shape;
  constexpr shape s = typed::shape_v<T>;
  if constexpr (s == shape::boolean) {
    return read_bool_at(r, out, p);
  } else if constexpr (s == shape::integer) {
    return read_integer_at(r, out, p);
  } else if constexpr (s == shape::floating) {
    return read_floating_at(r, out, p);
  } else if constexpr (s == shape::string) {
    return read_string_at(r, out, p);
  } else if constexpr (s == shape::string_view) {
    return read_string_view_at(r, out, p);
  } else if constexpr (s == shape::optional || s == shape::pointer) {
    if (r.end - p >= 4 && std::memcmp(p, "null", 4) == 0) {
      out.reset();
      return p + 4;
    }
    if constexpr (s == shape::optional) {
      if (!out) out.emplace();
    } else {
      if (!out) out = std::make_unique<typename T::element_type>();
    }
    return read_value_at(r, *out, p);
  } else if constexpr (s == shape::sequence) {
    return read_sequence_at(r, out, p);
  } else {
    r.p = p;
    return read_value(r, out) ? r.p : nullptr;
  }
}

// A reader at the start of json.
inline reader start_reader(std::string_view json, arena* memory, const read_options& options,
                           read_error& result) noexcept {
  reader r;
  r.begin = reinterpret_cast<const u8*>(json.data());
  r.end = r.begin + json.size();
  r.p = r.begin;
  r.memory = memory;
  r.result = &result;
  r.depth = 0;
  r.max_depth = options.syntax.max_depth;
  r.validate = options.syntax.validate_utf8;
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

// Reads the whole document json into out and returns the bytes decoded; the
// error, if any, goes to result (and 0 is returned).
template <class T>
JOT_NOINLINE std::size_t read_document(engine, std::string_view json, T& out, arena* memory,
                                       const read_options& options, read_error& result) noexcept {
  reader r = start_reader(json, memory, options, result);
  if (json.size() > jot::max_input_size) {
    fail_at(r, error_code::input_too_large, r.begin, nullptr);
  } else if (read_text(r, out, options.syntax.allow_trailing_content)) {
    return static_cast<std::size_t>(r.p - r.begin);
  }
  if (r.failed) jot::locate(path_access::error_of(result), json);
  return 0;
}
