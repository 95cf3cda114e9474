// jot's adapter: one jot::parser and one jot::arena per thread, reset() before
// each parse (the steady state reuses the arena's upstream block, so a parse
// allocates nothing); output into a reused jot::output_buffer. The build rows
// use a mutable document (jot/mutable.h) and the streaming writer (jot/writer.h).
// The query rows compile and evaluate into a second arena, reset per query, so
// that the loaded document stays.
#include <jot/jot.h>
#include <jot/parallel.h>
#include <jot/visit.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "../runner/bench.h"
#include "../runner/worker_pool.h"

namespace jot_bench {
namespace {

// The kernel of every parser below: set once by register_jot, before the
// runner creates any state, and only read afterwards.
jot::kernel chosen_kernel = jot::kernel::automatic;

struct jot_state {
  jot::parser parser{{}, chosen_kernel};
  jot::arena arena;  // malloc-backed upstream, kept across reset()
  jot::document doc;
  jot::output_buffer out;
  jot::arena query_arena;  // a query's program and nodelist
};

// Packets with a 4 KB stack buffer and no upstream: never allocates.
struct jot_small_state {
  jot::parser parser{{}, chosen_kernel};
};

void* create() { return new jot_state; }
void destroy(void* p) { delete static_cast<jot_state*>(p); }
void* create_small() { return new jot_small_state; }
void destroy_small(void* p) { delete static_cast<jot_small_state*>(p); }

bool parse(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();  // drop the previous document before its memory is reused
  s.arena.reset();
  auto r = s.parser.parse(in.view(), s.arena);
  if (!r) return false;
  s.doc = std::move(*r);
  return true;
}

std::string_view serialize(void* p) {
  auto& s = *static_cast<jot_state*>(p);
  s.out.clear();
  auto r = jot::write(s.doc.root(), s.out);
  return r ? *r : std::string_view();
}

long query_with(void* p, std::string_view q, const jot::path::options& o) {
  auto& s = *static_cast<jot_state*>(p);
  s.query_arena.reset();
  auto compiled = jot::path::compile(q, s.query_arena, o);
  if (!compiled) return -1;
  auto nodes = jot::path::evaluate(*compiled, s.doc.root(), s.query_arena);
  return nodes ? static_cast<long>(nodes->size()) : -1;
}

long query(void* p, std::string_view q) { return query_with(p, q, {}); }

// The nodes without their paths, what serde_json_path's query returns.
long query_values(void* p, std::string_view q) {
  jot::path::options o;
  o.paths = false;
  return query_with(p, q, o);
}

int walk(jot::value v) {
  int hits = 0;
  if (v.is_string()) {
    return has_needle(v.get_string().value_or({})) ? 1 : 0;
  } else if (v.is_array()) {
    jot::array a = v.get_array().value();
    for (jot::value e : a) hits += walk(e);
  } else if (v.is_object()) {
    jot::object o = v.get_object().value();
    for (jot::member m : o) hits += has_needle(m.key) + walk(m.value);
  }
  return hits;
}

int inspect(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();
  s.arena.reset();
  auto r = s.parser.parse(in.view(), s.arena);
  if (!r) return -1;
  return walk(r->root());
}

// The same inspection without recursion: value::preorder() visits every
// node of the tape in document order, keys included, one step per node.
// The default row keeps the recursive walk every other adapter uses.
int inspect_preorder(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();
  s.arena.reset();
  auto r = s.parser.parse(in.view(), s.arena);
  if (!r) return -1;
  int hits = 0;
  for (jot::value v : r->root().preorder())
    if (v.is_string()) hits += has_needle(*v.get_string());
  return hits;
}

// The same inspection with no DOM at all: jot::visit reports every key and
// string as it validates the packet (the typed reader's scan), and strings
// with escapes are decoded into a reused scratch string.
struct needle_visitor : jot::visitor {
  std::string scratch;
  int hits = 0;
  int check(jot::json_string s) {
    if (!s.has_escapes()) return has_needle(s.raw()) ? 1 : 0;
    if (scratch.size() < s.raw().size()) scratch.resize(s.raw().size());
    return has_needle(s.value(scratch.data())) ? 1 : 0;
  }
  bool key(jot::json_string s) { hits += check(s); return true; }
  bool string(jot::json_string s) { hits += check(s); return true; }
};

void* create_visit() { return new needle_visitor; }
void destroy_visit(void* p) { delete static_cast<needle_visitor*>(p); }

int inspect_visit(void* p, input in) {
  auto& v = *static_cast<needle_visitor*>(p);
  v.hits = 0;
  jot::visit_options o;
  o.kernel = chosen_kernel;
  if (!jot::visit(in.view(), v, o).ok()) return -1;
  return v.hits;
}

int inspect_small(void* p, input in) {
  auto& s = *static_cast<jot_small_state*>(p);
  alignas(16) char buf[4096];
  jot::arena arena(buf, sizeof buf);
  auto r = s.parser.parse(in.view(), arena);
  if (!r) return -1;
  return walk(r->root());
}

// jot::documents: one document per line, each parsed into the reused arena.
long ndjson(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();  // documents resets the arena
  long n = 0;
  for (jot::result<jot::document>& d : jot::documents(s.parser, in.view(), s.arena)) {
    if (!d) return -1;
    ++n;
  }
  return n;
}

// jot::parse_parallel on every core, threads started per call (as simdjson's
// threaded parse_many starts its worker per stream): one arena per thread,
// kept across calls.
struct jot_parallel_state {
  jot::parser parser{{}, chosen_kernel};
  std::vector<jot::arena> arenas{std::max(1u, std::thread::hardware_concurrency())};
};

void* create_parallel() { return new jot_parallel_state; }
void destroy_parallel(void* p) { delete static_cast<jot_parallel_state*>(p); }

long ndjson_parallel(void* p, input in) {
  auto& s = *static_cast<jot_parallel_state*>(p);
  const jot::parallel_summary r = jot::parse_parallel(
      s.parser, in.view(), s.arenas, {}, [](std::size_t, jot::result<jot::document>&, std::string_view) {});
  return r.error_count != 0 ? -1 : static_cast<long>(r.count);
}

// The same on threads kept between calls, as a caller with a thread pool runs
// a parallel_documents.
struct jot_pool_state {
  jot::parser parser{{}, chosen_kernel};
  std::vector<jot::arena> arenas{std::max(1u, std::thread::hardware_concurrency())};
  jot_bench::worker_pool pool{arenas.size()};
};

void* create_pool() { return new jot_pool_state; }
void destroy_pool(void* p) { delete static_cast<jot_pool_state*>(p); }

long ndjson_pool(void* p, input in) {
  auto& s = *static_cast<jot_pool_state*>(p);
  auto ignore = [](std::size_t, jot::result<jot::document>&, std::string_view) {};
  jot::parallel_documents job(s.parser, in.view(), s.arenas, {}, ignore);
  auto work = [&job](std::size_t w) { job.work(w); };
  s.pool.run(work);
  const jot::parallel_summary sum = job.summary();
  return sum.error_count != 0 ? -1 : static_cast<long>(sum.count);
}

// jot::stream_reader over a file descriptor: a 1 MB window, and each
// element's DOM in a 64 KB arena buffer (malloc beyond it).
long stream(const char* path) {
  const int fd = ::open(path, O_RDONLY);
  if (fd < 0) return -1;
  std::unique_ptr<char[]> window(new char[1 << 20]);
  std::unique_ptr<char[]> dom(new char[64 * 1024]);
  jot::arena a(dom.get(), 64 * 1024, jot::malloc_allocator());
  jot::stream_reader r(jot::fd_source(fd), {window.get(), 1 << 20}, a, {.array_elements = true});
  long n = 0;
  while (r.next()) {
    if (!r.current()) {
      n = -1;
      break;
    }
    ++n;
  }
  ::close(fd);
  return n;
}

// Like jot's operator== but with object members matched by key in any order
// (nlohmann/json, for one, sorts keys). Untimed, so the quadratic lookup is fine.
bool same_unordered(jot::value a, jot::value b) {
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    jot::object oa = a.get_object().value();
    for (jot::member m : oa)
      if (!same_unordered(m.value, b[m.key])) return false;
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    jot::array aa = a.get_array().value(), ab = b.get_array().value();
    for (auto i = aa.begin(), j = ab.begin(); i != aa.end(); ++i, ++j)
      if (!same_unordered(*i, *j)) return false;
    return true;
  }
  return a == b;
}

bool same_json(std::string_view a, std::string_view b) {
  jot::arena aa, ab;
  auto da = jot::parse(a, aa);
  auto db = jot::parse(b, ab);
  return da && db && same_unordered(da->root(), db->root());
}

// ---- build: the twitter subset from C++ values, two ways ----

// An arena and an output buffer kept across builds: after the first build
// both hold enough memory, so a build allocates nothing.
struct build_state {
  jot::arena arena;
  jot::output_buffer out;
};

void* create_build() { return new build_state; }
void destroy_build(void* p) { delete static_cast<build_state*>(p); }

// A mutable document in the reused arena, one push_back per status (its user
// nested as an object_init), then jot::write.
std::string_view build_mutable(void* p, const tw_data& in) {
  auto& s = *static_cast<build_state*>(p);
  s.arena.reset();
  s.out.clear();
  jot::mutable_document doc(s.arena);
  jot::mut_value statuses = doc.root()["statuses"];
  (void)statuses.set({});  // checked with doc.ok() below
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    (void)statuses.push_back(jot::object_init{
        {"created_at", t.created_at},
        {"id", t.id},
        {"text", t.text},
        {"user", jot::object_init{{"id", u.id},
                                  {"name", u.name},
                                  {"screen_name", u.screen_name},
                                  {"location", u.location},
                                  {"description", u.description},
                                  {"verified", u.verified},
                                  {"followers_count", u.followers_count},
                                  {"friends_count", u.friends_count},
                                  {"statuses_count", u.statuses_count}}},
        {"retweet_count", t.retweet_count},
        {"favorite_count", t.favorite_count}});
  }
  if (!doc.ok()) return {};  // every failed operation is recorded there
  auto r = jot::write(doc.root(), s.out);
  return r ? *r : std::string_view();
}

