// jsoncons' adapter: its JSONPath (jsoncons_ext/jsonpath), for the query rows
// only. load() parses into a jsoncons::json (untimed); query() compiles the
// text with make_expression and evaluates it with select's callback, which
// receives each node as a reference and its path as a chain of path nodes, as
// jot's nodelist holds them: no value is copied, no path text is written.
// jsoncons reports errors by exceptions; one caught means "refused".
#include <jsoncons/json.hpp>
#include <jsoncons_ext/jsonpath/jsonpath.hpp>

#include <string_view>

#include "../runner/bench.h"

// Not JSONCONS_VERSION_STRING: it pastes string literals together, which GCC refuses.
#define JOT_JSONCONS_STR2(x) #x
#define JOT_JSONCONS_STR(x) JOT_JSONCONS_STR2(x)
#define JOT_JSONCONS_VERSION \
  JOT_JSONCONS_STR(JSONCONS_VERSION_MAJOR) "." JOT_JSONCONS_STR(JSONCONS_VERSION_MINOR) "." JOT_JSONCONS_STR(JSONCONS_VERSION_PATCH)

namespace jot_bench {
namespace {

struct jsoncons_state {
  jsoncons::json doc;
};

void* create() { return new jsoncons_state; }
void destroy(void* p) { delete static_cast<jsoncons_state*>(p); }

bool load(void* p, input in) {
  try {
    static_cast<jsoncons_state*>(p)->doc = jsoncons::json::parse(in.view());
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

long query(void* p, std::string_view q) {
  try {
    auto expr = jsoncons::jsonpath::make_expression<jsoncons::json>(q);
    long n = 0;
    expr.select(static_cast<jsoncons_state*>(p)->doc,
                [&n](const jsoncons::jsonpath::path_node&, const jsoncons::json&) { ++n; });
    return n;
  } catch (const std::exception&) {
    return -1;
  }
}

}  // namespace

void register_jsoncons(registry& r) {
  library l;
  l.name = "jsoncons";
  l.version = JOT_JSONCONS_VERSION;
  l.variant = "jsonpath";
  l.create = create;
  l.destroy = destroy;
  l.load = load;
  l.query = query;
  l.query_dialect = "jsoncons";  // no match(): its =~ operator instead
  r.push_back(l);
}

}  // namespace jot_bench
