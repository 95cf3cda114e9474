// jot/detail/core/config.h - compiler attributes and hints, and the debug
// assertion. Not API.
#pragma once

// Marks a parameter (or, after a member function's qualifiers, *this) that the
// returned value borrows from, so that clang warns when that value outlives a
// temporary argument. Other compilers ignore the annotation.
#if defined(__clang__) && defined(__has_cpp_attribute)
#if __has_cpp_attribute(clang::lifetimebound)
#define JOT_LIFETIMEBOUND [[clang::lifetimebound]]
#endif
#endif
#ifndef JOT_LIFETIMEBOUND
#define JOT_LIFETIMEBOUND
#endif

// Contract checks: on in debug builds (no NDEBUG) and wherever
// JOT_ENABLE_ASSERTIONS is defined. Define it for every translation unit of a
// program or for none: inline functions must not differ between them.
#if !defined(NDEBUG) || defined(JOT_ENABLE_ASSERTIONS)
#define JOT_HAS_ASSERTIONS 1
#else
#define JOT_HAS_ASSERTIONS 0
#endif

namespace jot::detail {
// Prints "file:line: jot: assertion failed: message" to stderr and aborts.
[[noreturn]] void assertion_failed(const char* file, int line, const char* message) noexcept;
}  // namespace jot::detail

// Checks cond when assertions are on; message is static text saying what broke.
#if JOT_HAS_ASSERTIONS
#define JOT_ASSERT(cond, message)                  \
  (static_cast<bool>(cond) ? static_cast<void>(0) \
                           : ::jot::detail::assertion_failed(__FILE__, __LINE__, message))
#else
#define JOT_ASSERT(cond, message) static_cast<void>(0)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define JOT_LIKELY(x) __builtin_expect(!!(x), 1)
#define JOT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define JOT_ALWAYS_INLINE inline __attribute__((always_inline))
#define JOT_NOINLINE __attribute__((noinline))
#define JOT_COLD __attribute__((cold, noinline))
// On a lambda, after its parameters: always inlined.
#define JOT_LAMBDA_ALWAYS_INLINE __attribute__((always_inline))
#else
#define JOT_LIKELY(x) (x)
#define JOT_UNLIKELY(x) (x)
#define JOT_ALWAYS_INLINE inline
#define JOT_NOINLINE
#define JOT_COLD
#define JOT_LAMBDA_ALWAYS_INLINE
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

// JOT_OPAQUE(x): x (an integer in a register) unchanged, but the compiler
// may no longer assume anything about its value. Stage 1 writes a block's
// entries four at a time; told nothing, GCC 12 proves when the bits run
// out and adds a branch per entry to stop early.
#if defined(__GNUC__) || defined(__clang__)
#define JOT_OPAQUE(x) __asm__("" : "+r"(x))
#else
#define JOT_OPAQUE(x) static_cast<void>(0)
#endif

// JOT_PREDICTED(p): p unchanged, but opaque to the compiler. The scanners
// move the cursor past a predicted branch (one space skipped; a guessed run
// of indentation) so that the next token's load waits for the prediction,
// not for the bytes the branch tests; the number writer takes a double's
// digit count from a predicted branch so that the next value's output
// position does not wait for the digits. Clang undoes that in two ways (most of
// the difference between its builds and GCC's on indented text):
// - it turns the short branch into a select, putting the tested load and
//   compare back on the chain from one token to the next (used inside the
//   branch, the empty volatile asm cannot be speculated, so the branch stays);
// - where a branch has proved two values equal (run == guess) it uses either,
//   and took the one that waits for the mask (used on a value computed before
//   the test, the asm hides what it equals).
// GCC does neither, and gets nothing.
#if defined(__clang__)
#define JOT_PREDICTED(p) __asm__ volatile("" : "+r"(p))
#else
#define JOT_PREDICTED(p) ((void)0)
#endif
