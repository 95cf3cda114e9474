// jot's typed rows: jot::read / jot::write (jot/typed.h) on the structs of
// schemas.h, mapped by jot's reflection, plus a zero-allocation OpenRTB variant
// whose struct holds views (std::string_view, std::span, jot::raw_json) into
// the input and a reused jot::arena.
//
// Built only with -DJOT_BENCH_TYPED=ON (bench/CMakeLists.txt): jot/typed.h
// declares read and write but their definitions come with the typed mapping
// work (issue 8), so until then this file compiles and does not link.
#include <jot/documents.h>
#include <jot/jot.h>
#include <jot/reflect.h>
#include <jot/typed.h>
#include <jot/typed_parallel.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../runner/bench.h"
#include "../runner/worker_pool.h"
#include "../runner/schemas_jot.h"

namespace jot_bench {
namespace {

// The kernel of every typed read below: set once by register_jot_typed, before
// the runner decodes anything, and only read afterwards.
jot::kernel chosen_kernel = jot::kernel::automatic;

// ---- OpenRTB as views: the members of schemas.h's rtb_* in the same order ----
// Strings are views of the input (of the arena when they hold escapes),
// arrays are spans in the arena, every ext is the exact text of the input.
// Decoding one allocates nothing once the arena's upstream block is large
// enough, since reset() keeps it.
namespace views {
using raw = std::optional<jot::raw_json>;
using text = std::optional<std::string_view>;

struct rtb_format {
  int w = 0, h = 0;
};
struct rtb_banner {
  std::optional<int> w, h, pos;
  std::span<rtb_format> format;
  raw ext;
};
struct rtb_video {
  std::span<std::string_view> mimes;
  std::optional<int> minduration, maxduration;
  std::span<int> protocols;
  std::optional<int> w, h;
  raw ext;
};
struct rtb_deal {
  std::string_view id;
  std::optional<double> bidfloor;
  std::optional<int> at;
  raw ext;
};
struct rtb_pmp {
  std::optional<int> private_auction;
  std::span<rtb_deal> deals;
  raw ext;
};
struct rtb_imp {
  std::string_view id;
  text tagid;
  std::optional<double> bidfloor;
  text bidfloorcur;
  std::optional<int> secure;
  std::optional<rtb_banner> banner;
  std::optional<rtb_video> video;
  std::optional<rtb_pmp> pmp;
  raw ext;
};
struct rtb_publisher {
  text id, name, domain;
  raw ext;
};
struct rtb_site {
  text id, name, domain;
  std::span<std::string_view> cat;
  text page, ref;
  std::optional<rtb_publisher> publisher;
  raw ext;
};
struct rtb_app {
  text id, name, bundle;
  std::span<std::string_view> cat;
  text ver;
  std::optional<rtb_publisher> publisher;
  raw ext;
};
struct rtb_geo {
  std::optional<double> lat, lon;
  text country, city;
  std::optional<int> type;
  raw ext;
};
struct rtb_device {
  text ua, ip;
  std::optional<rtb_geo> geo;
  std::optional<int> devicetype;
  text os, osv, language;
  std::optional<int> js, dnt;
  raw ext;
};
struct rtb_user {
  text id;
  std::optional<int> yob;
  text gender;
  raw ext;
};
struct rtb_regs {
  std::optional<int> coppa;
  raw ext;
};
struct rtb_source {
  std::optional<int> fd;
  text tid;
  raw ext;
};
struct rtb_bid_request {
  std::string_view id;
  std::span<rtb_imp> imp;
  std::optional<rtb_site> site;
  std::optional<rtb_app> app;
  std::optional<rtb_device> device;
  std::optional<rtb_user> user;
  std::optional<int> at, tmax;
  std::span<std::string_view> cur, bcat, badv;
  std::optional<rtb_regs> regs;
  std::optional<rtb_source> source;
  raw ext;
};
}  // namespace views

// ---- views -> schemas.h's owning structs, for the runner's untimed check ----
// Declared first: the templates below find each other by ordinary lookup.
void to_owning(std::string_view v, std::string& o);
void to_owning(const jot::raw_json& v, raw_text& o);
template <class S>
  requires std::is_arithmetic_v<S>
void to_owning(S v, S& o);
template <class V, class O>
void to_owning(const std::optional<V>& v, std::optional<O>& o);
template <class V, class O>
void to_owning(std::span<V> v, std::vector<O>& o);
template <class V, has_fields O>
void to_owning(const V& v, O& o);

void to_owning(std::string_view v, std::string& o) { o.assign(v.data(), v.size()); }
void to_owning(const jot::raw_json& v, raw_text& o) { o.json.assign(v.text.data(), v.text.size()); }
template <class S>
  requires std::is_arithmetic_v<S>
void to_owning(S v, S& o) {
  o = v;
}
template <class V, class O>
void to_owning(const std::optional<V>& v, std::optional<O>& o) {
  if (!v) {
    o.reset();
    return;
  }
  o.emplace();
  to_owning(*v, *o);
}
template <class V, class O>
void to_owning(std::span<V> v, std::vector<O>& o) {
  o.resize(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) to_owning(v[i], o[i]);
}
// Member i of a view struct goes to member i of its owning twin (the same
// order and keys: the static_assert and the key comparison in the check).
template <class V, has_fields O>
void to_owning(const V& v, O& o) {
  static_assert(jot::reflect::member_count<V> == std::tuple_size_v<decltype(schema<O>::fields)>);
  jot::reflect::for_each_member(v, [&](auto i, std::string_view key, const auto& member) {
    const auto& f = std::get<decltype(i)::value>(schema<O>::fields);
    if (key == f.key) to_owning(member, o.*f.member);
  });
}

// ---- the adapter ----

struct typed_state {
  jot::arena arena;  // malloc-backed upstream, kept across reset()
  jot::output_buffer out;
  views::rtb_bid_request request;
  // For decode_rows_parallel only: made on its first call.
  std::unique_ptr<jot_bench::worker_pool> pool;
  std::vector<jot::arena> arenas;  // one per worker
};

void* create() { return new typed_state; }
void destroy(void* p) { delete static_cast<typed_state*>(p); }

// OpenRTB's optional arrays are plain vectors (spans) absent from some
// objects; jot's default accepts only optional members as missing.
template <class T>
jot::read_options options_for() {
  jot::read_options o;
  o.kernel = chosen_kernel;
  o.allow_missing_members = std::is_same_v<T, rtb_bid_request> || std::is_same_v<T, views::rtb_bid_request>;
  return o;
}

template <class T>
bool decode(void* p, input in, T& out) {
  auto& s = *static_cast<typed_state*>(p);
  s.arena.reset();
  return static_cast<bool>(jot::read(in.view(), out, s.arena, options_for<T>()));
}

template <class T>
std::string_view encode(void* p, const T& v) {
  auto& s = *static_cast<typed_state*>(p);
  s.out.clear();
  auto r = jot::write(v, s.out);
  return r ? *r : std::string_view();
}

// NDJSON rows: jot::read_ndjson decodes every line straight into its tuple
// (one engine choice and no line split for the whole file); rows already in
// out are reused, so their strings keep their capacity.
bool decode_rows(void* p, input in, product_rows& out) {
  auto& s = *static_cast<typed_state*>(p);
  jot::read_options o;
  o.kernel = chosen_kernel;
  s.arena.reset();  // once: rows of std::string take no arena memory
  return static_cast<bool>(jot::read_ndjson(in.view(), out, s.arena, o));
}

// The same on `threads` threads kept between calls, as a service with a
// thread pool runs a jot::parallel_ndjson_reader: the file is cut into chunks
// at line feeds, each read in place into its range of out.
bool decode_rows_parallel(void* p, input in, product_rows& out, int threads) {
  auto& s = *static_cast<typed_state*>(p);
  if (!s.pool) {
    s.pool = std::make_unique<jot_bench::worker_pool>(static_cast<std::size_t>(threads));
    s.arenas = std::vector<jot::arena>(static_cast<std::size_t>(threads));
  }
  for (jot::arena& a : s.arenas) a.reset();  // rows of std::string use them only for the reader's table
  jot::parallel_read_options o;
  o.read.kernel = chosen_kernel;
  jot::parallel_ndjson_reader<product_rows> job(in.view(), out, s.arenas, o);
  auto work = [&job](std::size_t w) { job.work(w); };
  s.pool->run(work);
  return static_cast<bool>(job.finish());
}

// A template only so that a build without OpenRTB (set_typed_codecs) does not compile it.
template <class View>
bool decode_views(void* p, input in, rtb_bid_request* check) {
  auto& s = *static_cast<typed_state*>(p);
  View& request = s.request;
  request = {};  // drops the views into the memory reset() reuses
  s.arena.reset();
  if (!jot::read(in.view(), request, s.arena, options_for<View>())) return false;
  if (check) to_owning(request, *check);
  return true;
}

template <class T>
typed_codec<T> codec() {
  return {decode<T>, encode<T>, nullptr};
}

}  // namespace

void register_jot_typed(registry& r, jot::kernel k) {
  chosen_kernel = k;
  library t;
  t.name = "jot";
  t.version = jot::version_string;
  t.is_jot = true;
  t.create = create;
  t.destroy = destroy;
  set_typed_codecs(t, []<class T>() { return codec<T>(); });
#if !defined(JOT_BENCH_TYPED_SCHEMAS)
  t.ndjson_rows.decode = decode_rows;
  t.ndjson_rows.decode_parallel = decode_rows_parallel;
#endif
  t.encode_variant = "reused output_buffer";
  r.push_back(t);

// Not in the compile-cost builds (JOT_BENCH_TYPED_SCHEMAS set): they compare
// one OpenRTB decoder and encoder per library, and this is a second decoder.
#if !defined(JOT_BENCH_TYPED_SCHEMAS)
  library v;
  v.name = "jot";
  v.version = jot::version_string;
  v.variant = "views, reused arena";
  v.is_jot = true;
  v.create = create;
  v.destroy = destroy;
  v.openrtb.decode_own = decode_views<views::rtb_bid_request>;
  r.push_back(v);
#endif
}

}  // namespace jot_bench
