// jot/detail/typed/typed_members.inl - the typed reader's objects: the member
// loop (read_members, one copy per engine in the library, the struct given as
// data), its key guess and lookup, the run of unknown members handed to the
// validating skip, and a struct's members read and checked complete. Maps
// (typed_read.inl) drive the same loop. Not API. No include guard:
// typed_read.inl includes it, once per engine, after the sequences.

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
// per engine rather than once per struct (a copy per struct and engine was
// the largest part of a typed translation unit).
struct members_plan {
  const jot::detail::reflect::key_entry* guessable;  // guessable_keys<T>: a key per member, then a miss
  const std::string_view* names;                     // member_names<T>
  std::size_t (*lookup)(std::string_view) noexcept;  // member i of a key, or npos (lookup_member<T>)
  // T's perfect hash when it is a direct table over hash_words with byte
  // slots (key_table<N>::find's common case), for read_members to look a
  // key up inline (hashed_key); else null, and only lookup finds keys.
  const std::uint8_t* direct_slots;
  std::uint64_t seed;     // the table's seed
  unsigned direct_shift;  // a key's slot is its hash >> direct_shift
};

// T's direct slots for members_plan, or null.
template <class T>
constexpr const std::uint8_t* direct_slots_of() noexcept {
  constexpr const auto& table = jot::detail::reflect::key_table_of<T>;
  if constexpr (std::is_same_v<typename std::remove_cvref_t<decltype(table.slots)>::value_type, std::uint8_t>) {
    return table.direct && !table.every_byte ? table.slots.data() : nullptr;
  } else {
    return nullptr;
  }
}

template <class T>
inline constexpr members_plan members_plan_of{
    guessable_keys<T>.data(),
    jot::reflect::member_names<T>.data(),
    &lookup_member<T>,
    direct_slots_of<T>(),
    jot::detail::reflect::key_table_of<T>.seed,
    std::remove_cvref_t<decltype(jot::detail::reflect::key_table_of<T>)>::direct_shift};

// Reads one member's value at `at` (past the colon and whitespace; the reader
// sets r.p to it) for read_members, into `out` (the struct, or a
// map_in_progress): index is the member's (npos for every key of a map),
// key_at a map's key's opening quote (a struct's reader does not look at it).
// Returns one past the value (r.p too), or nullptr on failure. The cursor
// goes in and comes back in registers: through r, each member's chain took
// two store-forwarding round trips.
using member_reader = const u8* (*)(reader& r, void* out, std::size_t index, const u8* key_at, const u8* at);

// Whether the string at p (a '"') is exactly member `guess`'s key: its bytes
// and then the closing quote. Objects are mostly written in one order, so
// guessing the member after the previous one saves scanning the key and
// looking it up; a wrong guess costs a few compares.
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

// A key that hashed_key recognised: its member, and one past its
// closing quote. Two words, so that it stays in registers.
struct known_member {
  std::size_t index;  // the member, or not_found
  const u8* after;    // past the key's closing quote (when index is a member)
};

// The member whose key is the string at p (a '"'), looked up in the plan's
// direct table, when its closing quote is among the next register's bytes;
// else, or when the key is no member's guessable key, not_found (and
// find_member decides). Inline in the member loop, so that a key out of the
// guessed order costs a hash and one slot, not find_member's call, a full scan
// of the key and a call of the struct's lookup (out of line, it saved half as
// much on keys out of order and cost more on unknown keys).
// The cursor moves by the quote's position, not by the entry's size, so that
// it does not wait for the hash and the two loads behind it.
// Scanner is the engine's scanner, a parameter so that the branch for a
// scanner without a vector layer (the portable one) is discarded, not compiled.
template <class Scanner = scanner>
JOT_ALWAYS_INLINE known_member hashed_key(const members_plan& plan, const u8* p, const u8* end) noexcept {
  using namespace jot::detail::reflect;
  if constexpr (requires { typename Scanner::layer; }) {
    using V = typename Scanner::layer;
    if (plan.direct_slots == nullptr || end - p <= V::width) return {not_found, p};
    const auto quotes = V::to_mask(V::eq(V::load(p + 1), V::splat('"')));
    if (quotes == 0) return {not_found, p};
    const auto n = static_cast<std::size_t>(std::countr_zero(quotes));
    const char* k = reinterpret_cast<const char*>(p + 1);
    const key_words w = words_of(k, n);
    const std::size_t i = plan.direct_slots[hash_words(w, n, plan.seed) >> plan.direct_shift];
    const key_entry& e = plan.guessable[i];
    if (((e.size ^ n) | (e.words.head ^ w.head) | (e.words.tail ^ w.tail)) != 0) return {not_found, p};
    if (n > 16 && !same_middle(plan.names[i], std::string_view(k, n))) return {not_found, p};
    return {i, p + n + 2};
  } else {
    (void)plan, (void)end;
    return {not_found, p};
  }
}

