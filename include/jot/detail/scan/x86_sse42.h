// jot/detail/scan/x86_sse42.h - the SSE4.2 scanning kernel (16 bytes at a time): the SSE2
// layer plus SSSE3's byte shuffle, which gives scanner.inl its nibble lookups,
// so whitespace takes one lookup and UTF-8 is validated 16 bytes at a time.
// Runs only where the CPU reports SSE4.2 (src/kernels/x86_sse42.cpp checks). Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_X86_KERNELS)
// Exactly the extensions the CPU check tests (SSE4.2 implies SSSE3 on every
// CPU that has it, and the target names both; and PCLMULQDQ for stage 1).
JOT_TARGET_SSE42_BEGIN
namespace jot::detail::isa_sse42 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"
#include "jot/detail/scan/x86_128.inl"

using scanner = vector_scanner<x86_128_vectors>;

#include "jot/detail/scan/x86_clmul.inl"

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = vector_classifier<x86_128_vectors, ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_sse42
JOT_TARGET_END
#endif
