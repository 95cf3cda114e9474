// jot/detail/scan/skip.inl - skipping one whole JSON value while validating
// all of it: the grammar, strings (escapes, UTF-8), numbers and literals, as
// strictly as the DOM parser. Not API. Included like strings.inl, inside a
// per-ISA namespace whose `scanner` it drives, after number.h. A function
// whose body stands under `#if defined(JOT_ENGINE_BODIES)` is compiled once
// per engine in the library (src/kernels/engines.cpp); elsewhere it is declared only.
//
// What the typed reader does with an unknown key's value, a jot::raw_json and
// a jot::value: simdjson On-Demand and glaze skip such values without looking
// inside; jot rejects invalid JSON wherever it is. No recursion: containers
// are tracked in a bit stack (one bit per level, object or array).
//
// The same scan is jot::visit's engine (jot/visit.h): given events (a V*),
// it reports each token once it has validated it (a container's opening
// when it passes the bracket). V = skip_only, the typed reader's skips,
// compiles every report away, so skipping pays nothing for it. A report that
// returns false stops the scan with error_code::cancelled at the token.
//
//   bool begin(bool object)                    '{' or '['
//   bool end(bool object)                      '}' or ']'
//   bool key(const u8* raw, const u8* close, bool escaped)
//                                              a key's bytes as written, quotes
//                                              excluded; escaped: it holds a '\\'
//   bool string(const u8* raw, const u8* close, bool escaped)
//   bool number(const u8* first, const u8* stop)
//   bool literal(u8 first)                     't', 'f' or 'n'

// This engine as a type: with_engine (skip_engines.h) passes it, and the
// engine's entry points take it first, so that a call finds this copy.
struct engine {};

// The events of a skip that reports nothing.
struct skip_only {};

template <class V>
inline constexpr bool reports_events = !std::is_same_v<V, skip_only>;

// What a skip's error message says, as a byte, so that `skipped` fits in two
// registers (a 24-byte result went through memory on every call).
enum class skip_note : std::uint8_t { none, value, key, first_key, colon, object_end, array_end };

// Where a skip stopped: past the value, or at the error.
struct skipped {
  const u8* p;       // one past the value, or the offending byte
  error_code code;   // ok, or what is wrong at p
  skip_note note;    // on error: the message (none: the code's default)

  const char* message() const noexcept {
    switch (note) {
      case skip_note::value: return "expected a value";
      case skip_note::key: return "expected a string key";
      case skip_note::first_key: return "expected a string key or '}'";
      case skip_note::colon: return "expected ':' after an object key";
      case skip_note::object_end: return "expected ',' or '}'";
      case skip_note::array_end: return "expected ',' or ']'";
      default: return default_message(code);
    }
  }
};

// An error at p, reported as the DOM parser reports it: a token that cannot
// start or go on there is unexpected_end at the end of the input (strings and
// numbers keep their own codes), and comment_not_allowed at a comment.
JOT_COLD skipped skip_error(const u8* p, const u8* end, error_code code,
                            skip_note note = skip_note::none) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  if (code == error_code::unexpected_character || code == error_code::invalid_literal) {
    if (p == end) return {p, error_code::unexpected_end, skip_note::none};
    if (code == error_code::unexpected_character && *p == '/' && end - p >= 2 && (p[1] == '/' || p[1] == '*'))
      return {p, error_code::comment_not_allowed, skip_note::none};
  }
  return {p, code, note};
}
#else
;
#endif

// The error at p where a key should be, after '{' or ',' and whitespace
// (found again here, so that the hot path keeps no state for it). A '}'
// there follows a comma (an empty object is closed at its opening):
// trailing_comma at the comma, as the DOM parser reports it. Otherwise the
// parser's message: after '{' a '}' would do too.
JOT_COLD skipped key_error(const u8* p, const u8* end) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const u8* before = p - 1;
  while (*before == ' ' || *before == '\n' || *before == '\r' || *before == '\t') --before;
  if (p != end && *p == '}') return {before, error_code::trailing_comma, skip_note::none};
  return skip_error(p, end, error_code::unexpected_character,
                    *before == '{' ? skip_note::first_key : skip_note::key);
}
#else
;
#endif