// The member whose key is at p (a '"'): guess, when the key is guessed right
// (is_guessed_key), else the member hashed_key finds, else not_found. The
// guess stays first: without it, keys in the struct's order measured slower
// (the hash and its slot on every member's chain).
JOT_ALWAYS_INLINE known_member known_key(const members_plan& plan, const u8* p, const u8* end,
                                         std::size_t guess) noexcept {
  if (is_guessed_key(plan, p, end, guess)) return {guess, p + plan.guessable[guess].size + 2};
  return hashed_key(plan, p, end);
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
    // This member and the unknown ones after it, in one loop, not a trip
    // through the member loop each.
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
// common step (a guessed key) keeps its state in registers: inline, GCC
// spilled this path's name, guess and escape buffer on every member.
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
  jot::read_error scratch;
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
    known_member known{jot::reflect::npos, p};
    if (plan != nullptr && (known = known_key(*plan, p, end, guess)).index != jot::reflect::npos) {
      index = known.index;
      p = known.after;
      // The colon right after the key first. Here and after the value, the
      // end is tested once on the path without whitespace: after skip_ws
      // found none, Clang tested it again (GCC threads the two tests), and
      // those tests on every member cost Clang's member loop more than their
      // count of instructions says.
      if (JOT_UNLIKELY(p == end || *p != ':')) {
        p = skip_ws(p, end);
        if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr);
        if (JOT_UNLIKELY(*p != ':')) return syntax_error(r, p, skip_note::colon);
      }
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
    p = read_member(r, out, index, key_at, p);
    if (JOT_UNLIKELY(p == nullptr)) return member_value_failed(r, plan, index, key_at);
    // next_element on the cursor, written out: the shared next_element on a
    // cursor measured more instructions per decode.
    if (p == end || *p <= ' ') {
      p = skip_ws(p, end);
      if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr);
    }
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

template <class T>
inline void reset_absent(T& member) {
  if constexpr (typed::shape_v<T> == typed::shape::optional) member.reset();
  else member = nullptr;
}

// A member's value: one copy per member type, shared by every struct (a
// copy per member was most of a typed unit's code).
// One past the value, or nullptr (a member_reader's result).
template <class M>
JOT_NOINLINE const u8* read_member_value(reader& r, void* member, const u8* at) {
  return read_value_at(r, *static_cast<M*>(member), at);
}

// Member i of struct T, for read_members: a jump table whose cases add the
// member's offset to out and jump (directly: a function pointer chosen per
// case was a second indirect jump) to its type's reader.
template <class T>
const u8* read_struct_member(reader& r, void* out, std::size_t i, const u8*, const u8* at) {
  const u8* past = nullptr;
  T& object = *static_cast<T*>(out);
  const bool found = jot::reflect::visit_member(object, i, [&](auto, std::string_view, auto& member) {
    past = read_member_value<std::remove_cvref_t<decltype(member)>>(r, &member, at);
  });
  // i comes from T's own lookup, so this never fails; checked all the same
  // (the table's bound check is there anyway).
  if (JOT_UNLIKELY(!found)) return fail_at(r, error_code::unknown_key, at, nullptr), nullptr;
  return past;
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
