// src/parse/parser.inl - the DOM parser, written once, compiled per kernel.
//
// No include guard: src/kernels/<target>.cpp includes it inside namespace
// jot::detail::isa_<target> and that target's region, after
// parser_prelude.h and jot/detail/scan/<target>.h, whose `scanner`
// supplies the byte-scanning primitives (scanner.inl) and whose string
// functions (strings.inl) it calls. Everything here has internal linkage.
//
// One pass, no recursion: a state machine with an explicit container chain.
// An open container's node temporarily holds, in its tag, the element count
// of its parent so far and, in its span, the distance back to its parent;
// closing it restores the parent and writes the final count and span. So
// nesting costs no memory besides the nodes themselves and never touches the
// C++ stack, whatever the depth.
//
// Memory: the tape of nodes grows up from the low end of the arena's free
// range; decoded strings (only those with escapes) grow down from the high end.
// Strings without escapes point into the input.
//
// Two token sources, one grammar: parse_document finds the next token either
// by skipping whitespace byte by byte (the one-pass walk) or by reading the
// next entry of stage 1's structural index (Indexed, jot/detail/index/). The
// indexed walk takes strict options only. Its errors are the one-pass walk's,
// found by the same code, and it reserves memory at the same points; where
// stage 1 stopped at an anomaly, the tokens after it are listed byte by byte
// (next_batch). The one case it cannot judge, a scalar that runs on into
// stray bytes, makes parse_indexed_applied parse the text again byte by byte.
namespace {

inline char* align16(char* p) noexcept {
  return reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(p) + 15) & ~std::uintptr_t{15});
}
inline std::uintptr_t addr(const void* p) noexcept { return reinterpret_cast<std::uintptr_t>(p); }

// The tape and string area inside the arena's current free range.
struct tape_space {
  node* begin;   // first node
  node* cur;     // next free node
  char* str_lo;  // lowest byte of the string area; free gap is [cur, str_lo)
};

// The tape after a move, or ok == false when the arena could not grow.
struct grown_space {
  tape_space s;
  node* container;
  bool ok;
};

// Moves the tape into a fresh arena block with room for at least `more` bytes
// (of tape or strings) plus an estimate for the input still to read. Cold.
// Takes and returns the tape by value so the hot loop's pointers never have
// their address taken and stay in registers.
JOT_COLD grown_space grow_space(arena& a, tape_space s, node* container, std::size_t more,
                                std::size_t remaining_input) noexcept {
  const std::size_t tape_bytes = static_cast<std::size_t>(s.cur - s.begin) * sizeof(node);
  std::size_t want = tape_bytes * 2 + more + 1024;
  // The rest of the input rarely needs more than ~2 bytes per byte; doubling
  // covers the rest, and dom_size_bound caps what could ever be needed.
  const std::size_t estimate = remaining_input * 2;
  const std::size_t cap = dom_size_bound(remaining_input) + tape_bytes + more;
  want += estimate;
  if (want > cap) want = cap;
  if (!arena_access::grow(a, want + 16)) return {s, container, false};
  char* lo = align16(arena_access::lo(a));
  node* moved = reinterpret_cast<node*>(lo);
  if (tape_bytes != 0) std::memcpy(static_cast<void*>(moved), s.begin, tape_bytes);
  if (container != nullptr) container = moved + (container - s.begin);
  s.cur = moved + (s.cur - s.begin);
  s.begin = moved;
  s.str_lo = arena_access::hi(a);
  return {s, container, true};
}

// The error for a byte that cannot start or continue what was expected.
JOT_COLD error unexpected_at(const u8* begin, const u8* p, const u8* end, bool comments,
                             const char* expected) noexcept {
  error e;
  e.offset = static_cast<std::size_t>(p - begin);
  if (p == end) {
    e.code = error_code::unexpected_end;
    e.message = default_message(e.code);
  } else if (*p == '/' && !comments && end - p >= 2 && (p[1] == '/' || p[1] == '*')) {
    e.code = error_code::comment_not_allowed;
    e.message = default_message(e.code);
  } else {
    e.code = error_code::unexpected_character;
    e.message = expected;
  }
  return e;
}

