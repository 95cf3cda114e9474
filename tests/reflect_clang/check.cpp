// The compile-time reflection contract (tests/reflect_checks.h and
// tests/reflect_enum_checks.h), compiled on its own so that clang can check
// it without GoogleTest or a clang build of jot: -fsyntax-only still
// evaluates every static_assert.
#include "reflect_checks.h"
#include "reflect_enum_checks.h"
