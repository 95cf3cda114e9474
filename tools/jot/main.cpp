// tools/jot/main.cpp - the jot command: option parsing and dispatch.
//
//   jot validate FILE...       exit 0 when every file is valid JSON (-l: NDJSON)
//   jot minify FILE            compact JSON (numbers as written unless --normalize-numbers)
//   jot pretty FILE            indented JSON
//   jot get FILE POINTER...    the values at RFC 6901 JSON Pointers
//   jot patch FILE PATCH       FILE after an RFC 6902 JSON Patch
//   jot merge FILE PATCH       FILE after an RFC 7396 JSON Merge Patch
//   jot query QUERY [FILE]     the nodes an RFC 9535 JSONPath query selects
//
// Which options each command takes is the commands table below; usage_text
// and docs/cli.md list them. See docs/cli.md for the full description and
// the exit codes (cli.h).
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "cli.h"

namespace jot_cli {
namespace {

// Each command's synopsis lists every option it takes besides the parse
// options, and each output option says which commands take it: the commands
// table below decides, and tests/cli (arguments.test_help_matches_commands)
// checks the text against it.
constexpr const char* usage_text =
    "usage: jot COMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "commands (each also takes the parse options below):\n"
    "  validate [-l [--threads N]] [FILE...]\n"
    "      check that each FILE is valid JSON; print each error as\n"
    "      FILE:LINE:COLUMN: message (columns count bytes)\n"
    "  minify [-l [--threads N]] [--sort-keys] [--normalize-numbers] [FILE]\n"
    "      print FILE as compact JSON\n"
    "  pretty [--indent N] [--tab] [--sort-keys] [--normalize-numbers] [FILE]\n"
    "      print FILE indented N spaces per level (default 2)\n"
    "  get [--pretty|-r] [--indent N] [--tab] [-l [--threads N]] [--sort-keys]\n"
    "      [--normalize-numbers] FILE POINTER...\n"
    "      print the value at each JSON Pointer (RFC 6901), e.g. /users/0/name,\n"
    "      one line each (empty when absent); \"\" is the whole document\n"
    "  patch [--indent N] [--tab] [--sort-keys] [--normalize-numbers] FILE PATCH\n"
    "      print FILE after the JSON Patch (RFC 6902) in PATCH; all or nothing\n"
    "  merge [--indent N] [--tab] [--sort-keys] [--normalize-numbers] FILE PATCH\n"
    "      print FILE after the JSON Merge Patch (RFC 7396) in PATCH\n"
    "  query [--paths|-r] [--pretty] [--indent N] [--tab] [-l [--threads N]]\n"
    "      [--normalize-numbers] [--stream [--window N]] QUERY [FILE]\n"
    "      print the nodes the JSONPath query (RFC 9535) selects, e.g.\n"
    "      '$.users[?@.age > 30].name', as one JSON array; a bad query is\n"
    "      reported at its byte (exit 2)\n"
    "\n"
    "FILE '-' (the default when FILE is optional) reads standard input.\n"
    "\n"
    "parse options (every command; the default is strict RFC 8259):\n"
    "  --comments          accept // and /* */ comments\n"
    "  --trailing-commas   accept a comma before ] and }\n"
    "  --allow-bom         skip a leading UTF-8 byte order mark (positions still\n"
    "                      count from the file's first byte)\n"
    "  --max-depth N       reject nesting deeper than N (default 1024)\n"
    "\n"
    "output options:\n"
    "  --indent N          spaces per level, 0 to 64 (pretty, get, patch, merge,\n"
    "                      query; in get and query it implies --pretty; patch and\n"
    "                      merge print compact JSON without it)\n"
    "  --tab               indent with tabs: one per level, or N with --indent N\n"
    "                      (pretty, get, patch, merge, query, as --indent)\n"
    "  --sort-keys         write object members sorted by key bytes\n"
    "                      (minify, pretty, get, patch, merge)\n"
    "  --normalize-numbers write numbers from their value, not as written: integers\n"
    "                      exact, others as the nearest double, shortest (1e2 as\n"
    "                      100.0; digits a double cannot hold are lost)\n"
    "                      (minify, pretty, get, patch, merge, query)\n"
    "  --pretty            print the value indented (2 spaces unless --indent)\n"
    "                      (get, query)\n"
    "  -r, --raw           print a string's text without quotes or escapes (get);\n"
    "                      one node per line, strings so, others as JSON (query)\n"
    "  --paths             print normalized paths ($['a'][0]), not values (query)\n"
    "  --stream            find the nodes without a DOM of the whole input (query):\n"
    "                      a FILE that is one array is read an element at a time\n"
    "                      through a window, in memory bounded by its largest\n"
    "                      element, when the first segment selects elements\n"
    "                      ($[*], $[2:], $[?@.x > 1], $..name) and no filter uses\n"
    "                      $; else the text is read whole (with -l, a line at a\n"
    "                      time through the window) and scanned once, and queries\n"
    "                      of descendants, filters, lists of selectors (but\n"
    "                      increasing indexes) or negative indices are refused,\n"
    "                      exit 2\n"
    "  --window N          with --stream: the window, N bytes (or with a K, M or G\n"
    "                      suffix), 1K to 1G, never grown: a longer element or\n"
    "                      line fails; default 1M, growing up to 1G (query)\n"
    "  -l, --ndjson        FILE holds one document per line (NDJSON); each is\n"
    "                      checked or printed on its own line, and each bad one\n"
    "                      reported as FILE:LINE:COLUMN: message (document N)\n"
    "                      (validate, minify, get, query)\n"
    "  --threads N         with -l: parse on N threads, output still in input order\n"
    "                      (default 1; 0 = one per core) (validate, minify, get,\n"
    "                      query)\n"
    "\n"
    "  -h, --help          print this help\n"
    "  --version           print the version\n"
    "\n"
    "exit status: 0 ok, 1 invalid JSON, no value at the pointer, a failed patch or\n"
    "             a query over its limits, 2 bad arguments (a bad query too) or an\n"
    "             input/output error\n";

// The most --threads takes: far beyond any core count, low enough that a typo
// cannot ask for millions of threads.
constexpr std::uint32_t max_threads = 1024;

// Parses a decimal option value in [0, max]; false for anything else
// (signs, spaces, empty text, overflow).
bool parse_count(std::string_view text, std::uint32_t max, std::uint32_t& out) {
  if (text.empty() || text.size() > 10) return false;
  std::uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  if (v > max) return false;
  out = static_cast<std::uint32_t>(v);
  return true;
}

// The smallest --window: a window must hold an element or line, and less
// than this is a typo more often than a choice.
constexpr std::size_t min_window = 1024;

// Parses a byte count with an optional K, M or G suffix (binary: 1K = 1024)
// in [min, max]; false for anything else.
bool parse_size(std::string_view text, std::size_t min, std::size_t max, std::size_t& out) {
  unsigned shift = 0;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K': case 'k': shift = 10; break;
      case 'M': case 'm': shift = 20; break;
      case 'G': case 'g': shift = 30; break;
      default: break;
    }
    if (shift != 0) text.remove_suffix(1);
  }
  std::uint32_t n = 0;
  if (!parse_count(text, UINT32_MAX, n)) return false;
  const std::uint64_t v = std::uint64_t{n} << shift;
  if (v < min || v > max) return false;
  out = static_cast<std::size_t>(v);
  return true;
}