// The error for a literal that does not spell true, false or null.
JOT_COLD error bad_literal(const u8* begin, const u8* p, const u8* end, const char* word) noexcept {
  const u8* at = literal_mismatch(p, end, word);
  error e;
  e.offset = static_cast<std::size_t>(at - begin);
  e.code = at == end ? error_code::unexpected_end : error_code::invalid_literal;
  e.message = default_message(e.code);
  return e;
}

// Skips comments (p is at a '/') and the whitespace between and after them.
// Returns ok or the error code for an unterminated comment (p is then left at
// the comment's start). Called only at a '/': the parser skips whitespace
// inline as in strict mode (when this skipped every run byte by byte,
// indented citm_catalog with comments allowed parsed far slower than strict).
template <class Simd>
JOT_NOINLINE error_code skip_comments(const u8*& p, const u8* end) noexcept {
  for (;;) {
    if (p != end && *p <= ' ') p = Simd::skip_spaces(p, end);
    if (p == end || *p != '/' || end - p < 2) return error_code::ok;
    if (p[1] != '/' && p[1] != '*') return error_code::ok;
    // A line comment's terminator is whitespace for the next round.
    const u8* after = comment_end(p, end);
    if (after == nullptr) return error_code::unterminated_comment;
    p = after;
  }
}

// Stage 1's window as the indexed walk reads it. entries[0, n) are offsets
// from cursor.begin; entries[n] is the sentinel, the input's size, which no
// offset exceeds, so a search for the first entry at or past an offset always
// stops by it.
struct index_window {
  index_cursor cursor;
  index_function build;  // the kernel's stage 1
  index_entry* entries;  // capacity slots, and one for the sentinel
  std::size_t capacity;
};

// Where the indexed walk reads: its current entry and the sentinel's slot.
// stop is nullptr once the whole input is listed (cur then rests on a
// sentinel for good).
struct index_span {
  const index_entry* cur;
  const index_entry* stop;
};

// Lists the tokens from offset `from` (outside any string) byte by byte, as
// stage 1 would, through the next quote. Returns the count (at most cap);
// where it is 0, no token is left before the input's end.
inline std::size_t list_tokens_bytewise(const u8* begin, const u8* end, index_entry from, index_entry* out,
                                        std::size_t cap) noexcept {
  const auto is_operator = [](u8 c) {
    return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',';
  };
  std::size_t n = 0;
  const u8* p = begin + from;
  while (p != end && n != cap) {
    const u8 c = *p;
    if (is_space(static_cast<char>(c))) {
      ++p;
      continue;
    }
    out[n++] = static_cast<index_entry>(p - begin);
    if (c == '"') break;
    ++p;
    if (is_operator(c)) continue;
    // The rest of a run: a scalar, or stray bytes the grammar rejects at its start.
    while (p != end && !is_space(static_cast<char>(*p)) && *p != '"' && !is_operator(*p)) ++p;
  }
  return n;
}

// Called when the walk's step reached the sentinel: returns the next batch
// with cur at the first entry at or past `want` (an offset), or the sentinel
// once the input is listed. in_string: `want` is just past a string's
// opening quote.
//
// Where stage 1 stopped before a block with an anomaly (a control byte in a
// string, bad UTF-8), the text is invalid and its first error lies at or
// before that block. The walk goes on over tokens listed byte by byte
// (list_tokens_bytewise), and reads every string from there on byte by
// byte: for a string, the batch is one entry, `want` itself, which looking
// back finds no closing quote from. So every error the walk reports is the
// one-pass walk's, found where it is.
JOT_NOINLINE index_span next_batch(index_window& w, std::uint32_t want, bool in_string) noexcept {
  const auto size = static_cast<index_entry>(w.cursor.end - w.cursor.begin);
  for (;;) {
    if (w.cursor.status == index_status::anomaly) {
      std::size_t n = 1;
      if (in_string) {
        w.entries[0] = want;
      } else {
        n = list_tokens_bytewise(w.cursor.begin, w.cursor.end, want, w.entries, w.capacity);
      }
      w.entries[n] = size;
      if (n == 0) return {w.entries, nullptr};
      return {w.entries, w.entries + n};
    }
    if (w.cursor.status == index_status::end) {
      w.entries[0] = size;
      return {w.entries, nullptr};
    }
    const std::size_t n = w.build(w.cursor, w.entries, w.entries + w.capacity, w.cursor.begin);
    w.entries[n] = size;
    const index_entry* cur = w.entries;
    while (*cur < want) ++cur;
    if (cur != w.entries + n) return {cur, w.entries + n};
  }
}

