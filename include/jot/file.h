// jot/file.h - reading a whole file into memory the caller controls.
//
//   jot::arena a;
//   auto text = jot::load_file("events.ndjson", a);   // result<std::string_view>
//   if (!text) report(text.error());                  // io_error: "cannot open the file"...
//   for (auto& d : jot::documents(*text, a2)) ...     // parse with another arena: documents
//                                                     // resets its arena at every step
//
// A regular file is read with one allocation of its size, straight into it:
// no copy besides the read itself. A file whose size is not known in advance
// (a pipe, a terminal, /proc) is read in growing chunks, each step copying
// what came before into a larger block. Messages are static text (errno is
// not translated: that would be locale-dependent).
#pragma once

#include <string_view>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/write.h"

namespace jot {

// Reads the file at path (NUL-terminated) into a. The bytes stay valid until a
// is reset. Fails with io_error (the message says whether opening or reading
// failed, or that the file grew while being read), or capacity_exceeded when a
// cannot hold the file (error::needed is its size so far). Chunked reads of
// unsized files leave their smaller blocks in a until reset.
result<std::string_view> load_file(const char* path, arena& a JOT_LIFETIMEBOUND) noexcept;

// Appends the file at path to out and returns the appended bytes (valid until
// out changes). Fails like the arena version, with out_of_memory when out
// cannot grow; out then keeps its previous content.
result<std::string_view> load_file(const char* path, output_buffer& out JOT_LIFETIMEBOUND) noexcept;

}  // namespace jot
