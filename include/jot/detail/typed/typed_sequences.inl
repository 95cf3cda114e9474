// jot/detail/typed/typed_sequences.inl - the typed reader's arrays: the element
// loop, and the sequences, sets, fixed-length arrays, tuples and arena spans
// read with it. Not API. No include guard: typed_read.inl includes it, once
// per engine, after the scalars and before the member loop.

// Reads array elements with read_element(index, p) until ']', the array at p
// ('['): one past the ']' returned, r.p neither read nor written on that path
// (a cursor form: typed_read.inl); nullptr on failure. read_element reads
// the element at p and returns one past it, or nullptr on failure. The cursor
// stays in a local from element to element: through r.p, each element paid a
// store and a reload on its chain, and so did the array itself where a store
// into the container (erase) may alias r.p and the reload came after it.
// Always inlined, as the element's reader is: one loop per element type, in
// the one out-of-line reader of each member type (read_member_value).
template <class F>
JOT_ALWAYS_INLINE const u8* read_elements_at(reader& r, const u8* p, F&& read_element) {
  const u8* const end = r.end;
  if (JOT_UNLIKELY(p == end || *p != '[')) return mismatch_at(r, p, "expected an array");
  p = enter_at(r, p);
  if (JOT_UNLIKELY(p == nullptr)) return nullptr;
  if (*p == ']') {
    --r.depth;
    return p + 1;
  }
  for (std::size_t i = 0;; ++i) {
    p = read_element(i, p);
    if (JOT_UNLIKELY(p == nullptr)) {
      path_access::prepend_index(*r.result, i);
      return nullptr;
    }
    // next_element on the cursor, as read_members writes it.
    if (p == end || *p <= ' ') {
      p = skip_ws(p, end);
      if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr), nullptr;
    }
    if (*p == ',') {
      ++p;
      p = skip_indentation(r, p, end);
      if (JOT_UNLIKELY(p == end)) return fail_at(r, error_code::unexpected_end, p, nullptr), nullptr;
      continue;
    }
    if (JOT_LIKELY(*p == ']')) {
      --r.depth;
      return p + 1;
    }
    return syntax_error(r, p, skip_note::array_end), nullptr;
  }
}

// read_elements_at on r.p.
template <class F>
JOT_ALWAYS_INLINE bool read_elements(reader& r, F&& read_element) {
  return advance(r, read_elements_at(r, r.p, static_cast<F&&>(read_element)));
}

// A sequence (std::vector, std::deque, std::list...) at p, in the cursor form.
template <class V>
JOT_ALWAYS_INLINE const u8* read_sequence_at(reader& r, V& out, const u8* p) {
  if constexpr (!std::random_access_iterator<typename V::iterator>) {
    // std::list: the same reuse, walking the elements already there.
    auto next = out.begin();
    const auto read = [&](std::size_t, const u8* p) JOT_LAMBDA_ALWAYS_INLINE -> const u8* {
      if (next == out.end()) {
        if (!room_for(r, out, p, [&] { return pmr_growth::append(out); })) return nullptr;
        next = out.emplace(out.end());
      }
      return read_value_at(r, *next++, p);
    };
    const u8* const past = read_elements_at(r, p, read);
    if (past != nullptr) out.erase(next, out.end());
    return past;
  } else {
    std::size_t count = 0;
    // The size kept at hand: out.size() again per element reloaded both of
    // the vector's pointers (the reader's stores may alias them).
    std::size_t have = out.size();
    const auto read = [&](std::size_t i, const u8* p) JOT_LAMBDA_ALWAYS_INLINE -> const u8* {
      // Elements already there are reused (their strings and vectors keep
      // their capacity); the surplus is erased below.
      if (i == have) {
        if (!room_for(r, out, p, [&] { return pmr_growth::append(out); })) return nullptr;
        out.emplace_back();
        have = i + 1;
      }
      count = i + 1;
      if constexpr (std::is_same_v<typename V::value_type, bool>) {
        bool b = false;
        const u8* past = read_bool_at(r, b, p);
        if (past != nullptr) out[i] = b;
        return past;
      } else {
        return read_value_at(r, out[i], p);
      }
    };
    const u8* const past = read_elements_at(r, p, read);
    if (past != nullptr) out.erase(out.begin() + static_cast<std::ptrdiff_t>(count), out.end());
    return past;
  }
}