// The error s of a scalar at p in a container. A ']' where an array's value
// should be follows a comma (an empty array is closed at its opening, and an
// object's values follow ':'): trailing_comma at the comma.
JOT_COLD skipped value_error(skipped s, const u8* p, bool in_object) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  if (*p == ']' && !in_object) {
    while (*--p != ',') {
    }
    return {p, error_code::trailing_comma, skip_note::none};
  }
  return s;
}
#else
;
#endif

// The stop of a scan whose events refused the token at p.
JOT_COLD skipped cancelled_at(const u8* p) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  return {p, error_code::cancelled, skip_note::none};
}
#else
;
#endif

// The rest of a string whose backslash is at p: one past its closing quote,
// or an error. The two-byte escapes (twitter's "\/" and "\"") are checked
// here and the scan goes on with scan_plain_string; from a \u escape on,
// check_escaped_string validates the rest (surrogate pairs, the exact error).
// Validating every escape that way measured several times slower per
// escape on twitter.
JOT_NOINLINE skipped skip_escaped_string(const u8* p, const u8* end, bool validate) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  for (;;) {
    // p is at a backslash.
    if (end - p < 2) return skip_error(end, end, error_code::unterminated_string);
    if (short_escapes.byte[p[1]] == 0) {  // \u or an invalid escape
      const unescaped u = check_escaped_string<scanner>(p, p, end, validate);
      if (u.code != error_code::ok) return skip_error(u.p, end, u.code);
      return {u.p + 1, error_code::ok, skip_note::none};
    }
    const string_stop s = scan_plain_string<scanner>(p + 2, end, validate);
    if (JOT_UNLIKELY(s.code != error_code::ok)) return skip_error(s.p, end, s.code);
    if (JOT_LIKELY(*s.p == '"')) return {s.p + 1, error_code::ok, skip_note::none};
    p = s.p;
  }
}
#else
;
#endif

// The string whose opening quote is at p: one past its closing quote, or an
// error. Validates escapes and, when asked, UTF-8. Sets escaped when the
// string holds an escape (events report it; the skip ignores it).
JOT_ALWAYS_INLINE skipped skip_string(const u8* p, const u8* end, bool validate, bool& escaped) noexcept {
  const u8* start = p + 1;
  const string_stop s = scan_plain_string<scanner>(start, end, validate);
  if (JOT_UNLIKELY(s.code != error_code::ok)) return skip_error(s.p, end, s.code);
  escaped = *s.p != '"';
  if (JOT_LIKELY(!escaped)) return {s.p + 1, error_code::ok, skip_note::none};
  return skip_escaped_string(s.p, end, validate);
}

JOT_ALWAYS_INLINE skipped skip_string(const u8* p, const u8* end, bool validate) noexcept {
  bool escaped;
  return skip_string(p, end, validate, escaped);
}

// A number that skip_plain_number leaves to scan_number: converted, not just
// the grammar, because the DOM parser rejects a number beyond double's range
// (1e309), so skipping one must too. Out of line: rare.
JOT_NOINLINE skipped skip_converted_number(const u8* p, const u8* end) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  node ignored;
  const number_scan n = scan_number(p, end, false, &ignored);
  if (n.end == nullptr) return skip_error(n.at, end, n.code);
  return {n.end, error_code::ok, skip_note::none};
}
#else
;
#endif

// The error of a literal at p that is not true, false or null: at its first
// byte that differs, as the DOM parser reports it (unexpected_end when the
// input ends inside it).
JOT_COLD skipped skip_bad_literal(const u8* p, const u8* end) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  const char* word = *p == 't' ? "true" : *p == 'f' ? "false" : "null";
  return skip_error(literal_mismatch(p, end, word), end, error_code::invalid_literal);
}
#else
;
#endif

