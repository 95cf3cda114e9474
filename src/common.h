// src/common.h - compiler hints used across jot's sources. Not API.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define JOT_LIKELY(x) __builtin_expect(!!(x), 1)
#define JOT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define JOT_ALWAYS_INLINE inline __attribute__((always_inline))
#define JOT_NOINLINE __attribute__((noinline))
#define JOT_COLD __attribute__((cold, noinline))
#else
#define JOT_LIKELY(x) (x)
#define JOT_UNLIKELY(x) (x)
#define JOT_ALWAYS_INLINE inline
#define JOT_NOINLINE
#define JOT_COLD
#endif
