// jot/detail/typed_sequences.inl - the typed reader's arrays: the element
// loop, and the sequences, sets, fixed-length arrays, tuples and arena spans
// read with it. Not API. No include guard: typed_read.inl includes it, once
// per engine, after the scalars and before the member loop.

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
    // The size kept at hand: out.size() again per element reloaded both of
    // the vector's pointers (the reader's stores may alias them).
    std::size_t have = out.size();
    const bool ok = read_elements(r, [&](std::size_t i) {
      // Elements already there are reused (their strings and vectors keep
      // their capacity); the surplus is erased below.
      if (i == have) {
        out.emplace_back();
        have = i + 1;
      }
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
