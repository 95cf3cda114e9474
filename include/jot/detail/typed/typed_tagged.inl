// jot/detail/typed/typed_tagged.inl - the typed reader's tagged variants:
// std::variant<A...> of structs with jot::meta<V>::tag and ids, read from an
// object whose tag member names the alternative ({"type":"circle","r":2}).
// Not API. No include guard: typed_read.inl includes it, once per engine.
//
// Two passes over the object's start, one over the rest:
// 1. find_tag looks for the tag member, validating what comes before it as
//    the skip validates (a tag written first, the common case, costs one key);
// 2. the object is read by the member loop (read_members) with the plan of
//    tagged_plan: the tag is member 0, the alternative's members follow. So
//    every key policy holds for the tag as for a member: a second tag is
//    duplicate_key, and no tag among the alternative's members is an unknown
//    key under reject_unknown_keys. The member loop is not changed.

// The tag's key, or else no member: the lookup of find_tag's skip.
template <class V>
std::size_t tag_lookup(std::string_view key) noexcept {
  return key == typed::tag_of<V> ? 0 : jot::reflect::npos;
}

// Member i of the object that alternative I of V is read from: 0 the tag,
// i > 0 the alternative's member i - 1.
template <class V, std::size_t I>
std::size_t tagged_member_lookup(std::string_view key) noexcept {
  if (key == typed::tag_of<V>) return 0;
  const std::size_t i = jot::reflect::member_index<std::variant_alternative_t<I, V>>(key);
  return i == jot::reflect::npos ? i : i + 1;
}

// The guessable keys and names of tagged_member_lookup's members (see
// guessable_keys), the tag first.
template <class V, std::size_t I>
inline constexpr auto tagged_guessable_keys = [] {
  using A = std::variant_alternative_t<I, V>;
  constexpr std::size_t n = jot::reflect::member_count<A>;
  std::array<jot::detail::reflect::key_entry, n + 2> entries{};
  const std::string_view tag = typed::tag_of<V>;
  entries[0] = {tag.size(), jot::detail::reflect::words_of(tag.data(), tag.size())};
  for (const char c : tag) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b >= 0x80 || b == '"' || b == '\\') entries[0].size = jot::detail::reflect::not_found;
  }
  for (std::size_t i = 0; i <= n; ++i) entries[i + 1] = guessable_keys<A>[i];
  return entries;
}();

template <class V, std::size_t I>
inline constexpr auto tagged_names = [] {
  using A = std::variant_alternative_t<I, V>;
  constexpr std::size_t n = jot::reflect::member_count<A>;
  std::array<std::string_view, n + 1> names{};
  names[0] = typed::tag_of<V>;
  for (std::size_t i = 0; i < n; ++i) names[i + 1] = jot::reflect::member_names<A>[i];
  return names;
}();

template <class V, std::size_t I>
inline constexpr members_plan tagged_plan{tagged_guessable_keys<V, I>.data(), tagged_names<V, I>.data(),
                                          &tagged_member_lookup<V, I>};

// No tag in the object whose '}' is at p: missing_member there, the tag's
// key in the path. Cold: errors only.
template <class V>
JOT_COLD bool tag_missing(reader& r, const u8* p) noexcept {
  fail_at(r, error_code::missing_member, p, "missing the tagged variant's tag");
  path_access::prepend_key(*r.result, typed::tag_of<V>);
  return false;
}

// The tag's value at r.p: the index of the alternative its id names, or
// variant_npos with the failure recorded (the caller puts the tag in the
// path); r.p past the value.
template <class V, std::size_t... I>
std::size_t read_tag_id(reader& r, std::index_sequence<I...>) {
  if (r.p == r.end || *r.p != '"') return mismatch(r, "expected the tagged variant's tag, a string"), std::variant_npos;
  const u8* at = r.p;
  char buf[128];
  std::string_view id;
  bool fits;
  if (!read_name(r, id, buf, fits)) return std::variant_npos;
  std::size_t found = std::variant_npos;
  if (fits) (void)((id == typed::id_of<V, I> && (found = I, true)) || ...);
  if (found == std::variant_npos) fail_at(r, error_code::invalid_value, at, "not an id of the tagged variant");
  return found;
}