// Strict: the default options (no comments, no trailing commas, UTF-8
// validated, numbers converted) are compile-time constants, which removes
// their tests from the hot loop (a sizeable share of its instructions); any
// other combination runs the generic instantiation with the options read at
// run time.
// max_depth and allow_bom are read at run time in both: they cost nothing in
// the loop (allow_bom is looked at once, before the first token).
//
// Lines (with Strict only): the document ends at the first line feed, which is
// not whitespace here, or at size. The parse then succeeds with consumed at
// that LF (or at whatever else follows the document: the caller checks), and
// it never reads past the LF but for vector loads within size. documents
// parses NDJSON this way without finding each line's end first.
//
// Indexed (with Strict only, not Lines): tokens come from stage 1's window w,
// and a scalar must end where the next token or whitespace begins (the index
// does not list a run's inner bytes). Where it sets retry, its error is not
// the one-pass walk's, and the caller parses again byte by byte.
template <class Simd, bool Strict, bool Lines = false, bool Indexed = false>
parse_outcome parse_document(const char* data, std::size_t size, std::size_t readable,
                             const parse_options& opt, arena& a, index_window* w = nullptr) noexcept {
  static_assert(!Indexed || (Strict && !Lines), "the indexed walk takes strict documents only");
  const u8* const begin = reinterpret_cast<const u8*>(data);
  const u8* const end = begin + size;
  const u8* const readable_end = begin + readable;  // >= end; for number loads only
  const u8* p = begin;
  const bool comments = !Strict && opt.syntax.allow_comments;
  const bool trailing_commas = !Strict && opt.syntax.allow_trailing_commas;
  const bool validate = Strict || opt.syntax.validate_utf8;
  const bool raw_numbers = !Strict && opt.keep_number_text;
  const std::uint32_t max_depth = opt.syntax.max_depth;

  parse_outcome out;
  tape_space s;
  {
    char* lo = arena_access::lo(a);
    char* hi = arena_access::hi(a);
    char* t = lo ? align16(lo) : nullptr;
    if (t == nullptr || addr(t) > addr(hi)) t = hi;  // no room: the first node grows
    s.begin = s.cur = reinterpret_cast<node*>(t);
    s.str_lo = hi;
  }
  node* ctn = nullptr;        // innermost open container
  std::uint64_t ctn_len = 0;  // its elements (members) so far
  bool in_object = false;
  std::uint32_t depth = 0;
  // The last comma, for a trailing comma's error. Strict text has only
  // whitespace between the comma and the bracket, so that error finds it
  // again (comma_before) and the hot loop keeps one register fewer.
  const u8* comma = nullptr;
  const auto comma_before = [&](const u8* q) {
    if constexpr (!Strict) return comma;
    while (*--q != ',') {
    }
    return q;
  };
  bool is_key = false;
  // The length of the last whitespace run after a ',' or an opening bracket
  // at each depth (modulo run_guesses): indentation, which the next run at
  // that depth usually repeats.
  constexpr std::uint32_t run_guesses = 32;
  u8 run_guess[run_guesses] = {};
  // What grow_space may expect to parse still: in Lines mode the line's end
  // is not known, and the rest of the buffer would overstate it.
  const auto remaining_estimate = [](std::ptrdiff_t left) {
    const auto n = static_cast<std::size_t>(left);
    return Lines && n > 4096 ? std::size_t{4096} : n;
  };
  // Indexed: the current entry (the token at p, or the first past it) and the
  // sentinel's slot; the window starts empty, so the first search fills it.
  const index_entry* entry = nullptr;
  const index_entry* entry_stop = nullptr;
  if constexpr (Indexed) {
    w->entries[0] = static_cast<index_entry>(size);
    entry = entry_stop = w->entries;
  }

#define JOT_FAIL_AT(code_, at_)                                 \
  do {                                                          \
    out.err = make_error(code_);                                \
    out.err.offset = static_cast<std::size_t>((at_) - begin);   \
    return out;                                                 \
  } while (0)
#define JOT_FAIL_UNEXPECTED(expected_)                                        \
  do {                                                                        \
    out.err = unexpected_at(begin, p, end, comments, expected_);              \
    return out;                                                               \
  } while (0)
// Indexed, entry is the entry of the token at p (p = begin + *entry), and
// the walk steps to the next entry as it consumes a token. The cold path
// takes the next batch when the step reached the sentinel; want_ is the
// offset just past the consumed token's first byte.
#define JOT_REFILL(want_, in_string_)                                         \
  do {                                                                        \
    const index_span next = next_batch(*w, static_cast<index_entry>(want_), in_string_); \
    entry = next.cur;                                                         \
    entry_stop = next.stop;                                                   \
  } while (0)
#define JOT_STEP(want_)                                                       \
  do {                                                                        \
    ++entry;                                                                  \
    if (JOT_UNLIKELY(entry == entry_stop)) JOT_REFILL(want_, false);          \
  } while (0)
// Indexed: entry moves to the first entry at or past offset want_, after a
// token whose inner entries (an escaped string's backslashes) were not read.
#define JOT_NEXT_ENTRY(want_)                                                 \
  do {                                                                        \
    const auto want = static_cast<index_entry>(want_);                        \
    while (*entry < want) ++entry;                                            \
    if (JOT_UNLIKELY(entry == entry_stop)) JOT_REFILL(want, false);           \
  } while (0)
#define JOT_SKIP_WS()                                                         \
  do {                                                                        \
    if constexpr (Indexed) {                                                  \
      JOT_NEXT_ENTRY(p - begin);                                              \
      p = begin + *entry;                                                     \
      break;                                                                  \
    }                                                                         \
    if (p != end && *p <= ' ') p = Simd::template skip_spaces_inlined<Lines>(p, end); \
    if (comments && p != end && *p == '/') {                                  \
      if (skip_comments<Simd>(p, end) != error_code::ok)                      \
        JOT_FAIL_AT(error_code::unterminated_comment, p);                     \
    }                                                                         \
  } while (0)
// The run after a ',' or an opening bracket, with the guess of its length
// kept for this depth (skip_spaces_guessed). Any value of the guess is safe:
// it only decides which way the skip checks first.
// Indexed, it follows an operator: the next token is the next entry.
#define JOT_SKIP_WS_GUESSED(depth_)                                           \
  do {                                                                        \
    if constexpr (Indexed) {                                                  \
      JOT_STEP(p - begin);                                                    \
      p = begin + *entry;                                                     \
      break;                                                                  \
    }                                                                         \
    if (p != end && *p <= ' ')                                                \
      p = Simd::template skip_spaces_guessed<Lines>(p, end, run_guess[(depth_) % run_guesses]); \
    if (comments && p != end && *p == '/') {                                  \
      if (skip_comments<Simd>(p, end) != error_code::ok)                      \
        JOT_FAIL_AT(error_code::unterminated_comment, p);                     \
    }                                                                         \
  } while (0)
// After the operator before p (':' or a closing bracket).
#define JOT_SKIP_WS_AFTER_OPERATOR()                                          \
  do {                                                                        \
    if constexpr (Indexed) {                                                  \
      JOT_STEP(p - begin);                                                    \
      p = begin + *entry;                                                     \
    } else {                                                                  \
      JOT_SKIP_WS();                                                          \
    }                                                                         \
  } while (0)
// After a value or a key: indexed, p is already at the next token.
#define JOT_SKIP_WS_AFTER_VALUE()                                             \
  do {                                                                        \
    if constexpr (!Indexed) JOT_SKIP_WS();                                    \
  } while (0)
#define JOT_NEED(bytes_)                                                              \
  do {                                                                                \
    if (JOT_UNLIKELY(addr(s.cur) + (bytes_) > addr(s.str_lo))) {                      \
      grown_space g = grow_space(a, s, ctn, (bytes_), remaining_estimate(end - p));    \
      if (!g.ok) {                                                                    \
        out.err = make_error(error_code::capacity_exceeded, dom_size_bound(size));    \
        out.err.offset = static_cast<std::size_t>(p - begin);                         \
        return out;                                                                   \
      }                                                                               \
      s = g.s;                                                                        \
      ctn = g.container;                                                              \
    }                                                                                 \
  } while (0)

// After a number or a literal, p is where the scalar's text ended. Indexed,
// the byte there must be whitespace, the input's end or a listed token: a
// run such as `truex` or `1x` is one entry, and searching past its inner
// bytes would accept them. The one-pass walk judges that byte next anyway.
#define JOT_SCALAR_END()                                                      \
  do {                                                                        \
    if constexpr (Indexed) {                                                  \
      JOT_STEP(p - begin);                                                    \
      const u8* const next_token = begin + *entry;                            \
      if (JOT_UNLIKELY(next_token != p) && !is_space(static_cast<char>(*p))) { \
        out.retry = true;                                                     \
        JOT_FAIL_AT(error_code::unexpected_character, p);                    \
      }                                                                       \
      p = next_token;                                                         \
    }                                                                         \
  } while (0)

  if (size >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
    if (!opt.syntax.allow_bom) JOT_FAIL_AT(error_code::byte_order_mark, p);
    p += 3;  // offsets stay relative to begin, the BOM's first byte
  }
  JOT_SKIP_WS();
  if (p == end) JOT_FAIL_AT(error_code::empty_input, p);

value:
  // p < end and *p starts a value.
  JOT_NEED(sizeof(node));
value_reserved:
  // The value's node is reserved.
  // Indexed, strings first: GCC compiles the switch to a tree of compares,
  // and a string, the most common value, ahead of it measured 2-4% faster.
  if constexpr (Indexed) {
    if (*p == '"') goto string_value;
  }
  switch (*p) {
    case '"': goto string_value;
    case '{': goto open_object;
    case '[': goto open_array;
    case 't':
      if (end - p >= 4 && std::memcmp(p, "true", 4) == 0) {
        s.cur->tag = kind_true;
        s.cur->u = 0;
        ++s.cur;
        p += 4;
        JOT_SCALAR_END();
        goto value_done;
      }
      out.err = bad_literal(begin, p, end, "true");
      return out;
    case 'f':
      if (end - p >= 5 && std::memcmp(p, "false", 5) == 0) {
        s.cur->tag = kind_false;
        s.cur->u = 0;
        ++s.cur;
        p += 5;
        JOT_SCALAR_END();
        goto value_done;
      }
      out.err = bad_literal(begin, p, end, "false");
      return out;
    case 'n':
      if (end - p >= 4 && std::memcmp(p, "null", 4) == 0) {
        s.cur->tag = kind_null;
        s.cur->u = 0;
        ++s.cur;
        p += 4;
        JOT_SCALAR_END();
        goto value_done;
      }
      out.err = bad_literal(begin, p, end, "null");
      return out;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': {
      number_scan n = scan_number(p, end, readable_end, raw_numbers, s.cur);
      if (JOT_UNLIKELY(n.end == nullptr)) JOT_FAIL_AT(n.code, n.at);
      ++s.cur;
      p = n.end;
      JOT_SCALAR_END();
      goto value_done;
    }
    default:
      JOT_FAIL_UNEXPECTED("expected a value");
  }

