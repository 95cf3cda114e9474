// tools/jot/pretty.cpp - `jot pretty [--indent N] [FILE]`: the document
// indented N spaces per level (default 2; 0 gives compact output).
#include "cli.h"

namespace jot_cli {

int run_pretty(const invocation& inv) {
  jot::write_options options;
  options.indent = inv.indent;
  return run_rewrite(inv, options);
}

}  // namespace jot_cli
