// src/parse/parser_prelude.h - what parser.inl needs, included by
// each kernel file before it opens its namespace and target region.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/arena_access.h"
#include "jot/detail/core/config.h"
#include "jot/detail/number/number.h"
#include "jot/detail/scan/blank.h"
#include "jot/parse.h"
#include "kernels/kernels.h"
