// src/bits.h - forwards to the shared header (the scanning core lives in include/jot/detail/).
#pragma once
#include "jot/detail/bits.h"
