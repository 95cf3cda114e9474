// bench/runner/query_rows.cpp - the query workload: JSONPath (RFC 9535)
// queries on the DOM files (bench/queries.tsv). Each library parses the file
// once, untimed (load); an op then compiles the query text and evaluates it
// on that DOM, returning the number of nodes selected, so that every engine
// does the same work: text in, nodelist out (jot: a nodelist in an arena reset
// per op; jsoncons: references and path nodes through select's callback,
// no copies of the values; jsoncons has no match(), so its match rows use its
// =~ operator, anchored: the tsv's jsoncons column). Every library's node
// count is checked against the tsv's before anything is timed; a library that differs or refuses the query gets a record without
// figures. Peak heap is a fresh state's parse and query together, what one
// query on a new file costs; allocs/op are the query's alone (steady state).
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "harness.h"
#include "suite.h"

namespace jot_bench {

std::vector<query_line> read_queries(const std::string& path) {
  std::vector<query_line> v;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> col;
    std::size_t at = 0;
    for (;;) {
      const std::size_t tab = line.find('\t', at);
      col.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    if (col.size() < 5) continue;
    col.resize(7);
    v.push_back({col[0], col[1], col[2], std::atol(col[3].c_str()), col[4], col[5], col[6]});
  }
  return v;
}

void query_rows(suite& s, const std::string& queries_path) {
  const std::vector<query_line> queries = read_queries(queries_path);
  if (queries.empty()) {
    std::fprintf(stderr, "jot_bench: no queries in %s; query rows skipped\n", queries_path.c_str());
    return;
  }
  std::vector<const library*> ls;
  for (const library* l : s.libs)
    if (l->load && l->query) ls.push_back(l);
  if (ls.empty()) return;
  std::size_t first = 0;
  while (first < queries.size()) {
    // The lines of one file, loaded once by every library.
    std::size_t last = first;
    while (last < queries.size() && queries[last].file == queries[first].file) ++last;
    owned_input in = load(s.dir, queries[first].file.c_str());
    std::vector<std::unique_ptr<state>> states;
    std::vector<bool> loaded;
    for (const library* l : ls) {
      states.push_back(std::make_unique<state>(l));
      loaded.push_back(l->load(states.back()->p, in.get()));
    }
    for (std::size_t k = first; k < last; ++k) {
      // Each library's text of the query: RFC 9535, or its own dialect's where the line has one.
      std::vector<const std::string*> text;
      for (const library* l : ls)
        text.push_back(std::string_view(l->query_dialect) == "jsoncons" && !queries[k].jsoncons.empty()
                           ? &queries[k].jsoncons
                           : &queries[k].jsonpath);
      std::vector<long> counts;
      for (std::size_t i = 0; i < ls.size(); ++i)
        counts.push_back(loaded[i] ? ls[i]->query(states[i]->p, *text[i]) : -1);
      const long expected = queries[k].nodes;
      std::vector<bench_case> cases;
      for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string& q = *text[i];
        bench_case c;
        c.lib = ls[i];
        c.note = std::to_string(counts[i]) + " nodes; " + q;
        if (!loaded[i]) {
          c.failed = true;
          c.note = "REJECTS THE INPUT";
        } else if (counts[i] < 0) {
          c.failed = true;
          c.note = "REJECTS THE QUERY; " + q;
        } else if (counts[i] != expected) {
          c.failed = true;
          c.note = "COUNT MISMATCH (" + std::to_string(counts[i]) + " nodes, expected " + std::to_string(expected) +
                   "); " + q;
        }
        c.op = [l = ls[i], st = states[i]->p, &q] { return static_cast<std::uint64_t>(l->query(st, q)); };
        c.fresh_op = [l = ls[i], doc = in.get(), &q] {
          state fresh(l);
          return l->load(fresh.p, doc) ? static_cast<std::uint64_t>(l->query(fresh.p, q)) : 0;
        };
        cases.push_back(std::move(c));
      }
      group g{"query", queries[k].dataset + ": " + queries[k].kind};
      g.latency = true;
      run_group(s.cfg, g, cases, s.records);
    }
    first = last;
  }
}

}  // namespace jot_bench