// Pass 1, r.p at '{': the alternative the object's tag names, found by a
// copy of the reader (r.p stays at '{'), or variant_npos with the failure
// recorded: no tag is missing_member at the object's '}', a tag that is no
// string or no id invalid_value or type_mismatch at its value, and an error
// before the tag is the error that the member loop would report.
template <class V>
std::size_t find_tag(reader& r) {
  reader s = r;
  const auto failed = [&] {
    r.failed = true;
    return std::variant_npos;
  };
  if (!enter(s)) return failed();
  if (*s.p == '}') return tag_missing<V>(r, s.p), failed();
  for (;;) {
    // At a key: the first, or one after a comma (where '}' is a trailing comma).
    if (*s.p != '"') return key_expected(s, s.p), failed();
    const u8* key_at = s.p;
    char buf[128];
    std::string_view key;
    bool fits;
    if (!read_name(s, key, buf, fits)) return failed();
    const u8* p = past_colon(s, s.p);
    if (p == nullptr) return failed();
    s.p = p;
    if (!fits || key != typed::tag_of<V>) {
      // This member and the unknown ones after it, up to the tag.
      const skipped_members run =
          skip_members(p, s.end, s.validate, s.max_depth - s.depth, key_at, s.indent[s.depth % 32], &tag_lookup<V>);
      if (run.s.code != error_code::ok) return unknown_members_failed(s, run, key_at, key, fits), failed();
      if (run.closed) return tag_missing<V>(r, run.s.p - 1), failed();
      s.p = run.s.p;
      if (run.index == jot::reflect::npos) continue;  // a key with escapes: from the top
    }
    const std::size_t id = read_tag_id<V>(s, std::make_index_sequence<std::variant_size_v<V>>{});
    if (id == std::variant_npos) return path_access::prepend_key(*r.result, typed::tag_of<V>), failed();
    return id;
  }
}

// Member i of alternative I's object, for read_members: the tag again (which
// must name I: with allow_duplicate_keys, a second tag naming another
// alternative is invalid_value), or a member of the alternative.
template <class V, std::size_t I>
const u8* read_tagged_member(reader& r, void* out, std::size_t i, const u8* key_at, const u8* at) {
  using A = std::variant_alternative_t<I, V>;
  if (i != 0) return read_struct_member<A>(r, out, i - 1, key_at, at);
  r.p = at;
  const std::size_t id = read_tag_id<V>(r, std::make_index_sequence<std::variant_size_v<V>>{});
  if (id == I) return r.p;
  if (id != std::variant_npos) fail_at(r, error_code::invalid_value, at, "a second tag names another alternative");
  return nullptr;
}

// Pass 2: alternative I, held by out (kept when it held I already, so that
// its strings and vectors keep their capacity), read from the object at r.p.
template <class V, std::size_t I>
bool read_tagged_alternative(reader& r, V& out) {
  using A = std::variant_alternative_t<I, V>;
  A& object = out.index() == I ? *std::get_if<I>(&out) : out.template emplace<I>();
  constexpr std::size_t n = jot::reflect::member_count<A> + 1;
  constexpr std::size_t words = (n + 63) / 64;
  std::uint64_t seen[words] = {};
  if (!read_members(r, &tagged_plan<V, I>, &read_tagged_member<V, I>, &object, seen)) return false;
  // The alternative's own bits: seen without the tag's bit 0.
  std::uint64_t own[seen_words<A>] = {};
  for (std::size_t w = 0; w < seen_words<A>; ++w)
    own[w] = seen[w] >> 1 | (w + 1 < words ? seen[w + 1] << 63 : 0);
  return members_complete(r, object, own);
}

template <class V, std::size_t... I>
inline bool read_tagged(reader& r, V& out, std::index_sequence<I...>) {
  static_assert(typed::tagged_variant_checked<V>);
  if (r.p == r.end || *r.p != '{') return mismatch(r, "expected an object (a tagged variant)");
  const std::size_t id = find_tag<V>(r);
  if (id == std::variant_npos) return false;
  bool ok = false;
  (void)((id == I && (ok = read_tagged_alternative<V, I>(r, out), true)) || ...);
  return ok;
}
