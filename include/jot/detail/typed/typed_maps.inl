// jot/detail/typed/typed_maps.inl - the typed reader's maps: std::map and
// std::unordered_map (and their kind) with string, integer or enum keys, read
// through the member loop (typed_members.inl) with no plan, the nodes of a map
// read again kept for the keys that come again. Not API. No include guard:
// typed_read.inl includes it, once per engine, after the member loop.

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

// Whether a and b are the same key of ordered map M: equal (one comparison,
// which looks at the sizes first), or for a key type without ==, equivalent
// under M's comparator. Keys equivalent but not equal (a comparator that
// ignores case) are not the same here; extract(key) finds them after.
template <class M>
inline bool same_map_key(const M& m, const typename M::key_type& a, const typename M::key_type& b) {
  if constexpr (requires { { a == b } -> std::convertible_to<bool>; }) {
    (void)m;
    return a == b;
  } else {
    return !m.key_comp()(a, b) && !m.key_comp()(b, a);
  }
}

// One map entry, as a member_reader: the key again at key_at, decoded into
// the map's own key type; the value at `at`. One past the value, or nullptr.
template <class M>
const u8* read_map_entry(reader& r, void* map, std::size_t, const u8* key_at, const u8* at) {
  M& out = static_cast<map_in_progress<M>*>(map)->out;
  M* const before = static_cast<map_in_progress<M>*>(map)->before;
  // With the map's allocator where the key takes it (pmr maps: no
  // default-resource string).
  using key_type = typename M::key_type;
  key_type key = [&] {
    if constexpr (std::is_constructible_v<key_type, typename M::allocator_type>) return key_type(out.get_allocator());
    else return key_type();
  }();
  r.p = key_at;
  if (!read_map_key(r, key)) return nullptr;
  // A new node, or a bigger bucket array for a node taken from before.
  if (!room_for(r, out, key_at, [&] { return pmr_growth::insert(out); })) return nullptr;
  if constexpr (reuses_map_nodes<M>) {
    if (before != nullptr && !before->empty()) {
      // Not in out yet: a key that comes again in the document was taken from before the first time.
      if constexpr (requires { out.key_comp(); }) {
        // An ordered map's keys come again in its order when the document
        // lists them sorted, as the map itself writes them: before's first
        // node is tried first, and goes in at out's end, with no walk down
        // either tree (each level of a walk waits for a key comparison, and
        // Clang's walk selects the next node without a branch, so no level
        // starts before the previous comparison ends). Other orders pay one
        // comparison more, and the hint's check.
        const auto first = before->begin();
        if (same_map_key(out, first->first, key))
          return read_value_at(r, out.insert(out.end(), before->extract(first))->second, at);
      }
      if (auto node = before->extract(key); !node.empty())
        return read_value_at(r, out.insert(std::move(node)).position->second, at);
    }
  }
  auto [it, inserted] = out.try_emplace(std::move(key));
  if (!inserted && !r.allow_duplicates) return fail_at(r, error_code::duplicate_key, key_at, nullptr), nullptr;
  return read_value_at(r, it->second, at);
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
      if constexpr (requires { out.reserve(before.size()); }) {
        if (!room_for(r, out, r.p, [&] { return pmr_growth::buckets_for(out, before.size()); })) {
          out.swap(before);
          return false;
        }
        out.reserve(before.size());
      }
      return read_map_entries(r, out, &before);
    }
  }
  out.clear();
  return read_map_entries(r, out, static_cast<M*>(nullptr));
}