string_value:
  is_key = false;
parse_string:
  // *p is the opening quote; room for a node (two for a key) is reserved.
  {
    const u8* start = ++p;
    // Indexed: the entry after the opening quote is the token after the
    // string, with only whitespace before it back to the closing quote, unless
    // it is one of the string's backslashes (no quote lies between the opening
    // quote and that backslash, so looking back never finds one). Stage 1 has
    // validated every string that closes before its next entry.
    const u8* indexed_close = nullptr;
    if constexpr (Indexed) {
      ++entry;
      if (JOT_UNLIKELY(entry == entry_stop)) JOT_REFILL(start - begin, true);
      const u8* q = begin + *entry;
      do --q;
      while (*q <= ' ');
      if (JOT_LIKELY(*q == '"' && q >= start)) indexed_close = q;
    }
    if (indexed_close != nullptr) {
      s.cur->tag = kind_string_plain | (static_cast<std::uint64_t>(indexed_close - start) << tag_bits);
      s.cur->str = reinterpret_cast<const char*>(start);
      ++s.cur;
      p = begin + *entry;  // the token after the string
    } else {
      string_stop stop = scan_plain_string<Simd>(p, end, validate);
      if (JOT_UNLIKELY(stop.code != error_code::ok)) JOT_FAIL_AT(stop.code, stop.p);
      if (JOT_LIKELY(*stop.p == '"')) {
        s.cur->tag = kind_string_plain | (static_cast<std::uint64_t>(stop.p - start) << tag_bits);
        s.cur->str = reinterpret_cast<const char*>(start);
        ++s.cur;
        p = stop.p + 1;
      } else {
        const u8* close = find_string_end<Simd>(stop.p, end);
        if (close == nullptr) {
          unescaped u = check_escaped_string<Simd>(start, stop.p, end, validate);
          JOT_FAIL_AT(u.code == error_code::ok ? error_code::unterminated_string : u.code, u.p);
        }
        const std::size_t bound = static_cast<std::size_t>(close - start);
        JOT_NEED(bound + (is_key ? 2 : 1) * sizeof(node));
        char* dst = s.str_lo - bound;
        unescaped u = decode_escaped_string<Simd>(start, stop.p, close, end, validate, dst);
        if (u.code != error_code::ok) JOT_FAIL_AT(u.code, u.p);
        s.str_lo = dst;
        s.cur->tag = static_cast<std::uint64_t>(u.needs_escape ? kind_string : kind_string_plain) |
                     (static_cast<std::uint64_t>(u.size) << tag_bits);
        s.cur->str = dst;
        ++s.cur;
        p = u.p + 1;
      }
      if constexpr (Indexed) {
        // Past the string's backslashes to the token after it.
        JOT_NEXT_ENTRY(p - begin);
        p = begin + *entry;
      }
    }
  }
  if (!is_key) goto value_done;
  JOT_SKIP_WS_AFTER_VALUE();
  if (JOT_UNLIKELY(p == end || *p != ':')) JOT_FAIL_UNEXPECTED("expected ':' after an object key");
  ++p;
  JOT_SKIP_WS_AFTER_OPERATOR();
  if (JOT_UNLIKELY(p == end)) JOT_FAIL_AT(error_code::unexpected_end, p);
  goto value_reserved;  // member_key reserved the value's node too

