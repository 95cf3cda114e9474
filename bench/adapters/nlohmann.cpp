// nlohmann/json: nlohmann::json has no reusable parser or memory, so every
// parse builds a fresh json (allocating per value); exceptions are switched off
// per call (allow_exceptions = false, errors give a discarded value). dump()
// returns a fresh std::string.
#include <nlohmann/json.hpp>

#include <cstring>
#include <string>

#include "../runner/bench.h"

#define JOT_STR2(x) #x
#define JOT_STR(x) JOT_STR2(x)

namespace jot_bench {
namespace {

struct nl_state {
  nlohmann::json doc;
  std::string out;
};

void* create() { return new nl_state; }
void destroy(void* p) { delete static_cast<nl_state*>(p); }

nlohmann::json parse_text(const char* p, std::size_t n) {
  return nlohmann::json::parse(p, p + n, nullptr, /*allow_exceptions=*/false);
}

bool parse(void* p, input in) {
  auto& s = *static_cast<nl_state*>(p);
  s.doc = parse_text(in.data, in.size);
  return !s.doc.is_discarded();
}

std::string_view serialize(void* p) {
  auto& s = *static_cast<nl_state*>(p);
  s.out = s.doc.dump();
  return s.out;
}

int walk(const nlohmann::json& v) {
  if (v.is_string()) return has_needle(v.get_ref<const std::string&>()) ? 1 : 0;
  int h = 0;
  if (v.is_array()) {
    for (const auto& e : v) h += walk(e);
  } else if (v.is_object()) {
    for (const auto& m : v.items()) h += has_needle(m.key()) + walk(m.value());
  }
  return h;
}

int inspect(void*, input in) {
  nlohmann::json j = parse_text(in.data, in.size);
  if (j.is_discarded()) return -1;
  return walk(j);
}

long ndjson(void*, input in) {
  return for_each_line(in, [](const char* line, std::size_t size) { return !parse_text(line, size).is_discarded(); });
}

}  // namespace

void register_nlohmann(registry& r) {
  library l;
  l.name = "nlohmann/json";
  l.version = JOT_STR(NLOHMANN_JSON_VERSION_MAJOR) "." JOT_STR(NLOHMANN_JSON_VERSION_MINOR) "." JOT_STR(
      NLOHMANN_JSON_VERSION_PATCH);
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  r.push_back(l);
}

}  // namespace jot_bench
