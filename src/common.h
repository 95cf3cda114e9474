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

// Out of line for Clang only, for cold code inside the parser's hot loop.
// Inlined, Clang 14 hoists that code's constants into registers held across
// the whole state machine, which then spills its own state; GCC 12 keeps the
// parser's vector constants in ymm registers, which any call clobbers, so it
// is better served inline.
#if defined(__clang__)
#define JOT_CLANG_NOINLINE inline JOT_NOINLINE
#else
#define JOT_CLANG_NOINLINE inline
#endif
