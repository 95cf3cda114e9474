// jot_bench - the C++ side of jot's benchmark suite (docs/benchmarks.md).
//
//   jot_bench [--quick] [--data DIR] [--out FILE] [--only WORKLOAD[,...]] [--libs NAME[,...]]
//             [--stream-file PATH] [--kernel K] [--shuffled DIR] [--queries FILE]
//
// Runs dom_parse, dom_serialize, packets, typed (typed_decode and typed_encode
// of five schemas, and typed_decode of the same inputs with their keys
// shuffled, read from --shuffled), ndjson, build and patch (edit_rows.cpp), stream
// (stream_row.cpp, a generated file at --stream-file), query (query_rows.cpp,
// JSONPath queries from --queries, default bench/queries.tsv) against jot and
// every peer compiled in, and writes {"meta": {...}, "records": [...]}. --only takes those names, and
// typed_twitter, typed_citm, typed_openrtb, typed_rpc, typed_ndjson for one typed schema. --kernel runs jot's
// parsers and typed reads on one kernel (jot/kernel.h) instead of the automatic choice, so that
// kernels are compared in the suite's own rows: `JOT_BENCH_ARGS="--kernel avx512" make bench`.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <jot/parse.h>

#include "bench.h"
#include "harness.h"
#include "suite.h"

#ifndef JOT_DEFAULT_DATA_DIR
#define JOT_DEFAULT_DATA_DIR "../shared/data"
#endif
#ifndef JOT_DEFAULT_SHUFFLED_DIR
#define JOT_DEFAULT_SHUFFLED_DIR "shuffled"
#endif
#ifndef JOT_DEFAULT_QUERIES
#define JOT_DEFAULT_QUERIES "bench/queries.tsv"
#endif
#ifndef JOT_BENCH_FLAGS
#define JOT_BENCH_FLAGS "unknown"
#endif
#ifndef JOT_BENCH_BUILD_TYPE
#define JOT_BENCH_BUILD_TYPE "unknown"
#endif