// A literal at p (p < end, *p is 't', 'f' or 'n'): one past it, or an error.
JOT_ALWAYS_INLINE skipped skip_literal(const u8* p, const u8* end) noexcept {
  if (*p == 't' && end - p >= 4 && std::memcmp(p, "true", 4) == 0) return {p + 4, error_code::ok, skip_note::none};
  if (*p == 'f' && end - p >= 5 && std::memcmp(p, "false", 5) == 0) return {p + 5, error_code::ok, skip_note::none};
  if (*p == 'n' && end - p >= 4 && std::memcmp(p, "null", 4) == 0) return {p + 4, error_code::ok, skip_note::none};
  return skip_bad_literal(p, end);
}

// skip_string out of line, for skip_value.
JOT_NOINLINE skipped skip_string_value(const u8* p, const u8* end, bool validate) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  return skip_string(p, end, validate);
}
#else
;
#endif

// Skips the value at p (p < end) that is not an object or array: a string, a
// number or a literal; anything else is an error. InlineString: the string
// scan inline (the container loop) or a tail call (skip_value, which then
// needs no frame of its own: with the vector scan inline, every skipped
// number paid its AVX frame, the saved registers and their restores). With
// events, reports the value once validated.
template <bool InlineString, class V>
JOT_ALWAYS_INLINE skipped skip_scalar(const u8* p, const u8* end, bool validate, V* events) noexcept {
  switch (*p) {
    case '"':
      if constexpr (reports_events<V>) {
        bool escaped = false;
        const skipped s = skip_string(p, end, validate, escaped);
        if (s.code == error_code::ok && !events->string(p + 1, s.p - 1, escaped)) return cancelled_at(p);
        return s;
      } else if constexpr (InlineString) {
        return skip_string(p, end, validate);
      } else {
        return skip_string_value(p, end, validate);
      }
    case 't': case 'f': case 'n': {
      const skipped s = skip_literal(p, end);
      if constexpr (reports_events<V>) {
        if (s.code == error_code::ok && !events->literal(*p)) return cancelled_at(p);
      }
      return s;
    }
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': {
      const u8* q = skip_plain_number(p, end);
      if constexpr (reports_events<V>) {
        const skipped s = q != nullptr ? skipped{q, error_code::ok, skip_note::none} : skip_converted_number(p, end);
        if (s.code == error_code::ok && !events->number(p, s.p)) return cancelled_at(p);
        return s;
      } else {
        if (q != nullptr) return {q, error_code::ok, skip_note::none};
        return skip_converted_number(p, end);
      }
    }
    default:
      return skip_error(p, end, error_code::unexpected_character, skip_note::value);
  }
}

