// tools/jot/minify.cpp - `jot minify [FILE]`: the document as compact JSON.
#include "cli.h"

namespace jot_cli {

int run_minify(const invocation& inv) {
  jot::write_options options;  // indent 0: no whitespace at all
  return run_rewrite(inv, options);
}

}  // namespace jot_cli