namespace jot_bench {

namespace {

const char* const dom_files[3][2] = {{"twitter", "corpus/twitter.json"},
                                     {"citm_catalog", "corpus/citm_catalog.json"},
                                     {"canada", "corpus/canada.json"}};

void dom_parse(suite& s) {
  for (auto& f : dom_files) {
    owned_input in = load(s.dir, f[1]);
    std::vector<std::unique_ptr<state>> states;
    std::vector<bench_case> cases;
    for (const library* l : s.libs) {
      if (!l->parse) continue;
      states.push_back(std::make_unique<state>(l));
      void* st = states.back()->p;
      bench_case c;
      c.lib = l;
      if (!l->parse(st, in.get())) {
        c.failed = true;
        c.note = "REJECTS THE INPUT";
        cases.push_back(std::move(c));
        continue;
      }
      c.op = [l, st, i = in.get()] { return static_cast<std::uint64_t>(l->parse(st, i)); };
      c.fresh_op = [l, i = in.get()] {
        state fresh(l);
        return static_cast<std::uint64_t>(l->parse(fresh.p, i));
      };
      cases.push_back(std::move(c));
    }
    group g{"dom_parse", f[0]};
    g.data_bytes = static_cast<double>(in.size);
    run_group(s.cfg, g, cases, s.records);
  }
}

void dom_serialize(suite& s) {
  for (auto& f : dom_files) {
    owned_input in = load(s.dir, f[1]);
    std::vector<std::unique_ptr<state>> states;
    std::vector<bench_case> cases;
    group g{"dom_serialize", f[0]};
    for (const library* l : s.libs) {
      if (!l->load || !l->serialize) continue;
      states.push_back(std::make_unique<state>(l));
      void* st = states.back()->p;
      bench_case c;
      c.lib = l;
      if (!l->load(st, in.get())) {
        c.failed = true;
        c.note = "REJECTS THE INPUT";
        g.case_bytes.push_back(0);
        cases.push_back(std::move(c));
        continue;
      }
      std::string_view text = l->serialize(st);
      c.note = "output " + std::to_string(text.size()) + " bytes";
      if (s.reference && s.reference->same_json) {
        bool same = s.reference->same_json(in.get().view(), text);
        if (!same) c.note = "ROUND TRIP MISMATCH (checked by " + std::string(s.reference->name) + "); " + c.note;
      }
      c.op = [l, st] { return static_cast<std::uint64_t>(l->serialize(st).size()); };
      c.fresh_op = [l, i = in.get()] {
        state fresh(l);
        return l->load(fresh.p, i) ? static_cast<std::uint64_t>(l->serialize(fresh.p).size()) : 0;
      };
      g.case_bytes.push_back(static_cast<double>(text.size()));
      cases.push_back(std::move(c));
    }
    run_group(s.cfg, g, cases, s.records);
  }
}

void packets(suite& s) {
  const char* files[3] = {"packets/valid.json", "packets/invalid.json", "packets/malicious.json"};
  owned_input pk[3] = {load(s.dir, files[0]), load(s.dir, files[1]), load(s.dir, files[2])};
  input in[3] = {pk[0].get(), pk[1].get(), pk[2].get()};
  // The packets of packets [first, last) through l with state st: the hits,
  // one more per packet accepted.
  auto packets_through = [in](const library* l, void* st, int first, int last) {
    std::uint64_t h = 0;
    for (int k = first; k < last; ++k) {
      int r = l->inspect(st, in[k]);
      h += r < 0 ? 0 : 1 + static_cast<std::uint64_t>(r);
    }
    return h;
  };
  auto round = [packets_through](const library* l, void* st) { return packets_through(l, st, 0, 3); };
  std::vector<const library*> ls;
  std::vector<std::string> notes;
  for (const library* l : s.libs) {
    if (!l->inspect) continue;
    state st(l);
    std::string note;
    if (l->inspect(st.p, in[0]) < 0 || l->inspect(st.p, in[2]) < 0) note = "REJECTS A VALID PACKET";
    if (l->inspect(st.p, in[1]) >= 0) note = "ACCEPTS THE INVALID PACKET";
    ls.push_back(l);
    notes.push_back(note);
  }
  // One thread, an op is packets [first, last) through each library.
  auto one_thread = [&](const char* dataset, int first, int last) {
    std::vector<std::unique_ptr<state>> states;
    std::vector<bench_case> cases;
    for (std::size_t i = 0; i < ls.size(); ++i) {
      states.push_back(std::make_unique<state>(ls[i]));
      bench_case c;
      c.lib = ls[i];
      c.note = notes[i];
      c.op = [=, l = ls[i], st = states.back()->p] { return packets_through(l, st, first, last); };
      c.fresh_op = [=, l = ls[i]] {
        state fresh(l);
        return packets_through(l, fresh.p, first, last);
      };
      cases.push_back(std::move(c));
    }
    group g{"packets", dataset};
    g.latency = true;
    g.per_call = last - first;
    run_group(s.cfg, g, cases, s.records);
  };
  one_thread("1 thread", 0, 3);  // an op is one round of the three packets
  {  // all cores: every thread has its own state and runs `rounds` rounds per op
    constexpr int rounds = 500;
    int t = s.cfg.threads;
    std::vector<bench_case> cases;
    for (std::size_t i = 0; i < ls.size(); ++i) {
      bench_case c;
      c.lib = ls[i];
      c.note = notes[i];
      c.op = [round, l = ls[i], t] {
        std::vector<std::thread> th;
        std::vector<std::uint64_t> h(static_cast<std::size_t>(t));
        for (int k = 0; k < t; ++k)
          th.emplace_back([&, k] {
            state st(l);
            for (int r = 0; r < rounds; ++r) h[static_cast<std::size_t>(k)] += round(l, st.p);
          });
        for (auto& x : th) x.join();
        std::uint64_t sum = 0;
        for (auto v : h) sum += v;
        return sum;
      };
      cases.push_back(std::move(c));
    }
    group g{"packets", std::to_string(t) + " threads"};
    g.latency = true;
    g.per_call = 3.0 * rounds * t;
    run_group(s.cfg, g, cases, s.records);
  }
  // Each packet alone, one thread: where a round's time goes. The invalid
  // packet's error is at byte 509 of 512, inside a string: a library that
  // checks all strings before the grammar rejects it sooner than one pass.
  one_thread("valid packet", 0, 1);
  one_thread("invalid packet", 1, 2);
  one_thread("malicious packet", 2, 3);
}

void ndjson(suite& s) {
  owned_input in = load(s.dir, "corpus/amazon_cellphones.ndjson");
  std::vector<std::unique_ptr<state>> states;
  std::vector<bench_case> cases;
  long docs = 0;
  for (const library* l : s.libs) {
    if (!l->ndjson) continue;
    states.push_back(std::make_unique<state>(l));
    void* st = states.back()->p;
    long n = l->ndjson(st, in.get());
    bench_case c;
    c.lib = l;
    if (n <= 0) {
      c.failed = true;
      c.note = "REJECTS THE INPUT";
      cases.push_back(std::move(c));
      continue;
    }
    docs = std::max(docs, n);
    c.note = std::to_string(n) + " documents";
    c.op = [l, st, i = in.get()] { return static_cast<std::uint64_t>(l->ndjson(st, i)); };
    c.fresh_op = [l, i = in.get()] {
      state fresh(l);
      return static_cast<std::uint64_t>(l->ndjson(fresh.p, i));
    };
    cases.push_back(std::move(c));
  }
  group g{"ndjson", "amazon_cellphones"};
  g.data_bytes = static_cast<double>(in.size);
  g.docs_per_op = static_cast<double>(docs);
  run_group(s.cfg, g, cases, s.records);
}

// ---- typed_decode / typed_encode (schemas.h) ----

// Every raw_text member of a value (OpenRTB's ext objects), in member order.
// Declared first: the templates below find each other by ordinary lookup.
void collect_raw(raw_text& v, std::vector<raw_text*>& out);
template <class T>
void collect_raw(std::optional<T>& v, std::vector<raw_text*>& out);
template <class T>
void collect_raw(std::vector<T>& v, std::vector<raw_text*>& out);
template <class T>
void collect_raw(std::map<std::string, T>& v, std::vector<raw_text*>& out);
template <has_fields T>
void collect_raw(T& v, std::vector<raw_text*>& out);
template <class T>
void collect_raw(T&, std::vector<raw_text*>&) {}  // scalars and strings

void collect_raw(raw_text& v, std::vector<raw_text*>& out) { out.push_back(&v); }
template <class T>
void collect_raw(std::optional<T>& v, std::vector<raw_text*>& out) {
  if (v) collect_raw(*v, out);
}
template <class T>
void collect_raw(std::vector<T>& v, std::vector<raw_text*>& out) {
  for (T& e : v) collect_raw(e, out);
}
template <class T>
void collect_raw(std::map<std::string, T>& v, std::vector<raw_text*>& out) {
  for (auto& kv : v) collect_raw(kv.second, out);
}
template <has_fields T>
void collect_raw(T& v, std::vector<raw_text*>& out) {
  for_each_field(v, [&](std::string_view, auto& m) { collect_raw(m, out); });
}

enum class match { exact, raw_reserialized, differs };

// How b compares with a: equal; equal once their raw texts are compared as
// JSON by the reference library (nlohmann/json and Boost.JSON have no raw
// value, so they keep ext as their own re-serialization of it); or different.
template <class T>
match compare(const T& a, const T& b, const library* reference) {
  if (a == b) return match::exact;
  if (!reference || !reference->same_json) return match::differs;
  T x = a, y = b;
  std::vector<raw_text*> rx, ry;
  collect_raw(x, rx);
  collect_raw(y, ry);
  if (rx.empty() || rx.size() != ry.size()) return match::differs;
  for (std::size_t i = 0; i < rx.size(); ++i) {
    if (!reference->same_json(rx[i]->json, ry[i]->json)) return match::differs;
    *ry[i] = *rx[i];
  }
  return x == y ? match::raw_reserialized : match::differs;
}

struct typed_input {
  const char* dataset;
  const char* file;
  std::size_t expected_size;  // of the compact encoding (data/README.md); 0: not given
  std::size_t skip_lines = 0;  // lines dropped from the file's start (a header row)
};

std::string typed_variant(const library* l, const char* what) {
  std::string base = l->variant[0] ? l->variant : "typed";
  return what[0] ? base + ", " + what : base;
}

// Decoding on every core: each thread makes its own state and output once per
// timed call, then decodes the input typed_rounds times (packets does the same).
constexpr int typed_rounds = 2000;

template <class T>
std::uint64_t decode_on_threads(const library* l, typed_codec<T> library::*codec, input in, int threads) {
  std::vector<std::thread> th;
  std::vector<std::uint64_t> ok(static_cast<std::size_t>(threads));
  for (int k = 0; k < threads; ++k)
    th.emplace_back([&, k] {
      state st(l);
      T out;
      const typed_codec<T>& c = l->*codec;
      std::uint64_t n = 0;  // a local count: neighbouring slots of ok would share a cache line
      for (int r = 0; r < typed_rounds; ++r) n += c.decode ? c.decode(st.p, in, out) : c.decode_own(st.p, in, nullptr);
      ok[static_cast<std::size_t>(k)] = n;
    });
  for (auto& x : th) x.join();
  std::uint64_t sum = 0;
  for (auto v : ok) sum += v;
  return sum;
}

// The index of the decoded value most libraries agree on (plurality).
template <class T>
std::size_t agreed(const std::vector<std::optional<T>>& decoded) {
  return plurality(decoded.size(), [&](std::size_t i, std::size_t j) {
    return decoded[i] && decoded[j] && *decoded[i] == *decoded[j];
  });
}

// Decodes in with every library that has a decoder (their results in
// decoded) and times them. Each result is compared with the one most
// libraries agree on; with expected (the ordered input's value, when in is its
// keys-shuffled twin) it must also equal that, raw texts as JSON, since their
// objects' members moved too.
template <class T>
void typed_decode(suite& s, typed_codec<T> library::*codec, const std::string& dataset, input in, bool threaded,
                  std::vector<std::optional<T>>& decoded, const T* expected = nullptr) {
  std::vector<const library*> ls;
  for (const library* l : s.libs)
    if ((l->*codec).decode || (l->*codec).decode_own) ls.push_back(l);
  std::vector<std::unique_ptr<state>> states;
  decoded.assign(ls.size(), std::nullopt);
  for (std::size_t i = 0; i < ls.size(); ++i) {
    states.push_back(std::make_unique<state>(ls[i]));
    const typed_codec<T>& c = ls[i]->*codec;
    T v;
    if (c.decode ? c.decode(states[i]->p, in, v) : c.decode_own(states[i]->p, in, &v)) decoded[i] = std::move(v);
  }
  std::size_t ref = agreed(decoded);
  std::vector<bench_case> cases, mt;
  std::vector<std::unique_ptr<T>> outs;
  for (std::size_t i = 0; i < ls.size(); ++i) {
    const library* l = ls[i];
    const typed_codec<T>& c = l->*codec;
    void* st = states[i]->p;
    std::string note;
    if (!decoded[i]) {
      bench_case failed;
      failed.lib = l;
      failed.variant = typed_variant(l, "");
      failed.failed = true;
      failed.note = "DECODE FAILS";
      cases.push_back(std::move(failed));
      continue;
    }
    switch (compare(*decoded[ref], *decoded[i], s.reference)) {
      case match::exact: break;
      case match::raw_reserialized: note = "ext kept as the library's re-serialization (equal as JSON)"; break;
      case match::differs: note = "DECODE MISMATCH"; break;
    }
    if (expected && compare(*expected, *decoded[i], s.reference) == match::differs)
      note = "DECODE MISMATCH (against the input in its original key order)";
    auto add = [&](std::string variant, std::function<std::uint64_t()> op, std::function<std::uint64_t()> fresh_op) {
      bench_case k;
      k.lib = l;
      k.variant = std::move(variant);
      k.note = note;
      k.op = std::move(op);
      k.fresh_op = std::move(fresh_op);
      cases.push_back(std::move(k));
    };
    if (c.decode) {
      // fresh: a new T every op; reused: the same one (strings and vectors keep their capacity).
      auto once = [l, codec, in] {
        state fs(l);
        T d;
        return static_cast<std::uint64_t>((l->*codec).decode(fs.p, in, d));
      };
      add(typed_variant(l, "fresh"), [l, codec, st, in] {
        T d;
        return static_cast<std::uint64_t>((l->*codec).decode(st, in, d));
      }, once);
      outs.push_back(std::make_unique<T>());
      add(typed_variant(l, "reused"), [l, codec, st, in, d = outs.back().get()] {
        return static_cast<std::uint64_t>((l->*codec).decode(st, in, *d));
      }, once);
    } else {
      add(typed_variant(l, ""), [l, codec, st, in] {
        return static_cast<std::uint64_t>((l->*codec).decode_own(st, in, nullptr));
      }, [l, codec, in] {
        state fs(l);
        return static_cast<std::uint64_t>((l->*codec).decode_own(fs.p, in, nullptr));
      });
    }
    if (c.decode_parallel && s.cfg.threads > 1) {
      outs.push_back(std::make_unique<T>());
      add(typed_variant(l, ("reused, " + std::to_string(s.cfg.threads) + " threads kept between calls, one input").c_str()),
          [l, codec, st, in, d = outs.back().get(), t = s.cfg.threads] {
            return static_cast<std::uint64_t>((l->*codec).decode_parallel(st, in, *d, t));
          },
          [l, codec, in, t = s.cfg.threads] {
            state fs(l);
            T d;
            return static_cast<std::uint64_t>((l->*codec).decode_parallel(fs.p, in, d, t));
          });
    }
    if (threaded) {
      bench_case k;
      k.lib = l;
      k.variant = typed_variant(l, ((c.decode ? "reused, " : "") + std::to_string(s.cfg.threads) + " threads").c_str());
      k.note = note;
      k.op = [l, codec, in, t = s.cfg.threads] { return decode_on_threads(l, codec, in, t); };
      mt.push_back(std::move(k));
    }
  }
  if (cases.empty()) return;
  group g{"typed_decode", dataset};
  g.data_bytes = static_cast<double>(in.size);
  run_group(s.cfg, g, cases, s.records);
  if (mt.empty()) return;
  // Aggregate throughput: per_call counts every decode of every thread, so
  // the figure is input bytes over wall time per decode, allocations per decode.
  group gt{"typed_decode", dataset};
  gt.data_bytes = static_cast<double>(in.size);
  gt.per_call = static_cast<double>(typed_rounds) * s.cfg.threads;
  run_group(s.cfg, gt, mt, s.records);
}

// Each library encodes the value it decoded itself (the reference value when
// it has no decoder, or decoded something else); every output must hold the
// same JSON as most others (checked by the reference library) and, where
// data/README.md gives one, have the expected size.
template <class T>
void typed_encode(suite& s, typed_codec<T> library::*codec, const typed_input& f,
                  const std::vector<std::optional<T>>& decoded) {
  std::vector<const library*> decoders, ls;
  for (const library* l : s.libs) {
    if ((l->*codec).decode || (l->*codec).decode_own) decoders.push_back(l);
    if ((l->*codec).encode) ls.push_back(l);
  }
  std::size_t ref = agreed(decoded);
  if (ls.empty() || ref >= decoded.size() || !decoded[ref]) return;
  std::vector<std::unique_ptr<state>> states;
  std::vector<const T*> values;
  std::vector<std::string> texts;
  for (const library* l : ls) {
    const T* v = &*decoded[ref];
    for (std::size_t i = 0; i < decoders.size(); ++i)
      if (decoders[i] == l && decoded[i] && compare(*decoded[ref], *decoded[i], s.reference) != match::differs)
        v = &*decoded[i];
    states.push_back(std::make_unique<state>(l));
    values.push_back(v);
    texts.emplace_back((l->*codec).encode(states.back()->p, *v));
  }
  auto same = [&](std::size_t i, std::size_t j) {
    return i == j || (s.reference && s.reference->same_json && s.reference->same_json(texts[i], texts[j]));
  };
  std::size_t ref_text = plurality(texts.size(), same);
  std::vector<bench_case> cases;
  group g{"typed_encode", f.dataset};
  for (std::size_t i = 0; i < ls.size(); ++i) {
    const library* l = ls[i];
    bench_case c;
    c.lib = l;
    c.variant = l->encode_variant;
    c.note = "output " + std::to_string(texts[i].size()) + " bytes";
    if (f.expected_size && texts[i].size() != f.expected_size)
      c.note = "SIZE MISMATCH (expected " + std::to_string(f.expected_size) + "); " + c.note;
    if (s.reference && s.reference->same_json && !same(ref_text, i))
      c.note = "ENCODE MISMATCH (checked by " + std::string(s.reference->name) + "); " + c.note;
    c.op = [l, codec, st = states[i]->p, v = values[i]] {
      return static_cast<std::uint64_t>((l->*codec).encode(st, *v).size());
    };
    c.fresh_op = [l, codec, v = values[i]] {
      state fs(l);
      return static_cast<std::uint64_t>((l->*codec).encode(fs.p, *v).size());
    };
    g.case_bytes.push_back(static_cast<double>(texts[i].size()));
    cases.push_back(std::move(c));
  }
  run_group(s.cfg, g, cases, s.records);
}

// Each file's typed rows, then (with_shuffled, and the keys-shuffled inputs at
// hand) its decode rows again on the same file with the members of every
// object reordered (bench/shuffle_keys.py), checked against the first decode.
template <class T>
void typed_schema(suite& s, typed_codec<T> library::*codec, std::initializer_list<typed_input> files,
                  bool threaded = false, bool with_shuffled = true) {
  for (const typed_input& f : files) {
    owned_input in = load(s.dir, f.file);
    if (f.skip_lines != 0) {
      std::string_view text = in.get().view();
      for (std::size_t k = 0; k < f.skip_lines && !text.empty(); ++k) {
        const std::size_t nl = text.find('\n');
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
      }
      const std::string rest(text);  // a copy: make_input's memcpy never sees in's own buffer
      in = make_input(rest);
    }
    std::vector<std::optional<T>> decoded;
    typed_decode(s, codec, f.dataset, in.get(), threaded, decoded);
    typed_encode(s, codec, f, decoded);
    if (!with_shuffled || s.shuffled_dir.empty()) continue;
    std::size_t ref = agreed(decoded);
    if (ref >= decoded.size() || !decoded[ref]) continue;
    const T expected = *decoded[ref];
    owned_input shuffled = load(s.shuffled_dir, f.file);
    std::vector<std::optional<T>> again;
    typed_decode(s, codec, std::string(f.dataset) + " (keys shuffled)", shuffled.get(), false, again, &expected);
  }
}

// The inputs whose keys-shuffled twins (bench/shuffle_keys.py's FILES) the typed rows read.
const char* const shuffled_files[] = {"corpus/twitter.json", "corpus/citm_catalog.json", "openrtb/banner.json",
                                      "openrtb/video_app.json", "rpc/sample.json"};

// --only typed runs every schema; typed_twitter, typed_citm, typed_openrtb,
// typed_rpc or typed_ndjson one of them.
template <class Want>
void typed(suite& s, Want&& want) {
  bool all = want("typed");
  if (all || want("typed_twitter"))
    typed_schema(s, &library::twitter, {{"twitter subset", "corpus/twitter.json", 81927}});
  if (all || want("typed_citm"))
    typed_schema(s, &library::citm, {{"citm_catalog", "corpus/citm_catalog.json", 496682}});
  if (all || want("typed_openrtb"))
    typed_schema(s, &library::openrtb,
                 {{"openrtb banner", "openrtb/banner.json", 0}, {"openrtb video_app", "openrtb/video_app.json", 0}},
                 /*threaded=*/true);
  if (all || want("typed_rpc")) typed_schema(s, &library::rpc, {{"rpc sample", "rpc/sample.json", 0}});
  if (all || want("typed_ndjson"))  // arrays only: no object to shuffle
    typed_schema(s, &library::ndjson_rows,
                 {{"amazon_cellphones rows (NDJSON)", "corpus/amazon_cellphones.ndjson", 0, 1}}, false, false);
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto p = line.find(':');
      return p == std::string::npos ? line : line.substr(p + 2);
    }
  }
  return "unknown";
}

