// jot_bench - the C++ side of jot's benchmark suite (docs/benchmarks.md).
//
//   jot_bench [--quick] [--data DIR] [--out FILE] [--only WORKLOAD[,...]] [--libs NAME[,...]]
//
// Runs dom_parse, dom_serialize, packets, typed_decode and ndjson against jot
// and every peer compiled in, and writes {"meta": {...}, "records": [...]}.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench.h"
#include "harness.h"

#ifndef JOT_DEFAULT_DATA_DIR
#define JOT_DEFAULT_DATA_DIR "../shared/data"
#endif
#ifndef JOT_BENCH_FLAGS
#define JOT_BENCH_FLAGS "unknown"
#endif
#ifndef JOT_BENCH_BUILD_TYPE
#define JOT_BENCH_BUILD_TYPE "unknown"
#endif

namespace jot_bench {

bool operator==(const tw_user& a, const tw_user& b) {
  return a.id == b.id && a.name == b.name && a.screen_name == b.screen_name && a.location == b.location &&
         a.description == b.description && a.verified == b.verified && a.followers_count == b.followers_count &&
         a.friends_count == b.friends_count && a.statuses_count == b.statuses_count;
}
bool operator==(const tw_status& a, const tw_status& b) {
  return a.created_at == b.created_at && a.id == b.id && a.text == b.text && a.user == b.user &&
         a.retweet_count == b.retweet_count && a.favorite_count == b.favorite_count;
}

namespace {

// An input with zeroed padding after it (bench.h: input::padding).
struct owned_input {
  std::unique_ptr<char[]> buf;
  std::size_t size = 0;
  input get() const { return {buf.get(), size}; }
};

owned_input make_input(std::string_view text) {
  owned_input o;
  o.size = text.size();
  o.buf.reset(new char[text.size() + input::padding]());
  std::memcpy(o.buf.get(), text.data(), text.size());
  return o;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

owned_input load(const std::string& dir, const char* rel) {
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
  std::vector<const library*> libs;
  const library* reference = nullptr;  // verifies serializer output
  std::vector<std::string> records;
};

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
  auto round = [in](const library* l, void* st) {
    std::uint64_t h = 0;
    for (const input& p : in) {
      int r = l->inspect(st, p);
      h += r < 0 ? 0 : 1 + static_cast<std::uint64_t>(r);
    }
    return h;
  };
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
  {  // one thread: an op is one round of the three packets
    std::vector<std::unique_ptr<state>> states;
    std::vector<bench_case> cases;
    for (std::size_t i = 0; i < ls.size(); ++i) {
      states.push_back(std::make_unique<state>(ls[i]));
      bench_case c;
      c.lib = ls[i];
      c.note = notes[i];
      c.op = [round, l = ls[i], st = states.back()->p] { return round(l, st); };
      c.fresh_op = [round, l = ls[i]] {
        state fresh(l);
        return round(l, fresh.p);
      };
      cases.push_back(std::move(c));
    }
    group g{"packets", "1 thread"};
    g.latency = true;
    g.per_call = 3;
    run_group(s.cfg, g, cases, s.records);
  }
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

void typed(suite& s) {
  owned_input in = load(s.dir, "corpus/twitter.json");
  std::vector<std::unique_ptr<state>> states;
  std::vector<std::unique_ptr<tw_data>> outs;
  std::vector<bench_case> cases;
  tw_data ref;
  bool have_ref = false;
  for (const library* l : s.libs) {
    if (!l->decode_twitter) continue;
    states.push_back(std::make_unique<state>(l));
    void* st = states.back()->p;
    tw_data chk;
    if (!l->decode_twitter(st, in.get(), chk)) {
      bench_case c;
      c.lib = l;
      c.variant = std::string(l->variant[0] ? l->variant : "typed");
      c.failed = true;
      c.note = "DECODE FAILS";
      cases.push_back(std::move(c));
      continue;
    }
    std::string note = std::to_string(chk.statuses.size()) + " statuses";
    if (!have_ref) {
      ref = chk;
      have_ref = true;
    } else if (!(chk.statuses == ref.statuses)) {
      note = "DECODE MISMATCH; " + note;
    }
    // fresh: a new tw_data each op; reused: the same one (strings and vectors keep capacity).
    bench_case fresh;
    fresh.lib = l;
    fresh.variant = std::string(l->variant[0] ? l->variant : "typed") + ", fresh";
    fresh.note = note;
    fresh.op = [l, st, i = in.get()] {
      tw_data d;
      return static_cast<std::uint64_t>(l->decode_twitter(st, i, d)) + d.statuses.size();
    };
    fresh.fresh_op = [l, i = in.get()] {
      state fs(l);
      tw_data d;
      return static_cast<std::uint64_t>(l->decode_twitter(fs.p, i, d)) + d.statuses.size();
    };
    cases.push_back(std::move(fresh));
    outs.push_back(std::make_unique<tw_data>());
    bench_case reused;
    reused.lib = l;
    reused.variant = std::string(l->variant[0] ? l->variant : "typed") + ", reused";
    reused.note = note;
    reused.op = [l, st, i = in.get(), d = outs.back().get()] {
      return static_cast<std::uint64_t>(l->decode_twitter(st, i, *d)) + d->statuses.size();
    };
    cases.push_back(std::move(reused));
  }
  if (cases.empty()) return;
  group g{"typed_decode", "twitter subset"};
  g.data_bytes = static_cast<double>(in.size);
  run_group(s.cfg, g, cases, s.records);

  // typed_encode: the value decoded above, written compact (81,927 bytes per data/README.md).
  std::vector<bench_case> enc;
  group ge{"typed_encode", "twitter subset"};
  for (const library* l : s.libs) {
    if (!l->encode_twitter) continue;
    states.push_back(std::make_unique<state>(l));
    void* st = states.back()->p;
    std::string_view text = l->encode_twitter(st, ref);
    bench_case c;
    c.lib = l;
    c.variant = "reused buffer";
    c.note = "output " + std::to_string(text.size()) + " bytes";
    if (text.size() != 81927) c.note = "SIZE MISMATCH (expected 81927); " + c.note;
    c.op = [l, st, r = &ref] { return static_cast<std::uint64_t>(l->encode_twitter(st, *r).size()); };
    ge.case_bytes.push_back(static_cast<double>(text.size()));
    enc.push_back(std::move(c));
  }
  if (!enc.empty()) run_group(s.cfg, ge, enc, s.records);
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
    else {
      std::fprintf(stderr, "usage: jot_bench [--quick] [--data DIR] [--out FILE] [--only W,..] [--libs L,..]\n");
      return 2;
    }
  }
  if (s.dir.empty()) {
    const char* env = std::getenv("JOT_DATA_DIR");
    if (env && *env && exists(env)) s.dir = env;
    else s.dir = JOT_DEFAULT_DATA_DIR;
  }
  if (!exists(s.dir)) {
    std::fprintf(stderr, "jot_bench: shared data not found at %s (set JOT_DATA_DIR)\n", s.dir.c_str());
    return 1;
  }
  s.cfg.rep_time = s.cfg.quick ? 0.02 : 0.1;
  s.cfg.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  static registry reg;  // outlives every state
  register_jot(reg);
#ifdef JOT_BENCH_HAVE_SIMDJSON
  register_simdjson(reg);
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
  auto wanted_libs = split(libs_filter);
  for (const library& l : reg) {
    if (!wanted_libs.empty() && std::find(wanted_libs.begin(), wanted_libs.end(), l.name) == wanted_libs.end())
      continue;
    s.libs.push_back(&l);
  }
  // The reference for serializer checks: jot when it is present, else any library that has one.
  for (const library& l : reg)
    if (l.same_json && (!s.reference || l.is_jot)) s.reference = &l;

  std::string names;
  for (const library* l : s.libs) names += std::string(names.empty() ? "" : ", ") + l->name + (l->variant[0] ? std::string(" (") + l->variant + ")" : "");
  std::fprintf(stderr, "jot_bench: %s mode, %d threads, data %s\n  libraries: %s\n", s.cfg.quick ? "quick" : "full",
               s.cfg.threads, s.dir.c_str(), names.c_str());

  auto want = [&](const char* w) {
    auto v = split(only);
    return v.empty() || std::find(v.begin(), v.end(), w) != v.end();
  };
  if (want("dom_parse")) dom_parse(s);
  if (want("dom_serialize")) dom_serialize(s);
  if (want("packets")) packets(s);
  if (want("typed")) typed(s);
  if (want("ndjson")) ndjson(s);

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
                     ",\"build_type\":" + json_quote(JOT_BENCH_BUILD_TYPE) + ",\"flags\":" + json_quote(JOT_BENCH_FLAGS) +
                     ",\"quick\":" + (s.cfg.quick ? "true" : "false") + ",\"rep_time_s\":" + std::to_string(s.cfg.rep_time) +
                     ",\"reps\":" + std::to_string(s.cfg.reps) + ",\"versions\":{" + versions + "}}";
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