// The streaming writer straight into the reused output buffer: no tree. The
// member names are "name"_key literals, checked and quoted at compile time.
std::string_view build_writer(void* p, const tw_data& in) {
  using namespace jot::literals;
  auto& s = *static_cast<build_state*>(p);
  s.out.clear();
  jot::writer w(s.out);
  w.begin_object().key("statuses"_key).begin_array();
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    w.begin_object().key("created_at"_key).string(t.created_at).key("id"_key).number(t.id);
    w.key("text"_key).string(t.text).key("user"_key).begin_object();
    w.key("id"_key).number(u.id).key("name"_key).string(u.name);
    w.key("screen_name"_key).string(u.screen_name).key("location"_key).string(u.location);
    w.key("description"_key).string(u.description).key("verified"_key).boolean(u.verified);
    w.key("followers_count"_key).number(u.followers_count);
    w.key("friends_count"_key).number(u.friends_count);
    w.key("statuses_count"_key).number(u.statuses_count).end_object();
    w.key("retweet_count"_key).number(t.retweet_count);
    w.key("favorite_count"_key).number(t.favorite_count).end_object();
  }
  w.end_array().end_object();
  return w.finish() ? s.out.view() : std::string_view();
}

// ---- patch: copy the parsed document into a mutable one, then patch it ----

