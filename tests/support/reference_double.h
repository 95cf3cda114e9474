// tests/support/reference_double.h - the oracle for jot's decimal-to-double
// conversion: the C library's strtod, which glibc, musl and the BSDs round
// correctly (ties to even). The tests never set a locale, so the decimal point
// is '.'. (Not std::from_chars: libc++ 19 has none for doubles.)
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

namespace jot_test {

// The correctly rounded double of the decimal `text`; *overflow is set when
// its magnitude rounds past the largest finite double. Underflow gives the
// signed zero or subnormal that rounding gives, which is what jot returns.
inline double reference_double(std::string_view text, bool* overflow = nullptr) {
  const std::string s(text);
  errno = 0;
  const double d = std::strtod(s.c_str(), nullptr);
  if (overflow != nullptr) *overflow = std::isinf(d);
  return d;
}

}  // namespace jot_test