// The subcommands, and which output options each accepts (parse options
// apply to all of them).
struct command {
  std::string_view name;
  int (*run)(const invocation&);
  bool takes_indent;  // --indent and --tab
  bool takes_pretty;
  bool takes_raw;
  bool takes_ndjson;
  bool takes_sort_keys;
  bool writes_json;  // keeps number texts, or takes --normalize-numbers
  bool takes_query_options = false;  // --paths and --stream
};
constexpr command commands[] = {
    {"validate", run_validate, false, false, false, true, false, false},
    {"minify", run_minify, false, false, false, true, true, true},
    {"pretty", run_pretty, true, false, false, false, true, true},
    {"get", run_get, true, true, true, true, true, true},
    {"patch", run_patch, true, false, false, false, true, true},
    {"merge", run_merge, true, false, false, false, true, true},
    {"query", run_query, true, true, true, true, false, true, true},
};

enum class parsed { run, exit_ok, exit_usage };

// Fills inv from argv. Prints help, version or a usage error itself; the
// result says whether to run inv.command or to exit.
parsed parse_arguments(int argc, char** argv, invocation& inv) {
  bool options_done = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (options_done || arg == "-" || arg.empty() || arg.front() != '-') {
      if (inv.command.empty())
        inv.command = arg;
      else
        inv.operands.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::fputs(usage_text, stdout);
      return parsed::exit_ok;
    }
    if (arg == "--version") {
      std::printf("jot %s\n", jot::version_string);
      return parsed::exit_ok;
    }
    if (arg == "--comments") {
      inv.parse.syntax.allow_comments = true;
      continue;
    }
    if (arg == "--trailing-commas") {
      inv.parse.syntax.allow_trailing_commas = true;
      continue;
    }
    if (arg == "--allow-bom") {
      inv.parse.syntax.allow_bom = true;
      continue;
    }
    if (arg == "--pretty") {
      inv.pretty = true;
      continue;
    }
    if (arg == "-r" || arg == "--raw") {
      inv.raw = true;
      continue;
    }
    if (arg == "-l" || arg == "--ndjson") {
      inv.ndjson = true;
      continue;
    }
    if (arg == "--paths") {
      inv.paths = true;
      continue;
    }
    if (arg == "--stream") {
      inv.stream = true;
      continue;
    }
    if (arg == "--tab") {
      inv.tab = true;
      continue;
    }
    if (arg == "--sort-keys") {
      inv.sort_keys = true;
      continue;
    }
    if (arg == "--normalize-numbers") {
      inv.normalize_numbers = true;
      continue;
    }

    // Options with a value: "--name N" or "--name=N".
    std::string_view name = arg;
    std::string_view val;
    bool has_val = false;
    if (const std::size_t eq = arg.find('='); eq != std::string_view::npos) {
      name = arg.substr(0, eq);
      val = arg.substr(eq + 1);
      has_val = true;
    }
    if (name != "--max-depth" && name != "--indent" && name != "--threads" && name != "--window") {
      usage_error("unknown option " + std::string(arg));
      return parsed::exit_usage;
    }
    if (!has_val) {
      if (i + 1 >= argc) {
        usage_error("option " + std::string(name) + " needs a value");
        return parsed::exit_usage;
      }
      val = argv[++i];
    }
    if (name == "--window") {
      if (!parse_size(val, min_window, jot_cli::max_line_window, inv.window)) {
        usage_error("invalid value for --window: '" + std::string(val) + "' (expected 1K to 1G)");
        return parsed::exit_usage;
      }
      continue;
    }
    const bool depth = name == "--max-depth";
    const bool threads = name == "--threads";
    const std::uint32_t max = depth ? UINT32_MAX : threads ? max_threads : 64;
    std::uint32_t n = 0;
    if (!parse_count(val, max, n)) {
      usage_error("invalid value for " + std::string(name) + ": '" + std::string(val) + "'" +
                  (depth ? "" : " (expected 0 to " + std::to_string(max) + ")"));
      return parsed::exit_usage;
    }
    if (threads) {
      inv.threads = n;
      inv.threads_given = true;
    } else if (depth) {
      inv.parse.syntax.max_depth = n;
    } else {
      inv.indent = n;
      inv.indent_given = true;
    }
  }
  return parsed::run;
}

}  // namespace
}  // namespace jot_cli

