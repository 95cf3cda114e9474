// jot/detail/engine/skip_engines.h - the validating skip (scan/skip.inl), compiled
// once per engine of a user's translation unit, and the one call that picks
// the engine for a document. Not API. What jot::read (typed_read.h) and
// jot::visit (jot/visit.h) build on.
//
// Engines (jot/detail/engine/engine_choice.h): on x86-64 with GCC or Clang, AVX2 and
// SSE2; elsewhere the portable one, and NEON where it is built. Which engine
// a kernel runs is its kernel table entry's choice. Each is a namespace
// jot::detail::isa_<engine> holding its scanner, inside its target region;
// headers add code to every engine through each_engine.inl.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "jot/detail/engine/engine_choice.h"
#include "jot/detail/number/number.h"
#include "jot/detail/scan/prelude.h"
#include "jot/kernel.h"

#if defined(JOT_HAS_X86_KERNELS)
#include "jot/detail/scan/x86_avx2.h"
#include "jot/detail/scan/x86_sse2.h"
#else
#include "jot/detail/scan/portable.h"
#if defined(JOT_HAS_NEON_KERNEL)
#include "jot/detail/scan/arm_neon.h"
#endif
#endif

#define JOT_ENGINE_FILE "jot/detail/scan/skip.inl"
#include "jot/detail/engine/each_engine.inl"

namespace jot::detail {

// Calls f(engine) with the tag of engine e (an empty struct of its
// namespace, declared by skip.inl). f calls the engine's copy of an
// algorithm by argument-dependent lookup: `read_document(engine, ...)`.
template <class F>
JOT_ALWAYS_INLINE void with_engine(scan_engine e, F&& f) noexcept {
#if defined(JOT_HAS_X86_KERNELS)
  if (e == scan_engine::avx2)
    f(isa_avx2::engine{});
  else
    f(isa_sse2::engine{});
#elif defined(JOT_HAS_NEON_KERNEL)
  if (e == scan_engine::neon)
    f(isa_neon::engine{});
  else
    f(isa_portable::engine{});
#else
  (void)e;
  f(isa_portable::engine{});
#endif
}

// with_engine for the engine the kernel selects on this CPU: one dispatch per
// document.
template <class F>
JOT_ALWAYS_INLINE void with_engine(jot::kernel requested, F&& f) noexcept {
  with_engine(select_scan_engine(requested), static_cast<F&&>(f));
}

}  // namespace jot::detail
