// jot/detail/dom/value_inl.h - inline definitions for jot/value.h. Not API.
#pragma once

#include <cstring>
#include <limits>

namespace jot {

namespace detail {
// Parses a raw number's text (already validated JSON grammar) into a numeric
// node of kind uint, int or double. Fails with number_out_of_range when a
// double would be infinite.
error_code decode_number_text(const char* text, std::size_t length, node* out) noexcept;

// A raw number's text read exactly as an integer (no rounding through a
// double): type_mismatch when its value is not whole, number_out_of_range
// when it is whole but does not fit (src/number/number.cpp).
result<std::int64_t> int64_of_raw_number(const node* n) noexcept;
result<std::uint64_t> uint64_of_raw_number(const node* n) noexcept;

inline node numeric_node(const node* n, error_code* ec) noexcept {
  if (n->kind() != kind_raw_number) {
    *ec = error_code::ok;
    return *n;
  }
  node out{};
  *ec = decode_number_text(n->str, n->length(), &out);
  return out;
}

// A number stored as a double, as an integer: exact when it is whole and fits;
// number_out_of_range when whole but outside; type_mismatch with a fraction.
// The double is the text rounded, so a text with more digits than a double
// holds is judged after rounding (0.99999999999999999999 is 1.0, whole);
// a number kept as text is read exactly instead (int64_of_raw_number).
// Every double of magnitude 2^52 or more is whole, so the range tests come
// first and the fraction test only sees values that convert without overflow.
// -2^63 counts as outside: integers below INT64_MIN (-9223372036854775809)
// round to it, and the integer getters must not turn those into INT64_MIN.
inline result<std::int64_t> int64_of_double(double d) noexcept {
  if (!(d > -0x1p63 && d < 0x1p63)) return make_error(error_code::number_out_of_range);
  const auto i = static_cast<std::int64_t>(d);
  if (static_cast<double>(i) != d) return make_error(error_code::type_mismatch);
  return i;
}

inline result<std::uint64_t> uint64_of_double(double d) noexcept {
  if (d >= 0x1p63 && d < 0x1p64) return static_cast<std::uint64_t>(d);
  result<std::int64_t> i = int64_of_double(d);
  if (!i) return i.error();
  if (*i < 0) return make_error(error_code::number_out_of_range);
  return static_cast<std::uint64_t>(*i);
}
}  // namespace detail

inline jot::type value::type() const noexcept {
  if (!n_) return jot::type::absent;
  switch (n_->kind()) {
    case detail::kind_null: return jot::type::null;
    case detail::kind_false:
    case detail::kind_true: return jot::type::boolean;
    case detail::kind_string:
    case detail::kind_string_plain: return jot::type::string;
    case detail::kind_array: return jot::type::array;
    case detail::kind_object: return jot::type::object;
    default: return jot::type::number;
  }
}

inline result<bool> value::get_bool() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (n_->kind() == detail::kind_true) return true;
  if (n_->kind() == detail::kind_false) return false;
  return make_error(error_code::type_mismatch);
}

inline result<std::int64_t> value::get_int64() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (!is_number()) return make_error(error_code::type_mismatch);
  if (n_->kind() == detail::kind_raw_number) return detail::int64_of_raw_number(n_);
  const detail::node& n = *n_;
  if (n.kind() == detail::kind_int) return n.i;
  if (n.kind() == detail::kind_uint) {
    if (n.u > static_cast<std::uint64_t>(INT64_MAX)) return make_error(error_code::number_out_of_range);
    return static_cast<std::int64_t>(n.u);
  }
  return detail::int64_of_double(n.d);
}

inline result<std::uint64_t> value::get_uint64() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (!is_number()) return make_error(error_code::type_mismatch);
  if (n_->kind() == detail::kind_raw_number) return detail::uint64_of_raw_number(n_);
  const detail::node& n = *n_;
  if (n.kind() == detail::kind_uint) return n.u;
  if (n.kind() == detail::kind_int) return make_error(error_code::number_out_of_range);
  return detail::uint64_of_double(n.d);
}

inline result<double> value::get_double() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  error_code ec;
  if (!is_number()) return make_error(error_code::type_mismatch);
  detail::node n = detail::numeric_node(n_, &ec);
  if (ec != error_code::ok) return make_error(ec);
  switch (n.kind()) {
    case detail::kind_uint: return static_cast<double>(n.u);
    case detail::kind_int: return static_cast<double>(n.i);
    default: return n.d;
  }
}

inline result<std::string_view> value::get_string() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (!n_->is_string()) return make_error(error_code::type_mismatch);
  return std::string_view(n_->str, n_->length());
}

inline result<jot::array> value::get_array() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (n_->kind() != detail::kind_array) return make_error(error_code::type_mismatch);
  return jot::array(n_);
}

inline result<jot::object> value::get_object() const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (n_->kind() != detail::kind_object) return make_error(error_code::type_mismatch);
  return jot::object(n_);
}

template <detail::gettable T>
result<T> value::get() const noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return get_bool();
  } else if constexpr (std::is_same_v<T, double>) {
    return get_double();
  } else if constexpr (std::is_same_v<T, float>) {
    result<double> d = get_double();
    if (!d) return d.error();
    // Beyond FLT_MAX the conversion would be undefined (or infinite).
    constexpr double max = std::numeric_limits<float>::max();
    if (*d > max || *d < -max) return make_error(error_code::number_out_of_range);
    return static_cast<float>(*d);
  } else if constexpr (std::is_same_v<T, std::string_view>) {
    return get_string();
  } else if constexpr (std::is_same_v<T, jot::array>) {
    return get_array();
  } else if constexpr (std::is_same_v<T, jot::object>) {
    return get_object();
  } else if constexpr (std::is_same_v<T, jot::value>) {
    if (!n_) return make_error(error_code::not_found);
    return *this;
  } else if constexpr (std::is_signed_v<T>) {
    result<std::int64_t> i = get_int64();
    if (!i) return i.error();
    if (*i < std::numeric_limits<T>::min() || *i > std::numeric_limits<T>::max())
      return make_error(error_code::number_out_of_range);
    return static_cast<T>(*i);
  } else {
    result<std::uint64_t> u = get_uint64();
    if (!u) return u.error();
    if (*u > std::numeric_limits<T>::max()) return make_error(error_code::number_out_of_range);
    return static_cast<T>(*u);
  }
}

template <detail::gettable T>
T value::get_or(T fallback) const noexcept {
  return get<T>().value_or(fallback);
}

inline std::string_view value::get_or(const char* fallback) const noexcept {
  const std::string_view fallback_view = fallback ? std::string_view(fallback) : std::string_view();
  return get<std::string_view>().value_or(fallback_view);
}

inline std::string_view value::number_text() const noexcept {
  if (!n_ || n_->kind() != detail::kind_raw_number) return {};
  return std::string_view(n_->str, n_->length());
}

inline value value::element(std::uint64_t index) const noexcept {
  if (!n_ || n_->kind() != detail::kind_array || index >= n_->length()) return value();
  const detail::node* n = n_ + 1;
  for (; index != 0; --index) n = n->next();
  return value(n);
}

inline value value::operator[](std::string_view key) const noexcept {
  if (!n_ || n_->kind() != detail::kind_object) return value();
  const detail::node* n = n_ + 1;
  for (std::uint64_t i = n_->length(); i != 0; --i) {
    if (n->length() == key.size() &&
        (key.empty() || std::memcmp(n->str, key.data(), key.size()) == 0))
      return value(n + 1);
    n = (n + 1)->next();
  }
  return value();
}

}  // namespace jot