value_done:
  if (JOT_UNLIKELY(depth == 0)) goto document_end;
  ++ctn_len;
  // (A guessed skip here, for the indentation before a closing bracket,
  // measured slower on twitter and citm: most values have no run after.)
  JOT_SKIP_WS_AFTER_VALUE();
  if (JOT_UNLIKELY(p == end)) JOT_FAIL_AT(error_code::unexpected_end, p);
  if (in_object) {
    if (JOT_LIKELY(*p == ',')) {
      if constexpr (!Strict) comma = p;
      ++p;
      JOT_SKIP_WS_GUESSED(depth);
      if (JOT_LIKELY(p != end && *p == '"')) goto member_key;
      if (p != end && *p == '}') {
        if (trailing_commas) goto close_container;
        JOT_FAIL_AT(error_code::trailing_comma, comma_before(p));
      }
      JOT_FAIL_UNEXPECTED("expected a string key");
    }
    if (*p == '}') goto close_container;
    JOT_FAIL_UNEXPECTED("expected ',' or '}'");
  }
  if (JOT_LIKELY(*p == ',')) {
    if constexpr (!Strict) comma = p;
    ++p;
    JOT_SKIP_WS_GUESSED(depth);
    if (JOT_UNLIKELY(p == end)) JOT_FAIL_AT(error_code::unexpected_end, p);
    if (JOT_UNLIKELY(*p == ']')) {
      if (trailing_commas) goto close_container;
      JOT_FAIL_AT(error_code::trailing_comma, comma_before(p));
    }
    goto value;
  }
  if (*p == ']') goto close_container;
  JOT_FAIL_UNEXPECTED("expected ',' or ']'");

