// src/generic/parser_prelude.h - what generic/parser.inl needs, included by
// each kernel file before it opens its namespace and target region.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "arena_access.h"
#include "jot/detail/config.h"
#include "jot/detail/number.h"
#include "jot/detail/scan/blank.h"
#include "jot/parse.h"
#include "simd/kernels.h"
