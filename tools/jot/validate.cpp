// tools/jot/validate.cpp - `jot validate [-l] [FILE...]`: checks every file and
// reports each error as FILE:LINE:COL: message. Silent on success. With -l
// (--ndjson) every line is a document, and each bad one is reported as
// FILE:LINE:COL: message (document N).
//
// Every file is checked even after a failure, so one run lists every bad
// file. The exit status is the worst outcome: 2 if any file could not be
// read, else 1 if any was invalid, else 0.
//
// A whole file is checked by jot::visit when the options are strict: no DOM,
// so the memory is the text alone (a parse's arena takes up to 9 bytes per
// byte of input more), with the same verdict and error as jot::parse.
#include <jot/visit.h>

#include <algorithm>

#include "cli.h"

namespace jot_cli {
namespace {

// True when jot::visit checks exactly what jot::parse would with options.
bool visit_suffices(const jot::parse_options& o) {
  return !o.syntax.allow_comments && !o.syntax.allow_trailing_commas && !o.syntax.allow_bom && !o.syntax.allow_trailing_content &&
         o.syntax.max_depth <= 4096;
}

}  // namespace

int run_validate(const invocation& inv) {
  std::vector<std::string_view> paths = inv.operands;
  if (paths.empty()) paths.push_back("-");
  int worst = exit_ok;
  std::string text;  // reused: its capacity serves every file
  jot::arena a;      // reset per file, so its memory is reused as well
  for (std::string_view path : paths) {
    if (inv.ndjson) {  // standard input streams, in bounded memory
      const int status = for_each_document(path, inv.parse, inv.threads,
                                           [](jot::result<jot::document>&, std::size_t) { return true; });
      worst = std::max(worst, status);
      continue;
    }
    if (!read_input(path, text)) {
      worst = std::max(worst, static_cast<int>(exit_usage));
      continue;
    }
    bool valid;
    if (visit_suffices(inv.parse)) {
      jot::visitor nothing;  // every event goes on: only the verdict counts
      jot::visit_options vo;
      vo.validate_utf8 = inv.parse.syntax.validate_utf8;
      vo.max_depth = inv.parse.syntax.max_depth;
      const jot::result<void> r = jot::visit(text, nothing, vo);
      valid = r.ok();
      if (!valid) report_parse_error(path, r.error());
    } else {
      a.reset();
      valid = bool(parse_input(path, text, a, inv.parse));
    }
    if (!valid) worst = std::max(worst, static_cast<int>(exit_invalid));
  }
  return worst;
}

}  // namespace jot_cli
