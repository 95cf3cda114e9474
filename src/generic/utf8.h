// src/generic/utf8.h - forwards to the shared scalar UTF-8 code (include/jot/detail/scan/utf8.h).
#pragma once
#include "jot/detail/scan/utf8.h"