member_key:
  // *p is the opening quote of a key: reserve its node and its value's.
  JOT_NEED(2 * sizeof(node));
  is_key = true;
  goto parse_string;

open_object:
open_array:
  // *p is '{' or '['; a node is reserved.
  if (JOT_UNLIKELY(depth >= max_depth)) JOT_FAIL_AT(error_code::depth_exceeded, p);
  ++depth;
  in_object = *p == '{';
  s.cur->tag = static_cast<std::uint64_t>(in_object ? kind_object : kind_array) | (ctn_len << tag_bits);
  s.cur->span = ctn ? static_cast<std::uint64_t>(s.cur - ctn) : 0;
  ctn = s.cur++;
  ctn_len = 0;
  ++p;
  JOT_SKIP_WS_GUESSED(depth);
  if (JOT_UNLIKELY(p == end)) JOT_FAIL_AT(error_code::unexpected_end, p);
  if (in_object) {
    if (JOT_LIKELY(*p == '"')) goto member_key;
    if (*p == '}') goto close_container;
    JOT_FAIL_UNEXPECTED("expected a string key or '}'");
  }
  if (*p == ']') goto close_container;
  goto value;

close_container:
  // *p is the matching '}' or ']'.
  ++p;
  if constexpr (Indexed) {
    JOT_STEP(p - begin);
    p = begin + *entry;
  }
  {
    node* c = ctn;
    const std::uint64_t parent_len = c->tag >> tag_bits;
    const std::uint64_t back = c->span;
    c->tag = (c->tag & tag_mask) | (ctn_len << tag_bits);
    c->span = static_cast<std::uint64_t>(s.cur - c);
    if (--depth == 0) {
      ctn = nullptr;
      goto document_end;
    }
    ctn = c - back;
    ctn_len = parent_len;
    in_object = ctn->kind() == kind_object;
  }
  goto value_done;

