// jot/detail/engine/each_engine.inl - compiles the file named by JOT_ENGINE_FILE
// once in each engine's namespace, inside the engine's target region (the
// engines: jot/detail/engine/skip_engines.h), so that an algorithm of the typed
// reader or of jot::visit is written once and copied by the compiler only.
// No include guard: included once per file to compile, after
// skip_engines.h. Not API.
//
//   #define JOT_ENGINE_FILE "jot/detail/visit/visit.inl"
//   #include "jot/detail/engine/each_engine.inl"
#if !defined(JOT_ENGINE_FILE)
#error "jot: define JOT_ENGINE_FILE before including each_engine.inl"
#endif

#if defined(JOT_HAS_X86_KERNELS)
JOT_TARGET_AVX2_BEGIN
namespace jot::detail::isa_avx2 {
#include JOT_ENGINE_FILE
}  // namespace jot::detail::isa_avx2
JOT_TARGET_END
namespace jot::detail::isa_sse2 {
#include JOT_ENGINE_FILE
}  // namespace jot::detail::isa_sse2
#else
namespace jot::detail::isa_portable {
#include JOT_ENGINE_FILE
}  // namespace jot::detail::isa_portable
#if defined(JOT_HAS_NEON_KERNEL)
namespace jot::detail::isa_neon {
#include JOT_ENGINE_FILE
}  // namespace jot::detail::isa_neon
#endif
#endif

#undef JOT_ENGINE_FILE
