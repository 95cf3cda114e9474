// src/common.h - compiler hints used across jot's sources (defined in
// include/jot/detail/config.h, which the scanning core shares). Not API.
#pragma once
#include "jot/detail/config.h"