document_end:
  // Cold: reached once per document. allow_trailing_content is read here
  // only, so neither instantiation pays for it in the loop.
  JOT_SKIP_WS();
  if (JOT_UNLIKELY(p != end) && !Lines && !opt.syntax.allow_trailing_content) {
    out.err = unexpected_at(begin, p, end, comments, "");
    if (out.err.code == error_code::unexpected_character)
      out.err = make_error(error_code::trailing_content), out.err.offset = static_cast<std::size_t>(p - begin);
    return out;
  }
  arena_access::commit(a, reinterpret_cast<char*>(s.cur), s.str_lo);
  out.root = s.begin;
  out.consumed = static_cast<std::size_t>(p - begin);
  return out;

#undef JOT_FAIL_AT
#undef JOT_FAIL_UNEXPECTED
#undef JOT_SKIP_WS
#undef JOT_SKIP_WS_GUESSED
#undef JOT_NEED
#undef JOT_NEXT_ENTRY
#undef JOT_REFILL
#undef JOT_STEP
#undef JOT_SKIP_WS_AFTER_OPERATOR
#undef JOT_SKIP_WS_AFTER_VALUE
#undef JOT_SCALAR_END
}

// Parses the document at data that ends at the first line feed (or at size),
// for strict options only (is_strict): see parse_document's Lines.
template <class Simd>
parse_outcome parse_line_with(const char* data, std::size_t size, const parse_options& opt,
                              arena& a) noexcept {
  return parse_document<Simd, true, true>(data, size, size, opt, a);
}

// Runs the strict or the generic instantiation for these options.
template <class Simd>
parse_outcome parse_with(const char* data, std::size_t size, std::size_t readable, const parse_options& opt,
                         arena& a) noexcept {
  // scan_number reads past the document only where the byte after it ends
  // any number (an NDJSON line's LF, a record separator): then no number can
  // run past size.
  if (readable > size && !ends_any_number(static_cast<std::uint8_t>(data[size]))) readable = size;
  return is_strict(opt) ? parse_document<Simd, true>(data, size, readable, opt, a)
                        : parse_document<Simd, false>(data, size, readable, opt, a);
}

