// src/core/error.cpp - stable names of error codes, error descriptions, and the
// assertion handler.
#include "jot/error.h"

#include <cstdio>
#include <cstdlib>

namespace jot {

std::size_t error::describe(char* buf, std::size_t capacity) const noexcept {
  const int n = line == 0 ? std::snprintf(buf, capacity, "%s", message)
                          : std::snprintf(buf, capacity, "%s (%llu:%llu)", message,
                                          static_cast<unsigned long long>(line),
                                          static_cast<unsigned long long>(column));
  return n < 0 ? 0 : static_cast<std::size_t>(n);
}

const char* error_code_name(error_code code) noexcept {
  switch (code) {
    case error_code::ok: return "ok";
    case error_code::empty_input: return "empty_input";
    case error_code::unexpected_end: return "unexpected_end";
    case error_code::unexpected_character: return "unexpected_character";
    case error_code::trailing_content: return "trailing_content";
    case error_code::unterminated_string: return "unterminated_string";
    case error_code::control_character: return "control_character";
    case error_code::invalid_escape: return "invalid_escape";
    case error_code::invalid_unicode_escape: return "invalid_unicode_escape";
    case error_code::lone_surrogate: return "lone_surrogate";
    case error_code::invalid_utf8: return "invalid_utf8";
    case error_code::invalid_number: return "invalid_number";
    case error_code::number_out_of_range: return "number_out_of_range";
    case error_code::invalid_literal: return "invalid_literal";
    case error_code::trailing_comma: return "trailing_comma";
    case error_code::comment_not_allowed: return "comment_not_allowed";
    case error_code::unterminated_comment: return "unterminated_comment";
    case error_code::depth_exceeded: return "depth_exceeded";
    case error_code::capacity_exceeded: return "capacity_exceeded";
    case error_code::input_too_large: return "input_too_large";
    case error_code::byte_order_mark: return "byte_order_mark";
    case error_code::type_mismatch: return "type_mismatch";
    case error_code::not_found: return "not_found";
    case error_code::invalid_pointer: return "invalid_pointer";
    case error_code::buffer_too_small: return "buffer_too_small";
    case error_code::out_of_memory: return "out_of_memory";
    case error_code::unknown_key: return "unknown_key";
    case error_code::missing_member: return "missing_member";
    case error_code::duplicate_key: return "duplicate_key";
    case error_code::wrong_length: return "wrong_length";
    case error_code::invalid_value: return "invalid_value";
    case error_code::invalid_writer_call: return "invalid_writer_call";
    case error_code::io_error: return "io_error";
    case error_code::patch_test_failed: return "patch_test_failed";
    case error_code::invalid_patch: return "invalid_patch";
    case error_code::cancelled: return "cancelled";
    case error_code::query_syntax: return "query_syntax";
    case error_code::query_type: return "query_type";
    case error_code::query_limit: return "query_limit";
    case error_code::query_not_streamable: return "query_not_streamable";
  }
  return "unknown";
}

namespace detail {

void assertion_failed(const char* file, int line, const char* message) noexcept {
  std::fprintf(stderr, "%s:%d: jot: assertion failed: %s\n", file, line, message);
  std::abort();
}

}  // namespace detail

}  // namespace jot