// The parsed document and patch live in their own arena; each apply resets
// the mutable document's arena, so after the first apply nothing allocates.
// (jot can also patch in place, all or nothing, without the copy; that is
// the point of its undo log, but this row measures what every peer does.)
struct patch_state {
  std::string doc_text, patch_text;
  jot::arena parsed_arena, edit_arena;
  jot::document doc, patch;
  std::optional<jot::mutable_document> edited;
  jot::output_buffer out;
};

void* create_patch() { return new patch_state; }
void destroy_patch(void* p) { delete static_cast<patch_state*>(p); }

bool patch_load(void* p, input doc, input patch) {
  auto& s = *static_cast<patch_state*>(p);
  s.edited.reset();
  s.doc = jot::document();
  s.patch = jot::document();
  s.parsed_arena.reset();
  s.doc_text.assign(doc.data, doc.size);
  s.patch_text.assign(patch.data, patch.size);
  auto d = jot::parse(s.doc_text, s.parsed_arena);
  auto q = jot::parse(s.patch_text, s.parsed_arena);
  if (!d || !q) return false;
  s.doc = std::move(d).value();
  s.patch = std::move(q).value();
  return true;
}

bool patch_apply(void* p) {
  auto& s = *static_cast<patch_state*>(p);
  s.edited.reset();
  s.edit_arena.reset();
  s.edited.emplace(s.edit_arena);
  if (!s.edited->set_root(s.doc.root()).ok()) return false;
  return static_cast<bool>(jot::apply_patch(*s.edited, s.patch.root()));
}

