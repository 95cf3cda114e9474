// src/simd/x86_sse42.cpp - the SSE4.2 kernel (16 bytes at a time): the SSE2
// layer plus SSSE3's byte shuffle, which gives src/generic/scan.h its nibble
// lookups, so whitespace takes one lookup and UTF-8 is validated 16 bytes at
// a time. For x86-64 CPUs without AVX2. Selected only where the CPU reports
// SSE4.2 (cpu_has_sse42 below, read through its entry).
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
// Standard and public headers come before the target region (see x86_avx2.cpp).
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "arena_access.h"
#include "common.h"
#include "jot/parse.h"
#include "number.h"

// Exactly the extensions cpu_has_sse42() checks (SSE4.2 implies SSSE3 on
// every CPU that has it, and the target names both).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("ssse3,sse4.2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("ssse3,sse4.2")
#endif

#include "generic/utf8.h"
#include "generic/strings.h"
#include "generic/whitespace.h"
#include "generic/parser.inl"
#include "generic/scan.h"
#include "simd/x86_128.h"

namespace jot::detail {
namespace {

using sse42_kernel = vector_scanner<x86_128_vectors>;

parse_outcome parse_sse42(const char* data, std::size_t size, const parse_options& options,
                          arena& a) noexcept {
  return parse_with<sse42_kernel>(data, size, options, a);
}

}  // namespace
}  // namespace jot::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

namespace jot::detail {
namespace {

// Outside the target region: it runs before anything knows the CPU has it.
bool cpu_has_sse42() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.2");
}

}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry sse42_entry = {kernel::sse42, "sse42", JOT_IF_X86_KERNELS(parse_sse42),
                                            JOT_IF_X86_KERNELS(cpu_has_sse42)};
}  // namespace jot::detail
