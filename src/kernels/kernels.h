// src/kernels/kernels.h - the one narrow interface between jot and its kernels.
//
// The parser (src/parse/parser.inl) is written once and compiled once per
// target: each file in src/kernels/ includes it with its target's scanning core
// (jot/detail/scan/<target>.h), keeps the parser in internal linkage, and
// exports only its kernel_entry. kernel_table lists the entries; src/parse/parse.cpp picks
// one by reading the table and jot::all_kernels, and stores the choice in the
// parser object (there is no global dispatch state).
//
// Adding a kernel touches: the enum and all_kernels (include/jot/kernel.h),
// one declaration and one table line here, the new jot/detail/scan/<target>.h
// and src/kernels/<target>.cpp (plus its line in the library's source list).
#pragma once

#include <cstddef>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/kernel.h"
#include "jot/options.h"
#include "jot/detail/engine/engine_choice.h"
#include "jot/detail/dom/node.h"
#include "jot/detail/scan/prelude.h"

// JOT_IF_X86_KERNELS(f) is f where the x86 kernels are built (the prelude
// defines JOT_HAS_X86_KERNELS) and nullptr elsewhere, so each entry below is
// defined on every target.
#if defined(JOT_HAS_X86_KERNELS)
#define JOT_IF_X86_KERNELS(f) f
#else
#define JOT_IF_X86_KERNELS(f) nullptr
#endif
// The same for the NEON kernel (the prelude defines JOT_HAS_NEON_KERNEL on AArch64).
#if defined(JOT_HAS_NEON_KERNEL)
#define JOT_IF_NEON_KERNEL(f) f
#else
#define JOT_IF_NEON_KERNEL(f) nullptr
#endif

namespace jot::detail {

// What a kernel's parse returns: the root node and the bytes consumed (the
// whole input unless allow_trailing_content stopped early), or an error whose
// offset is set (line and column are filled in by the caller, off the hot path).
struct parse_outcome {
  const node* root = nullptr;
  std::size_t consumed = 0;
  error err{};
  bool retry = false;  // the indexed walk failed without judging the text: parse it byte by byte
};

// readable >= size: the bytes from data that may be read, where the input
// continues past the document (NDJSON's later lines). Only loads use it; the
// document is data[0, size) whatever follows.
using parse_function = parse_outcome (*)(const char* data, std::size_t size, std::size_t readable,
                                         const parse_options& options, arena& a) noexcept;

// True when the options are the strict defaults (max_depth, allow_bom and
// allow_trailing_content may be anything: parse_document reads them at run
// time in every instantiation, outside the loop). Strict options run an
// instantiation with the option tests compiled out, and only they have
// parse_line.
inline bool is_strict(const parse_options& o) noexcept {
  return !o.syntax.allow_comments && !o.syntax.allow_trailing_commas && o.syntax.validate_utf8 && !o.keep_number_text;
}

// Parses the document at data[0, size) that ends at the first line feed,
// which is not whitespace here; on success consumed is where the document
// and the spaces after it end (the LF, size, or other content, which the
// caller judges). Strict options only (is_strict). Errors may differ from
// parsing the line alone (a cut literal is invalid_literal, not
// unexpected_end): callers parse the line exactly after any failure.
using parse_line_function = parse_outcome (*)(const char* data, std::size_t size,
                                              const parse_options& options, arena& a) noexcept;

// The line feeds in [p, stop) (the scanners' count_line_feeds): locating an
// error's line, and counting the lines a stream window drops.
using line_feeds_function = line_feeds (*)(const char* p, const char* stop) noexcept;

// What a kernel file exports: everything the dispatch knows about a kernel.
// Every kernel file defines its entry on every target, so that names and
// "not built here" answers need no conditional code outside that file.
struct kernel_entry {
  jot::kernel id;
  const char* name;                      // what kernel_name() returns
  parse_function parse;                  // nullptr: not built for this target
  parse_function parse_indexed;          // the same grammar over stage 1's index, at any size;
                                         // nullptr exactly when parse is
  parse_line_function parse_line;        // nullptr exactly when parse is
  line_feeds_function count_line_feeds;  // nullptr exactly when parse is
  index_function index;                  // stage 1 (jot/detail/index/); nullptr exactly when parse is
  bool (*cpu_supports)() noexcept;       // nullptr: every CPU of the target runs it
  scan_engine engine;                   // what jot::read, jot::visit, the checked writer and
                                         // the mutable document run when this kernel is chosen
};

extern const kernel_entry portable_entry;  // src/kernels/portable.cpp
extern const kernel_entry sse2_entry;      // src/kernels/x86_sse2.cpp
extern const kernel_entry avx2_entry;      // src/kernels/x86_avx2.cpp
extern const kernel_entry avx512_entry;    // src/kernels/x86_avx512.cpp
extern const kernel_entry sse42_entry;     // src/kernels/x86_sse42.cpp
extern const kernel_entry neon_entry;      // src/kernels/arm_neon.cpp

// One entry per kernel in jot::all_kernels, in the same order.
inline constexpr const kernel_entry* kernel_table[] = {&portable_entry, &neon_entry, &sse2_entry,
                                                          &sse42_entry, &avx2_entry, &avx512_entry};

}  // namespace jot::detail