std::string compiler_name() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown";
#endif
}

bool exists(const std::string& p) {
  std::ifstream f(p + "/README.md");
  return f.good();
}

// Sets k to the kernel called name ("avx2", "portable", ...; see jot/kernel.h);
// false, with a message, when no kernel has that name or this CPU cannot run it.
bool kernel_named(const std::string& name, jot::kernel& k) {
  for (jot::kernel c : jot::all_kernels) {
    if (name != jot::kernel_name(c)) continue;
    if (!jot::kernel_supported(c)) {
      std::fprintf(stderr, "jot_bench: kernel %s is not built in or this CPU cannot run it\n", name.c_str());
      return false;
    }
    k = c;
    return true;
  }
  if (name == "automatic") return k = jot::kernel::automatic, true;
  std::fprintf(stderr, "jot_bench: no kernel named %s\n", name.c_str());
  return false;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> v;
  std::stringstream ss(s);
  std::string x;
  while (std::getline(ss, x, ',')) v.push_back(x);
  return v;
}

}  // namespace
}  // namespace jot_bench

int main(int argc, char** argv) {
  using namespace jot_bench;
  suite s;
  std::string out_path, only, libs_filter;
  std::string stream_file = "stream_array.json", stream_child_name, stream_child_variant;
  std::string queries = JOT_DEFAULT_QUERIES;
  jot::kernel kernel = jot::kernel::automatic;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "jot_bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--quick") s.cfg.quick = true;
    else if (a == "--data") s.dir = next();
    else if (a == "--out") out_path = next();
    else if (a == "--only") only = next();
    else if (a == "--libs") libs_filter = next();
    else if (a == "--stream-file") stream_file = next();
    else if (a == "--shuffled") s.shuffled_dir = next();
    else if (a == "--queries") queries = next();
    else if (a == "--kernel") {
      if (!kernel_named(next(), kernel)) return 2;
    }
    else if (a == "--stream-child") stream_child_name = next(), stream_child_variant = next(), stream_file = next();
    else {
      std::fprintf(stderr, "usage: jot_bench [--quick] [--data DIR] [--out FILE] [--only W,..] [--libs L,..]"
                           " [--stream-file PATH] [--kernel K] [--shuffled DIR] [--queries FILE]\n"
                           "  W: dom_parse dom_serialize packets typed ndjson build patch stream query, or typed_twitter\n"
                           "     typed_citm typed_openrtb typed_rpc typed_ndjson\n"
                           "  K: the kernel of jot's parsers and typed reads (automatic, portable, sse2, sse42, avx2,\n"
                           "     avx512, neon)\n"
                           "  DIR: the typed inputs with their keys shuffled (bench/shuffle_keys.py; default: the\n"
                           "     build's bench/shuffled, where bench/run.sh writes them)\n"
                           "  FILE: the query rows' JSONPath queries (default: bench/queries.tsv)\n");
      return 2;
    }
  }
  if (s.dir.empty()) {
    const char* env = std::getenv("JOT_DATA_DIR");
    if (env && *env && exists(env)) s.dir = env;
    else s.dir = JOT_DEFAULT_DATA_DIR;
  }
  if (stream_child_name.empty() && !exists(s.dir)) {
    std::fprintf(stderr, "jot_bench: shared data not found at %s (set JOT_DATA_DIR)\n", s.dir.c_str());
    return 1;
  }
  if (s.shuffled_dir.empty()) s.shuffled_dir = JOT_DEFAULT_SHUFFLED_DIR;
  for (const char* f : shuffled_files) {  // a stream child reads only its file
    if (!stream_child_name.empty() || std::ifstream(s.shuffled_dir + "/" + f).good()) continue;
    std::fprintf(stderr, "jot_bench: no %s/%s; keys-shuffled typed rows skipped (bench/run.sh writes them with "
                         "bench/shuffle_keys.py)\n", s.shuffled_dir.c_str(), f);
    s.shuffled_dir.clear();
    break;
  }
  s.cfg.rep_time = s.cfg.quick ? 0.02 : 0.1;
  s.cfg.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  static registry reg;  // outlives every state
  register_jot(reg, kernel);