std::string_view patch_result(void* p) {
  auto& s = *static_cast<patch_state*>(p);
  s.out.clear();
  if (!s.edited) return {};
  auto w = jot::write(s.edited->root(), s.out);
  return w ? *w : std::string_view();
}

// A row of jot's: variant says how it differs from the default row ("").
library jot_variant(const char* variant, void* (*create)(), void (*destroy)(void*)) {
  library l;
  l.name = "jot";
  l.version = jot::version_string;
  l.variant = variant;
  l.is_jot = true;
  l.create = create;
  l.destroy = destroy;
  return l;
}

}  // namespace

void register_jot(registry& r, jot::kernel k) {
  chosen_kernel = k;
  library l = jot_variant("", create, destroy);
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  l.stream = stream;
  l.stream_variant = "stream_reader, 1 MB window";
  l.same_json = same_json;
  l.query = query;
  r.push_back(l);

  static const std::string all_threads =
      "parse_parallel, " + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads";
  library par = jot_variant(all_threads.c_str(), create_parallel, destroy_parallel);
  par.ndjson = ndjson_parallel;
  r.push_back(par);

  static const std::string pool_threads = all_threads + " kept between calls";
  library pool = par;
  pool.variant = pool_threads.c_str();
  pool.create = create_pool;
  pool.destroy = destroy_pool;
  pool.ndjson = ndjson_pool;
  r.push_back(pool);

  library values = jot_variant("values only, no paths", create, destroy);
  values.query = query_values;
  r.push_back(values);

  library flat = jot_variant("pre-order walk", create, destroy);
  flat.inspect = inspect_preorder;
  r.push_back(flat);

  library visiting = jot_variant("visit, no DOM", create_visit, destroy_visit);
  visiting.inspect = inspect_visit;
  r.push_back(visiting);

  library small = jot_variant("4 KB stack buffer", create_small, destroy_small);
  small.inspect = inspect_small;
  r.push_back(small);

  auto add_build = [&](const char* variant, std::string_view (*build)(void*, const tw_data&)) {
    library b = jot_variant(variant, create_build, destroy_build);
    b.build = build;
    r.push_back(b);
  };
  add_build("mutable document, reused arena", build_mutable);
  add_build("writer, reused output_buffer", build_writer);

  library pt = jot_variant("mutable document: copy, then patch", create_patch, destroy_patch);
  pt.patch_load = patch_load;
  pt.patch_apply = patch_apply;
  pt.patch_result = patch_result;
  r.push_back(pt);
}

}  // namespace jot_bench
