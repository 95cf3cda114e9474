// jot/detail/scan/x86_avx2.h - the AVX2 scanning kernel (32 bytes at a time, after a
// 16-byte first probe for strings). Runs only where the CPU reports AVX2. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_X86_KERNELS)
// Only AVX2, BMI1 and PCLMULQDQ: the CPU check tests exactly these, so no
// other extension may appear in the generated code.
JOT_TARGET_AVX2_BEGIN
namespace jot::detail::isa_avx2 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"
#include "jot/detail/scan/x86_128.inl"
#include "jot/detail/scan/x86_256.inl"

using avx2_vectors = x86_256_vectors;
using scanner = vector_scanner<avx2_vectors>;

#include "jot/detail/scan/x86_clmul.inl"

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = vector_classifier<avx2_vectors, ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_avx2
JOT_TARGET_END
#endif
