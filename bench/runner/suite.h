// bench/runner/suite.h - what the runner's workloads share: the inputs, the
// per-library state, the suite being run, and the choice of a reference
// result among the libraries' outputs. Used by main.cpp and edit_rows.cpp.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "bench.h"
#include "harness.h"

namespace jot_bench {

// An input with zeroed padding after it (bench.h: input::padding).
struct owned_input {
  std::unique_ptr<char[]> buf;
  std::size_t size = 0;
  input get() const { return {buf.get(), size}; }
};

inline owned_input make_input(std::string_view text) {
  owned_input o;
  o.size = text.size();
  o.buf.reset(new char[text.size() + input::padding]());
  std::memcpy(o.buf.get(), text.data(), text.size());
  return o;
}

inline bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

inline owned_input load(const std::string& dir, const char* rel) {
  std::string text;
  if (!read_file(dir + "/" + rel, text)) {
    std::fprintf(stderr, "jot_bench: cannot read %s/%s\n", dir.c_str(), rel);
    std::exit(1);
  }
  return make_input(text);
}

// One state per library for the calling thread.
struct state {
  const library* lib;
  void* p;
  explicit state(const library* l) : lib(l), p(l->create ? l->create() : nullptr) {}
  ~state() {
    if (lib->destroy) lib->destroy(p);
  }
  state(const state&) = delete;
  state& operator=(const state&) = delete;
};

struct suite {
  config cfg;
  std::string dir;
  std::string shuffled_dir;  // the typed inputs with their keys shuffled; empty: no such rows
  std::vector<const library*> libs;
  const library* reference = nullptr;  // verifies serializer output
  std::vector<std::string> records;
};

// The index of the candidate that most others equal (the first on a tie), so
// that one wrong library, jot included, is what gets flagged, not the others.
template <class Same>
std::size_t plurality(std::size_t n, Same&& same) {
  std::size_t best = 0, best_votes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t votes = 0;
    for (std::size_t j = 0; j < n; ++j) votes += same(i, j) ? 1 : 0;
    if (votes > best_votes) best = i, best_votes = votes;
  }
  return best;
}

// The build and patch workloads (edit_rows.cpp).
void build_rows(suite& s);
void patch_rows(suite& s);

// The stream workload (stream_row.cpp): the file at path, generated there
// when absent, read by every library in a fresh child process.
void stream_row(suite& s, const std::string& path);
// The child side: `jot_bench --stream-child NAME VARIANT PATH` (the library's
// name and stream_variant) prints "ELEMENTS SECONDS PEAK_RSS_KB".
int stream_child(const registry& reg, const char* name, const char* variant, const char* path);

// The query workload (query_rows.cpp): the lines of bench/queries.tsv (dataset,
// file, kind, the nodes every engine must select, JSONPath, the jq program of
// bench/query_cli.py, and the query in jsoncons' dialect where it differs).
struct query_line {
  std::string dataset, file, kind;
  long nodes = -1;
  std::string jsonpath, jq, jsoncons;
};
std::vector<query_line> read_queries(const std::string& path);
void query_rows(suite& s, const std::string& queries_path);

}  // namespace jot_bench