#ifdef JOT_BENCH_TYPED
  register_jot_typed(reg, kernel);
#endif
#ifdef JOT_BENCH_HAVE_SIMDJSON
  register_simdjson(reg);
#endif
#ifdef JOT_BENCH_HAVE_SIMDJSON_NATIVE
  jot_bench_register_simdjson_native(reg);
#endif
#ifdef JOT_BENCH_HAVE_RAPIDJSON
  register_rapidjson(reg);
#endif
#ifdef JOT_BENCH_HAVE_NLOHMANN
  register_nlohmann(reg);
#endif
#ifdef JOT_BENCH_HAVE_BOOST_JSON
  register_boost_json(reg);
#endif
#ifdef JOT_BENCH_HAVE_YYJSON
  register_yyjson(reg);
#endif
#ifdef JOT_BENCH_HAVE_GLAZE
  register_glaze(reg);
#endif
#ifdef JOT_BENCH_HAVE_JSONCONS
  register_jsoncons(reg);
#endif
  if (!stream_child_name.empty())
    return stream_child(reg, stream_child_name.c_str(), stream_child_variant.c_str(), stream_file.c_str());
  auto wanted_libs = split(libs_filter);
  for (const library& l : reg) {
    if (!wanted_libs.empty() && std::find(wanted_libs.begin(), wanted_libs.end(), l.name) == wanted_libs.end())
      continue;
    s.libs.push_back(&l);
  }
  // The reference for serializer checks: jot when it is present, else any library that has one.
  for (const library& l : reg)
    if (l.same_json && (!s.reference || l.is_jot)) s.reference = &l;

  std::string names;  // a library with typed rows in a separate entry is listed once
  std::vector<std::string> listed;
  for (const library* l : s.libs) {
    std::string n = l->name + (l->variant[0] ? std::string(" (") + l->variant + ")" : "");
    if (std::find(listed.begin(), listed.end(), n) != listed.end()) continue;
    listed.push_back(n);
    names += (names.empty() ? "" : ", ") + n;
  }
  std::fprintf(stderr, "jot_bench: %s mode, %d threads, data %s\n  libraries: %s\n", s.cfg.quick ? "quick" : "full",
               s.cfg.threads, s.dir.c_str(), names.c_str());

  auto want = [&](const char* w) {
    auto v = split(only);
    return v.empty() || std::find(v.begin(), v.end(), w) != v.end();
  };
  if (want("dom_parse")) dom_parse(s);
  if (want("dom_serialize")) dom_serialize(s);
  if (want("packets")) packets(s);
  typed(s, want);
  if (want("ndjson")) ndjson(s);
  if (want("build")) build_rows(s);
  if (want("patch")) patch_rows(s);
  if (want("stream")) stream_row(s, stream_file);
  if (want("query")) query_rows(s, queries);

  std::string versions;
  {
    std::vector<std::string> seen;
    for (const library& l : reg) {
      if (std::find(seen.begin(), seen.end(), l.name) != seen.end()) continue;
      seen.push_back(l.name);
      versions += std::string(versions.empty() ? "" : ",") + json_quote(l.name) + ":" + json_quote(l.version);
    }
  }
  std::string meta = "{\"language\":\"c++\",\"cpu\":" + json_quote(cpu_model()) +
                     ",\"threads\":" + std::to_string(s.cfg.threads) + ",\"compiler\":" + json_quote(compiler_name()) +
                     ",\"toolchain\":" + json_quote(toolchain()) + ",\"shuffled\":" + json_quote(s.shuffled_dir) +
                     ",\"build_type\":" + json_quote(JOT_BENCH_BUILD_TYPE) + ",\"flags\":" + json_quote(JOT_BENCH_FLAGS) +
                     ",\"quick\":" + (s.cfg.quick ? "true" : "false") + ",\"rep_time_s\":" + std::to_string(s.cfg.rep_time) +
                     ",\"reps\":" + std::to_string(s.cfg.reps) +
                     ",\"jot_kernel\":" + json_quote(jot::kernel_name(jot::parser({}, kernel).kernel())) + ",\"versions\":{" + versions + "}}";
  std::string text = "{\"meta\":" + meta + ",\"records\":[\n";
  for (std::size_t i = 0; i < s.records.size(); ++i) text += s.records[i] + (i + 1 < s.records.size() ? ",\n" : "\n");
  text += "]}\n";
  if (out_path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else {
    std::ofstream f(out_path, std::ios::binary);
    f << text;
    if (!f) {
      std::fprintf(stderr, "jot_bench: cannot write %s\n", out_path.c_str());
      return 1;
    }
  }
  return 0;
}