// Skips the object or array at p (p < end, *p is '{' or '['), allowing
// depth_left more levels of nesting, and reports to events (see the top).
// Out of line, so that skipping a scalar (most unknown members) pays for none
// of its state.
template <class V>
JOT_NOINLINE skipped skip_container(const u8* p, const u8* end, bool validate, std::uint32_t depth_left,
                                    V* events) noexcept {
  constexpr std::uint32_t stack_words = 64;  // 4096 levels; deeper is depth_exceeded
  std::uint64_t is_object[stack_words];
  std::uint32_t depth = 0;
  const std::uint32_t max_depth = depth_left < stack_words * 64 ? depth_left : stack_words * 64;
  const auto skip_ws = [&] {
    if (p != end && *p <= ' ') p = scanner::skip_spaces_inlined(p, end);
  };
  // The run after a ',' or an opening bracket: indentation, guessed per
  // depth as the DOM parser does (scanner::skip_spaces_guessed).
  constexpr std::uint32_t run_guesses = 32;
  u8 run_guess[run_guesses] = {};
  const auto skip_indentation = [&] {
    if (p != end && *p <= ' ') p = scanner::skip_spaces_guessed(p, end, run_guess[depth % run_guesses]);
  };
  bool in_object = false;  // the innermost open container is an object: is_object's top bit, kept at hand
  const auto close_container = [&] {  // one level out: in_object from the bit stack again
    --depth;
    in_object = depth != 0 && ((is_object[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1);
  };

value:
  if (p == end) return skip_error(p, end, error_code::unexpected_end);
  if (*p == '{' || *p == '[') {
    if (depth >= max_depth) return skip_error(p, end, error_code::depth_exceeded);
    const bool object = *p == '{';
    if constexpr (reports_events<V>) {
      if (!events->begin(object)) return cancelled_at(p);
    }
    const std::uint64_t bit = std::uint64_t{1} << (depth % 64);
    is_object[depth / 64] = object ? (is_object[depth / 64] | bit) : (is_object[depth / 64] & ~bit);
    ++depth;
    in_object = object;
    ++p;
    skip_indentation();
    if (p != end && *p == (object ? '}' : ']')) {
      if constexpr (reports_events<V>) {
        if (!events->end(object)) return cancelled_at(p);
      }
      ++p;
      close_container();
      goto after_value;
    }
    if (object) goto key;
    goto value;
  } else {
    const skipped s = skip_scalar<true>(p, end, validate, events);
    if (s.code != error_code::ok) return value_error(s, p, in_object);
    p = s.p;
  }

after_value:
  if (depth == 0) return {p, error_code::ok, skip_note::none};
  skip_ws();
  if (p == end) return skip_error(p, end, error_code::unexpected_end);
  if (*p == ',') {
    ++p;
    skip_indentation();
    if (in_object) goto key;
    goto value;
  }
  if (*p == (in_object ? '}' : ']')) {
    if constexpr (reports_events<V>) {
      if (!events->end(in_object)) return cancelled_at(p);
    }
    ++p;
    close_container();
    goto after_value;
  }
  return skip_error(p, end, error_code::unexpected_character, in_object ? skip_note::object_end : skip_note::array_end);

key:
  // Inside an object, at what must be a key.
  if (p == end || *p != '"') return key_error(p, end);
  {
    bool escaped = false;
    const skipped s = skip_string(p, end, validate, escaped);
    if (s.code != error_code::ok) return s;
    if constexpr (reports_events<V>) {
      if (!events->key(p + 1, s.p - 1, escaped)) return cancelled_at(p);
    }
    p = s.p;
  }
  skip_ws();
  if (p == end || *p != ':') return skip_error(p, end, error_code::unexpected_character, skip_note::colon);
  ++p;
  skip_ws();
  goto value;
}

// Skips the value at p (whitespace already skipped), allowing depth_left more
// levels of nesting, and reports it to events. A dispatcher with no frame:
// containers and (without events) strings are tail calls, literals and plain
// numbers are judged here.
template <class V>
inline skipped visit_value(const u8* p, const u8* end, bool validate, std::uint32_t depth_left, V* events) noexcept {
  if (p == end) return skip_error(p, end, error_code::unexpected_end);
  if (*p == '{' || *p == '[') return skip_container(p, end, validate, depth_left, events);
  return skip_scalar<false>(p, end, validate, events);
}

// visit_value with nothing to report: the typed reader's skip.
JOT_NOINLINE skipped skip_value(const u8* p, const u8* end, bool validate, std::uint32_t depth_left) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  return visit_value(p, end, validate, depth_left, static_cast<skip_only*>(nullptr));
}
#else
;
#endif

// No member: what skip_members' lookup returns for an unknown key (equal to
// jot::reflect::npos).
inline constexpr std::size_t no_member = static_cast<std::size_t>(-1);

// Where skip_members stopped (see there).
struct skipped_members {
  skipped s;             // s.code != ok: the error; else s.p as `found` and `closed` say
  const u8* key_at;      // the opening quote of the member found, or of the member whose value failed
  std::size_t index;     // the member found (s.p at its value), or no_member
  bool closed;           // the object ended: s.p one past its '}'
};

// Skips the value at p (whitespace skipped; the value of an unknown member
// of an object, whose key starts at key_at), and then every member after it
// whose key is unknown: lookup(key) gives a key's member index, or
// no_member. A struct's reader calls this at its first unknown key, so that
// a run of unknown members (most of twitter's and OpenRTB's) goes through
// one loop, as the validating skip goes through a whole object, instead of
// a return to the member loop for each. Stops
// - past the object's '}' (closed);
// - at a known member's value (index, key_at set; whitespace skipped);
// - at what follows a ',' when it is not a plain string key (a key with
//   escapes, or an error the member loop reports): index no_member, s.p there;
// - at an error (key_at set when it lies in a member's value), reported as
//   the member loop and jot::parse report it.
// guess: the indentation after a comma, kept by the caller across runs.
// lookup is a function, not a template parameter: one copy of this loop per
// engine, rather than one per struct (a template doubled the typed code of
// the benchmark's schemas and lengthened their compile time).
using member_lookup = std::size_t (*)(std::string_view key) noexcept;

JOT_NOINLINE skipped_members skip_members(const u8* p, const u8* end, bool validate, std::uint32_t depth_left,
                                          const u8* key_at, u8& guess, member_lookup lookup) noexcept
#if defined(JOT_ENGINE_BODIES)
{
  for (;;) {
    if (p == end) return {{p, error_code::unexpected_end, skip_note::none}, key_at, no_member, false};
    const skipped v = *p == '{' || *p == '['
                          ? skip_container(p, end, validate, depth_left, static_cast<skip_only*>(nullptr))
                          : skip_scalar<true>(p, end, validate, static_cast<skip_only*>(nullptr));
    if (v.code != error_code::ok) return {v, key_at, no_member, false};
    p = v.p;
    if (p != end && *p <= ' ') p = scanner::skip_spaces_inlined(p, end);
    if (JOT_UNLIKELY(p == end)) return {{p, error_code::unexpected_end, skip_note::none}, nullptr, no_member, false};
    if (*p == '}') return {{p + 1, error_code::ok, skip_note::none}, nullptr, no_member, true};
    if (JOT_UNLIKELY(*p != ','))
      return {skip_error(p, end, error_code::unexpected_character, skip_note::object_end), nullptr, no_member, false};
    ++p;
    if (p != end && *p <= ' ') p = scanner::skip_spaces_guessed(p, end, guess);
    if (JOT_UNLIKELY(p == end)) return {{p, error_code::unexpected_end, skip_note::none}, nullptr, no_member, false};
    if (JOT_UNLIKELY(*p != '"')) return {{p, error_code::ok, skip_note::none}, nullptr, no_member, false};
    const string_stop k = scan_plain_string<scanner>(p + 1, end, validate);
    if (JOT_UNLIKELY(k.code != error_code::ok)) return {{k.p, k.code, skip_note::none}, nullptr, no_member, false};
    if (JOT_UNLIKELY(*k.p != '"')) return {{p, error_code::ok, skip_note::none}, nullptr, no_member, false};
    key_at = p;
    const std::size_t index =
        lookup(std::string_view(reinterpret_cast<const char*>(p + 1), static_cast<std::size_t>(k.p - (p + 1))));
    p = k.p + 1;
    if (p != end && *p <= ' ') p = scanner::skip_spaces_inlined(p, end);
    if (JOT_UNLIKELY(p == end)) return {{p, error_code::unexpected_end, skip_note::none}, nullptr, no_member, false};
    if (JOT_UNLIKELY(*p != ':'))
      return {skip_error(p, end, error_code::unexpected_character, skip_note::colon), nullptr, no_member, false};
    ++p;
    if (p != end && *p <= ' ') p = scanner::skip_spaces_inlined(p, end);
    if (index != no_member) return {{p, error_code::ok, skip_note::none}, key_at, index, false};
  }
}
#else
;
#endif
