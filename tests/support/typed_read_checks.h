// tests/support/typed_read_checks.h - what the jot::read suites check with:
// a read that must succeed, one that must fail, and the error's text.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "jot/typed.h"

namespace jot_test {

// The error's text as read_error::describe writes it.
inline std::string describe_error(const jot::read_error& e) {
  char buf[512];
  const std::size_t n = e.describe(buf, sizeof buf);
  return std::string(buf, n < sizeof buf ? n : sizeof buf - 1);
}
inline std::string describe(const jot::read_result& r) { return describe_error(r.error()); }

// Reads json into a fresh T with a 64 KB arena; asserts success.
template <class T>
T must_read(std::string_view json, const jot::read_options& o = {}) {
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  T out{};
  const jot::read_result r = jot::read(json, out, a, o);
  EXPECT_TRUE(r.ok()) << json << " -> " << describe(r);
  return out;
}

// Reads json into a T and returns the result (expected to fail).
template <class T>
jot::read_result read_fails(std::string_view json, const jot::read_options& o = {}) {
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  T out{};
  jot::read_result r = jot::read(json, out, a, o);
  EXPECT_FALSE(r.ok()) << json;
  return r;
}

}  // namespace jot_test