int main(int argc, char** argv) {
  using namespace jot_cli;
  invocation inv;
  switch (parse_arguments(argc, argv, inv)) {
    case parsed::exit_ok: return exit_ok;
    case parsed::exit_usage: return exit_usage;
    case parsed::run: break;
  }
  if (inv.command.empty()) {
    std::fputs(usage_text, stderr);
    return exit_usage;
  }
  const command* cmd = nullptr;
  for (const command& c : commands)
    if (c.name == inv.command) cmd = &c;
  if (cmd == nullptr) return usage_error("unknown command '" + std::string(inv.command) + "'");
  if (inv.indent_given && !cmd->takes_indent)
    return usage_error("option --indent does not apply to " + std::string(cmd->name));
  if (inv.tab && !cmd->takes_indent)
    return usage_error("option --tab does not apply to " + std::string(cmd->name));
  if (inv.sort_keys && !cmd->takes_sort_keys)
    return usage_error("option --sort-keys does not apply to " + std::string(cmd->name));
  if (inv.pretty && !cmd->takes_pretty)
    return usage_error("option --pretty does not apply to " + std::string(cmd->name));
  if (inv.raw && !cmd->takes_raw)
    return usage_error("option --raw does not apply to " + std::string(cmd->name));
  if (inv.ndjson && !cmd->takes_ndjson)
    return usage_error("option --ndjson does not apply to " + std::string(cmd->name));
  if (inv.paths && !cmd->takes_query_options)
    return usage_error("option --paths does not apply to " + std::string(cmd->name));
  if (inv.stream && !cmd->takes_query_options)
    return usage_error("option --stream does not apply to " + std::string(cmd->name));
  if (inv.threads_given && !inv.ndjson)
    return usage_error("option --threads needs --ndjson (-l)");
  if (inv.window != 0 && !inv.stream) return usage_error("option --window needs --stream");
  if (inv.normalize_numbers && !cmd->writes_json)
    return usage_error("option --normalize-numbers does not apply to " + std::string(cmd->name));
  // A number is written back as its text unless asked otherwise: converted
  // to a double and printed again, 9007199254740993.0 would come out as
  // 9007199254740992.0, changing the data.
  if (cmd->writes_json && !inv.normalize_numbers) inv.parse.keep_number_text = true;
  return cmd->run(inv);
}
