// src/number.h - forwards to the shared number scanner (include/jot/detail/number.h).
#pragma once
#include "jot/detail/number.h"
