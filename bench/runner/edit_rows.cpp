// bench/runner/edit_rows.cpp - the workloads that make JSON rather than read
// it (docs/benchmarks.md):
//
//   build  the twitter subset (schemas.h's tw_data, decoded once from
//          corpus/twitter.json, untimed) built member by member with each
//          library's building API, then written compact.
//   patch  a 10-operation RFC 6902 patch (patch_text below) applied to
//          citm_catalog.json, already parsed: the timed operation makes the
//          patched document and leaves the parsed one as it was.
//
// Every output is checked as typed_encode checks its own: it must hold the
// same JSON as most others' (checked by the reference library), and a build
// must be as long as the typed twitter encoding (data/README.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "suite.h"

namespace jot_bench {
namespace {

// The compact size of the twitter subset (data/README.md), which build writes.
constexpr std::size_t twitter_subset_size = 81927;

// The value every build row starts from: decoded by jot's typed reader when it
// is built in, else by the first library with a twitter decoder.
std::optional<tw_data> twitter_value(const suite& s, input in) {
  const library* by = nullptr;
  for (const library* l : s.libs)
    if (l->twitter.decode && (!by || (l->is_jot && !by->is_jot))) by = l;
  if (!by) return std::nullopt;
  state st(by);
  tw_data v;
  if (!by->twitter.decode(st.p, in, v)) return std::nullopt;
  return v;
}

// Adds a case per library that has op, checked like typed_encode's outputs:
// text(i) is library i's output, made once untimed.
template <class Text>
void checked_cases(const suite& s, const std::vector<const library*>& ls, Text&& text, std::size_t expected_size,
                   group& g, std::vector<bench_case>& cases) {
  std::vector<std::optional<std::string>> texts;
  for (std::size_t i = 0; i < ls.size(); ++i) texts.push_back(text(i));
  auto same = [&](std::size_t i, std::size_t j) {
    return i == j || (texts[i] && texts[j] && s.reference && s.reference->same_json &&
                      s.reference->same_json(*texts[i], *texts[j]));
  };
  std::size_t ref = plurality(texts.size(), same);
  for (std::size_t i = 0; i < ls.size(); ++i) {
    bench_case& c = cases[i];
    if (!texts[i]) {
      c.failed = true;
      c.note = "FAILS";
      g.case_bytes.push_back(0);
      continue;
    }
    c.note = "output " + std::to_string(texts[i]->size()) + " bytes";
    if (expected_size && texts[i]->size() != expected_size)
      c.note = "SIZE MISMATCH (expected " + std::to_string(expected_size) + "); " + c.note;
    if (s.reference && s.reference->same_json && !same(ref, i))
      c.note = "OUTPUT MISMATCH (checked by " + std::string(s.reference->name) + "); " + c.note;
    g.case_bytes.push_back(static_cast<double>(texts[i]->size()));
  }
}

// RFC 6902, every operation once or more, on paths that exist in
// citm_catalog.json: the result is the same for every library, and
// the document grows by one performance.
constexpr std::string_view patch_text = R"patch([
  {"op": "test", "path": "/events/138586341/name", "value": "30th Anniversary Tour"},
  {"op": "replace", "path": "/events/138586341/name", "value": "30th Anniversary Tour (sold out)"},
  {"op": "add", "path": "/events/138586341/subTopicIds/-", "value": 337184299},
  {"op": "remove", "path": "/performances/0/prices/1"},
  {"op": "add", "path": "/performances/1/seatCategories/0/areas/0", "value": {"areaId": 205705993, "blockIds": []}},
  {"op": "copy", "from": "/performances/0", "path": "/performances/-"},
  {"op": "move", "from": "/areaNames/205705993", "path": "/areaNames/999999999"},
  {"op": "replace", "path": "/performances/242/start", "value": 1372701600001},
  {"op": "add", "path": "/venueNames/NEW_VENUE", "value": "Nouvelle salle"},
  {"op": "remove", "path": "/topicSubTopics/324846098"}
])patch";

}  // namespace

void build_rows(suite& s) {
  owned_input in = load(s.dir, "corpus/twitter.json");
  std::optional<tw_data> value = twitter_value(s, in.get());
  if (!value) {
    std::fprintf(stderr, "jot_bench: build skipped: no library decodes the twitter subset\n");
    return;
  }
  std::vector<const library*> ls;
  for (const library* l : s.libs)
    if (l->build) ls.push_back(l);
  std::vector<std::unique_ptr<state>> states;
  std::vector<bench_case> cases;
  for (const library* l : ls) {
    states.push_back(std::make_unique<state>(l));
    bench_case c;
    c.lib = l;
    c.variant = l->build_variant[0] ? l->build_variant : l->variant;
    c.op = [l, st = states.back()->p, v = &*value] { return static_cast<std::uint64_t>(l->build(st, *v).size()); };
    c.fresh_op = [l, v = &*value] {
      state fresh(l);
      return static_cast<std::uint64_t>(l->build(fresh.p, *v).size());
    };
    cases.push_back(std::move(c));
  }
  group g{"build", "twitter subset"};
  checked_cases(
      s, ls,
      [&](std::size_t i) -> std::optional<std::string> {
        std::string_view t = ls[i]->build(states[i]->p, *value);
        if (t.empty()) return std::nullopt;
        return std::string(t);
      },
      twitter_subset_size, g, cases);
  run_group(s.cfg, g, cases, s.records);
}

void patch_rows(suite& s) {
  owned_input doc = load(s.dir, "corpus/citm_catalog.json");
  owned_input patch = make_input(patch_text);
  std::vector<const library*> ls;
  for (const library* l : s.libs)
    if (l->patch_load && l->patch_apply && l->patch_result) ls.push_back(l);
  std::vector<std::unique_ptr<state>> states;
  std::vector<bench_case> cases;
  for (const library* l : ls) {
    states.push_back(std::make_unique<state>(l));
    bench_case c;
    c.lib = l;
    c.op = [l, st = states.back()->p] { return static_cast<std::uint64_t>(l->patch_apply(st)); };
    c.fresh_op = [l, d = doc.get(), p = patch.get()] {
      state fresh(l);
      return static_cast<std::uint64_t>(l->patch_load(fresh.p, d, p) && l->patch_apply(fresh.p));
    };
    cases.push_back(std::move(c));
  }
  group g{"patch", "citm_catalog, 10 operations"};
  checked_cases(
      s, ls,
      [&](std::size_t i) -> std::optional<std::string> {
        void* st = states[i]->p;
        // Twice: the second apply must start from the unpatched document again.
        if (!ls[i]->patch_load(st, doc.get(), patch.get()) || !ls[i]->patch_apply(st) || !ls[i]->patch_apply(st))
          return std::nullopt;
        return std::string(ls[i]->patch_result(st));
      },
      0, g, cases);
  // MB/s of the input document, the same for every row.
  g.data_bytes = static_cast<double>(doc.size);
  g.case_bytes.clear();
  run_group(s.cfg, g, cases, s.records);
}

}  // namespace jot_bench
