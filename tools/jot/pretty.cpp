// tools/jot/pretty.cpp - `jot pretty [--indent N] [--tab] [FILE]`: the
// document indented N spaces per level (default 2; 0 gives compact output),
// or N tabs with --tab (default 1).
#include "cli.h"

namespace jot_cli {

int run_pretty(const invocation& inv) {
  return run_rewrite(inv, output_options(inv, true));
}

}  // namespace jot_cli