template <class V>
JOT_ALWAYS_INLINE bool read_sequence(reader& r, V& out) {
  return advance(r, read_sequence_at(r, out, r.p));
}

// std::set, std::unordered_set: each element is read into a new value and
// inserted. One equal to an earlier element is duplicate_key unless
// duplicates are allowed (then the set keeps the first).
template <class S>
inline bool read_set(reader& r, S& out) {
  out.clear();
  return read_elements(r, [&](std::size_t, const u8* p) -> const u8* {
    using E = typename S::value_type;
    if (!room_for(r, out, p, [] { return pmr_growth::construction<E>(); })) return nullptr;
    // With the set's allocator where the element takes it (pmr sets).
    E element = [&] {
      if constexpr (std::is_constructible_v<E, typename S::allocator_type>) return E(out.get_allocator());
      else return E{};
    }();
    const u8* past = read_value_at(r, element, p);
    if (past == nullptr) return nullptr;
    // The node, and the element moved into it (a libstdc++ deque builds anew).
    if (!room_for(r, out, p, [&] { return pmr_growth::insert(out) + pmr_growth::construction<E>(); })) return nullptr;
    if (!out.insert(std::move(element)).second && !r.allow_duplicates)
      return fail_at(r, error_code::duplicate_key, p, "an element equal to an earlier one of the set"), nullptr;
    return past;
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

// Reads exactly N elements with read_element(index, p); more or fewer is
// wrong_length (more, fewer: the messages).
template <std::size_t N, class F>
inline bool read_exactly(reader& r, const char* more, const char* fewer, F&& read_element) {
  std::size_t count = 0;
  const bool ok = read_elements(r, [&](std::size_t i, const u8* p) -> const u8* {
    if (i == N) {
      r.p = p;
      return extra_element(r, more), nullptr;
    }
    count = i + 1;
    return read_element(i, p);
  });
  if (ok && count != N) return fail_at(r, error_code::wrong_length, r.p - 1, fewer);
  return ok;
}

template <class E, std::size_t N>
inline bool read_fixed(reader& r, E* out) {
  return read_exactly<N>(r, "more elements than the array holds", "fewer elements than the array holds",
                         [&](std::size_t i, const u8* p) { return read_value_at(r, out[i], p); });
}

// std::tuple, std::pair: exactly as many elements as T has, element i read
// as T's i-th type.
template <class T, std::size_t... I>
inline bool read_tuple(reader& r, T& out, std::index_sequence<I...>) {
  return read_exactly<sizeof...(I)>(r, "more elements than the tuple holds", "fewer elements than the tuple holds",
                                    [&](std::size_t i, const u8* p) {
                                      const u8* past = nullptr;
                                      (void)((i == I && (past = read_value_at(r, std::get<I>(out), p), true)) ||
                                             ...);
                                      return past;
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
  const bool ok = read_elements(r, [&](std::size_t i, const u8* p) -> const u8* {
    if (i == capacity) {
      // Doubling: the abandoned copies cost at most as much arena as the span.
      const std::size_t grown = capacity ? capacity * 2 : 8;
      E* bigger = static_cast<E*>(r.memory->allocate(grown * sizeof(E), alignof(E)));
      if (bigger == nullptr) {
        r.p = p;
        // No value here (']' after a comma, the input's end): the parser's
        // syntax error, which the text has before the memory is wanted.
        if (r.p == r.end || json_type_of(*r.p) == jot::type::absent) return mismatch(r, "expected a value"), nullptr;
        fail_at(r, error_code::capacity_exceeded, r.p, "a std::span needs arena memory");
        path_access::set_needed(*r.result, grown * sizeof(E));
        return nullptr;
      }
      if (count != 0) std::memcpy(static_cast<void*>(bigger), data, count * sizeof(E));
      data = bigger;
      capacity = grown;
    }
    ::new (static_cast<void*>(data + i)) E{};
    count = i + 1;
    return read_value_at(r, data[i], p);
  });
  if (ok) out = std::span<E>(data, count);
  return ok;
}
