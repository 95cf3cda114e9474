// jot/kernel.h - the byte-scanning kernels a parser can run on.
//
// Every kernel gives identical results; they differ only in speed and in the
// CPUs they run on. `all_kernels` is the one list of them: tests, fuzzers and
// the automatic choice all read it, so a new kernel is added to the enum and
// to that list here, plus its entry in src/kernels/kernels.h and its own file.
#pragma once

#include <cstdint>

namespace jot {

// The SIMD kernel a parser uses.
enum class kernel : std::uint8_t {
  automatic,  // the best one this CPU supports
  portable,   // plain C++, any compiler and CPU (see docs/parsing.md)
  sse2,       // x86-64 baseline (GCC or Clang)
  avx2,       // x86-64 with AVX2, BMI1 and PCLMULQDQ (GCC or Clang)
  avx512,     // x86-64 with AVX512F/BW/VL, BMI1 and PCLMULQDQ (GCC or Clang); 256-bit scans, 512-bit stage 1
  sse42,      // x86-64 with SSSE3, SSE4.2 and PCLMULQDQ, for CPUs without AVX2 (GCC or Clang)
  neon,       // 64-bit Arm (AArch64) with Advanced SIMD, which every such CPU has (GCC or Clang)
};

// Every kernel jot knows, whether built for this target or not: portable
// first, then in increasing preference; kernel::automatic picks the last one
// that kernel_supported() accepts. The order is by speed, not by the ISA's
// age: avx512 runs avx2's 256-bit scans and ranks above it because it reads
// every input's last partial block with a masked load instead of a scalar
// loop, so it does avx2's work or less.
// neon and the x86 kernels never run on the same CPU, so neon's place among
// them only sets how many entries an x86 choice passes over (none).
// jot::read and jot::visit, whose code is compiled in the caller's
// translation unit, and the writer's and mutable document's UTF-8 checks run
// one of two engines: avx2 and avx512 choose the AVX2 engine, neon the NEON
// engine, and portable, sse2 and sse42 the baseline one (SSE2 on x86-64).
inline constexpr kernel all_kernels[] = {kernel::portable, kernel::neon, kernel::sse2, kernel::sse42,
                                         kernel::avx2, kernel::avx512};

// Returns the kernel's name: "automatic", "portable", "sse2", "avx2", "avx512", "sse42", "neon"; "unknown"
// for a value outside the enum.
const char* kernel_name(kernel k) noexcept;
// True when k is built into this library and this CPU can run it (automatic
// and portable always can); false for a kernel this CPU or target lacks.
bool kernel_supported(kernel k) noexcept;

}  // namespace jot
