// src/simd/kernels.h - the one narrow interface between jot and its ISA kernels.
//
// The parser (src/generic/parser.inl) is written once and compiled once per
// target: portable.cpp, x86_sse2.cpp, x86_avx2.cpp each include it with their
// own byte-scanning primitives and export one function below. The parser
// object stores which one it uses; there is no global dispatch state.
#pragma once

#include <cstddef>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/options.h"
#include "jot/detail/node.h"

namespace jot::detail {

// What a kernel's parse returns: the root node, or an error whose offset is
// set (line and column are filled in by the caller, off the hot path).
struct parse_outcome {
  const node* root = nullptr;
  error err{};
};

using parse_function = parse_outcome (*)(const char* data, std::size_t size,
                                         const parse_options& options, arena& a) noexcept;

parse_outcome parse_portable(const char* data, std::size_t size, const parse_options& options,
                             arena& a) noexcept;
#if defined(__x86_64__) || defined(_M_X64)
#define JOT_HAS_X86_KERNELS 1
parse_outcome parse_sse2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept;
parse_outcome parse_avx2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept;
#endif

}  // namespace jot::detail