// Whether the indexed walk should pay for itself on this text. Stage 1
// costs the same on every 64 bytes; the walk saves the one-pass walk's work
// on strings and structure, but little on runs of indentation (which the
// one-pass walk skips a run at a time) and nothing on digits (both walks
// convert numbers with the same code). So it is chosen where at least a
// third of a sample from the middle of the text is neither digits nor
// blanks: under 4 KB always (short texts measured faster indexed, or
// level), and above that the sample is at most 1 KB and a sixteenth of the
// text, so that choosing costs under 2% of the parse.
inline bool index_pays_for(const char* data, std::size_t size) noexcept {
  if (size < 4096) return true;
  const std::size_t words = (size / 16 < 1024 ? size / 16 : 1024) / 8;
  const char* p = data + size / 2;
  std::size_t cheap = 0;  // digits and bytes up to ' ' (outside strings, only blanks are valid)
  for (std::size_t i = 0; i < words; ++i, p += 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    constexpr std::uint64_t high = 0x8080808080808080ull;
    const std::uint64_t low7 = x & ~high;
    // Among bytes under 0x80: from '0' (0x30) up, from ':' (0x3A) up, and
    // from '!' (0x21) up; adding never carries out of a byte.
    const std::uint64_t from_zero = low7 + 0x5050505050505050ull;
    const std::uint64_t past_nine = low7 + 0x4646464646464646ull;
    const std::uint64_t past_blank = low7 + 0x5F5F5F5F5F5F5F5Full;
    const std::uint64_t digit = from_zero & ~past_nine;
    cheap += static_cast<std::size_t>(std::popcount((digit | ~past_blank) & ~x & high));
  }
  return cheap * 3 <= words * 8 * 2;
}

// The indexed walk's window in entries: 16 KB of stack, refilled every few
// thousand tokens, so that stage 1's entries are read while still in cache.
inline constexpr std::size_t index_window_entries = 4096;

// The indexed walk with its window, apart from the one-pass walk that
// parse_indexed_applied runs after a failure: inlined together, they shared one
// frame and the walk kept less in registers.
template <class Simd>
JOT_NOINLINE parse_outcome parse_indexed_walk(const char* data, std::size_t size, std::size_t readable,
                                              const parse_options& opt, arena& a, index_function build) noexcept {
  const auto* const u = reinterpret_cast<const u8*>(data);
  index_entry entries[index_window_entries + 1];
  index_window w{make_index_cursor(u, u + size, true, false), build, entries, index_window_entries};
  return parse_document<Simd, true, false, true>(data, size, readable, opt, a, &w);
}

// Whether the indexed walk may parse this text with these options: strict
// options only, and a document that must span the whole input. Other
// options, allow_trailing_content (where the document may be a short prefix
// of a long input, which stage 1 would index in vain), a byte order mark
// (whose bytes would join the first scalar's run) and an input too long for
// 32-bit offsets take the one-pass walk. Tested before index_pays_for: a
// stream's array element is parsed as a prefix of a window of up to a
// megabyte, and sampling that window per element halved the stream's speed.
inline bool index_applies(const char* data, std::size_t size, const parse_options& opt) noexcept {
  const auto* const u = reinterpret_cast<const u8*>(data);
  const bool bom = size >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF;
  return is_strict(opt) && !opt.syntax.allow_trailing_content && !bom && size < (std::size_t{1} << 32) - 64;
}

// The indexed walk, for a text index_applies to; after the failure it cannot
// judge (retry), the one-pass walk, so the outcome is always parse_with's.
template <class Simd>
parse_outcome parse_indexed_applied(const char* data, std::size_t size, std::size_t readable,
                                    const parse_options& opt, arena& a, index_function build) noexcept {
  if (readable > size && !ends_any_number(static_cast<std::uint8_t>(data[size]))) readable = size;
  const parse_outcome r = parse_indexed_walk<Simd>(data, size, readable, opt, a, build);
  if (!r.retry) return r;
  return parse_document<Simd, true>(data, size, readable, opt, a);
}

// Parses over stage 1's index (build: the kernel's index_function) wherever
// index_applies, else in one pass: kernel_entry::parse_indexed.
template <class Simd>
parse_outcome parse_indexed_with(const char* data, std::size_t size, std::size_t readable, const parse_options& opt,
                                 arena& a, index_function build) noexcept {
  if (!index_applies(data, size, opt)) return parse_with<Simd>(data, size, readable, opt, a);
  return parse_indexed_applied<Simd>(data, size, readable, opt, a, build);
}

// Parses over stage 1's index where it applies and pays (index_pays_for),
// else in one pass: the parse of a kernel whose stage 1 makes the indexed
// walk the faster one.
template <class Simd>
parse_outcome parse_choosing_with(const char* data, std::size_t size, std::size_t readable, const parse_options& opt,
                                  arena& a, index_function build) noexcept {
  if (index_applies(data, size, opt) && index_pays_for(data, size))
    return parse_indexed_applied<Simd>(data, size, readable, opt, a, build);
  return parse_with<Simd>(data, size, readable, opt, a);
}

}  // namespace
