// tools/jot/minify.cpp - `jot minify [FILE]`: the document as compact JSON.
#include "cli.h"

namespace jot_cli {

int run_minify(const invocation& inv) {
  return run_rewrite(inv, output_options(inv, false));  // no whitespace at all
}

}  // namespace jot_cli
