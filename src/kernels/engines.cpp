// src/kernels/engines.cpp - the typed reader's and the validating skip's out-of-line
// functions, compiled here once per engine (AVX2 and SSE2 on x86-64,
// portable and NEON on AArch64) instead of in every translation unit that
// reads a struct. The headers declare them (jot/detail/scan/skip.inl,
// jot/detail/typed/typed_read.inl); with JOT_ENGINE_BODIES defined, the same
// files give their bodies. What stays in a user's translation unit is the
// code of its own types and the scans inlined into it: compiled in every
// unit, once per engine, this machinery was a large part of a unit's code.
#define JOT_ENGINE_BODIES 1

#include "jot/typed.h"
#include "jot/visit.h"
