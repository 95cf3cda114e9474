// tools/jot/validate.cpp - `jot validate [-l] [FILE...]`: checks every file and
// reports each error as FILE:LINE:COL: message. Silent on success. With -l
// (--ndjson) every line is a document, and each bad one is reported as
// FILE:LINE:COL: message (document N).
//
// Every file is checked even after a failure, so one run lists every bad
// file. The exit status is the worst outcome: 2 if any file could not be
// read, else 1 if any was invalid, else 0.
#include <algorithm>

#include "cli.h"

namespace jot_cli {

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
    a.reset();
    if (!parse_input(path, text, a, inv.parse)) worst = std::max(worst, static_cast<int>(exit_invalid));
  }
  return worst;
}

}  // namespace jot_cli
