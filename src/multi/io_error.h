// src/multi/io_error.h - the io_error a stream's read reports, shared by the
// sources (sources.cpp), which fail with it, and the window (stream.cpp),
// which reports a source that returned more bytes than asked for.
#pragma once

#include "jot/error.h"

namespace jot::detail {

inline error make_io_error(const char* message) noexcept {
  error e = make_error(error_code::io_error);
  e.message = message;
  return e;
}

}  // namespace jot::detail
