// jot/options.h - syntax, parse and write options: plain aggregates, strict defaults.
#pragma once

#include <cstdint>

namespace jot {

// What JSON text a reader accepts, the same for every reader of text:
// jot::parse, jot::read, documents, streams and the CLI. The defaults are
// strict RFC 8259.
struct syntax_options {
  bool allow_comments = false;          // accept // line and /* block */ comments as whitespace
  bool allow_trailing_commas = false;   // accept a comma before ] or }
  bool allow_bom = false;               // skip a leading UTF-8 byte order mark (EF BB BF);
                                        // offsets still count from the input's first byte
  bool allow_trailing_content = false;  // read the first document only and stop after it and
                                        // the whitespace (and comments) that follow it, instead
                                        // of failing with trailing_content; the result says
                                        // where it stopped (document::consumed(), read_result's
                                        // value)
  bool validate_utf8 = true;            // false skips UTF-8 checks in strings: a little faster
                                        // on non-ASCII text, but unsafe for untrusted input
                                        // (invalid bytes pass through)
  std::uint32_t max_depth = 1024;       // deepest nesting of arrays and objects accepted
};

// How the parser reads JSON into a document.
struct parse_options {
  syntax_options syntax{};         // what text is accepted (strict RFC 8259 by default)
  bool keep_number_text = false;   // store numbers as their raw text (value::number_text);
                                   // the range is then checked when a getter reads them
};

// How the writer prints JSON.
struct write_options {
  std::uint32_t indent = 0;       // spaces per nesting level; 0 writes compact JSON
  bool use_tabs = false;          // pretty output indents with `indent` tabs per level
                                  // instead of spaces (jq's --tab is indent 1 with tabs)
  bool escape_non_ascii = false;  // write every non-ASCII character as \uXXXX
  bool escape_slash = false;      // write '/' as "\/" (for embedding in HTML <script>)
  bool skip_null_members = false; // jot::write of a struct: leave out members that are an
                                  // empty std::optional or a null std::unique_ptr instead
                                  // of writing them as null (DOM values are written whole)
};

}  // namespace jot
