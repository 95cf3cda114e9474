// jot/detail/engine/engine_choice.h - the engines of the code compiled in a user's
// translation unit (jot::read, jot::visit) and of the library's string checks
// (the checked writer, the mutable document). Not API.
//
// A kernel (jot/kernel.h) is chosen per document; every kernel names, in its
// entry of the kernel table (src/kernels/kernels.h), the engine these readers run
// when it is chosen. That table is the only place where a kernel maps to an
// engine.
#pragma once

#include <cstdint>

#include "jot/kernel.h"

namespace jot::detail {

// The engines: the target's baseline (SSE2 on x86-64, else portable) and its
// vector engine (AVX2 on x86-64, NEON on AArch64). Each is a namespace
// jot::detail::isa_<engine> (jot/detail/engine/skip_engines.h).
enum class scan_engine : std::uint8_t { baseline, avx2, neon };

// The engine of the kernel that jot::parser would choose for this request on
// this CPU (automatic, or the request when the CPU runs it, else portable).
// Defined in src/parse/parse.cpp, beside the kernel choice.
scan_engine select_scan_engine(jot::kernel requested) noexcept;

}  // namespace jot::detail
