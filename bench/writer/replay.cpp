// What jot::writer costs per call: twitter.json written by the DOM writer
// against the same tree replayed through jot::writer, and the typed encoder
// against the twitter subset written through jot::writer by hand. Standalone
// (see bench/writer/README.md); results and their reading are in the
// journal, docs/journal/2026-11.md.
//
//   replay            best of 15 interleaved rounds, wall clock
//   replay NAME       runs only NAME once, between callgrind's start and stop
//                     (valgrind --tool=callgrind --collect-atstart=no)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/test_data.h"
#include "support/typed_schemas.h"

namespace {

// One writer call, recorded from the DOM so that replaying it costs only the writer.
struct call {
  enum kind_t { bo, eo, ba, ea, key, null, boolean, i64, u64, dbl, str } kind;
  std::string_view s;
  std::uint64_t u = 0;
  double d = 0;
};

void record(jot::value v, std::vector<call>& out) {
  switch (v.type()) {
    case jot::type::object:
      out.push_back({call::bo});
      for (jot::member m : *v.get_object()) {
        out.push_back({call::key, m.key});
        record(m.value, out);
      }
      out.push_back({call::eo});
      return;
    case jot::type::array:
      out.push_back({call::ba});
      for (jot::value e : *v.get_array()) record(e, out);
      out.push_back({call::ea});
      return;
    case jot::type::string: out.push_back({call::str, *v.get_string()}); return;
    case jot::type::null: out.push_back({call::null}); return;
    case jot::type::boolean: out.push_back({call::boolean, {}, *v.get_bool()}); return;
    default:
      if (v.is_double()) out.push_back({call::dbl, {}, 0, *v.get_double()});
      else if (auto u = v.get_uint64()) out.push_back({call::u64, {}, *u});
      else out.push_back({call::i64, {}, static_cast<std::uint64_t>(*v.get_int64())});
  }
}

void replay(jot::writer& w, const std::vector<call>& calls) {
  for (const call& c : calls) {
    switch (c.kind) {
      case call::bo: w.begin_object(); break;
      case call::eo: w.end_object(); break;
      case call::ba: w.begin_array(); break;
      case call::ea: w.end_array(); break;
      case call::key: w.key(c.s); break;
      case call::null: w.null(); break;
      case call::boolean: w.boolean(c.u != 0); break;
      case call::i64: w.number(static_cast<std::int64_t>(c.u)); break;
      case call::u64: w.number(c.u); break;
      case call::dbl: w.number(c.d); break;
      case call::str: w.string(c.s); break;
    }
  }
}

// The twitter subset by hand, in the typed encoder's member order.
void put(jot::writer& w, const schemas::TwitterData& data) {
  w.begin_object().key("statuses").begin_array();
  for (const schemas::Status& s : data.statuses) {
    w.begin_object();
    w.key("created_at").string(s.created_at).key("id").number(s.id).key("text").string(s.text);
    const schemas::User& u = s.user;
    w.key("user").begin_object();
    w.key("id").number(u.id).key("name").string(u.name).key("screen_name").string(u.screen_name);
    w.key("location").string(u.location).key("description").string(u.description);
    w.key("verified").boolean(u.verified).key("followers_count").number(u.followers_count);
    w.key("friends_count").number(u.friends_count).key("statuses_count").number(u.statuses_count);
    w.end_object();
    w.key("retweet_count").number(s.retweet_count).key("favorite_count").number(s.favorite_count);
    w.end_object();
  }
  w.end_array().end_object();
}

template <class F>
double best_ns(F&& f, int rounds, int iterations) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) f();
    const std::chrono::duration<double, std::nano> spent = std::chrono::steady_clock::now() - start;
    best = std::min(best, spent.count() / iterations);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::string json;
  if (!jot_test::read_file(jot_test::data_dir() + "/corpus/twitter.json", json)) {
    std::fprintf(stderr, "twitter.json not found: set JOT_DATA_DIR\n");
    return 1;
  }
  jot::arena arena;
  auto doc = jot::parse(json, arena);
  std::vector<call> calls;
  record(doc->root(), calls);
  schemas::TwitterData data;
  if (!jot::read(json, data)) return 1;

  jot::output_buffer out;
  jot::writer_options checked, unchecked;
  unchecked.validate_utf8 = false;
  unchecked.validate_raw = false;
  struct variant {
    const char* name;
    std::function<void()> run;
  };
  const variant variants[] = {
      {"dom", [&] { out.clear(); (void)jot::write(doc->root(), out); }},
      {"writer", [&] { out.clear(); jot::writer w(out, checked); replay(w, calls); (void)w.finish(); }},
      {"writer_noutf8", [&] { out.clear(); jot::writer w(out, unchecked); replay(w, calls); (void)w.finish(); }},
      {"typed", [&] { out.clear(); (void)jot::write(data, out); }},
      {"typed_by_writer", [&] { out.clear(); jot::writer w(out, checked); put(w, data); (void)w.finish(); }},
      {"raw", [&] { out.clear(); jot::writer w(out, checked); w.raw(json); (void)w.finish(); }},
      {"raw_trusted", [&] { out.clear(); jot::writer w(out, unchecked); w.raw(json); (void)w.finish(); }},
  };
  for (const variant& v : variants) v.run();  // warm up, size the buffer
  if (argc > 1) {
    for (const variant& v : variants) {
      if (std::strcmp(v.name, argv[1]) != 0) continue;
      CALLGRIND_START_INSTRUMENTATION;
      v.run();
      CALLGRIND_STOP_INSTRUMENTATION;
      return 0;
    }
    std::fprintf(stderr, "no variant %s\n", argv[1]);
    return 2;
  }
  std::printf("twitter.json %zu bytes, %zu writer calls\n", json.size(), calls.size());
  double best[std::size(variants)];
  std::fill(std::begin(best), std::end(best), 1e300);
  for (int round = 0; round < 15; ++round)
    for (std::size_t i = 0; i < std::size(variants); ++i)
      best[i] = std::min(best[i], best_ns(variants[i].run, 1, 50));
  for (std::size_t i = 0; i < std::size(variants); ++i) {
    out.clear();
    variants[i].run();
    std::printf("%-16s %9.1f us  %6.0f MB/s  (%zu bytes)\n", variants[i].name, best[i] / 1000,
                out.size() / best[i] * 1000, out.size());
  }
}
