// nlohmann/json: nlohmann::json has no reusable parser or memory, so every
// parse builds a fresh json (allocating per value); exceptions are switched off
// per call (allow_exceptions = false, errors give a discarded value). dump()
// returns a fresh std::string.
//
// Typed rows go through nlohmann's own typed API: parse into a json, then
// get_to() the struct through from_json (and json(value).dump() through
// to_json), found by argument-dependent lookup. The from_json/to_json pair
// below serves every struct of schemas.h from its field list, as
// NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT would for each one (missing
// keys keep their value, unknown keys are ignored). nlohmann::json has no raw
// value: OpenRTB's ext is kept as its dump() (equal as JSON to the input's
// text, not byte for byte) and written by parsing it back.
#include <nlohmann/json.hpp>

#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../runner/bench.h"

#define JOT_STR2(x) #x
#define JOT_STR(x) JOT_STR2(x)

// nlohmann/json 3.11.2 does not map std::optional; this is the specialization
// its documentation gives for it (null when empty).
namespace nlohmann {
template <class T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& v) {
    if (v) j = *v;
    else j = nullptr;
  }
  static void from_json(const json& j, std::optional<T>& v) {
    if (j.is_null()) {
      v.reset();
      return;
    }
    if (!v) v.emplace();
    j.get_to(*v);
  }
};
}  // namespace nlohmann

namespace jot_bench {

// Found by argument-dependent lookup, so in the namespace of the schema types.
template <has_fields T>
void from_json(const nlohmann::json& j, T& v) {
  if (!j.is_object()) throw std::invalid_argument("expected an object");
  for_each_field(v, [&](std::string_view key, auto& member) {
    auto it = j.find(key);
    if (it != j.end()) it->get_to(member);
  });
}

template <has_fields T>
void to_json(nlohmann::json& j, const T& v) {
  j = nlohmann::json::object();
  for_each_field(v, [&](std::string_view key, const auto& member) { j[std::string(key)] = member; });
}

inline void from_json(const nlohmann::json& j, raw_text& v) { v.json = j.dump(); }
inline void to_json(nlohmann::json& j, const raw_text& v) { j = nlohmann::json::parse(v.json); }

namespace {

struct nl_state {
  nlohmann::json doc;
  std::string out;
  nlohmann::json forward, inverse;  // patch
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

bool load_patch(void* p, input doc, input forward, input inverse) {
  auto& s = *static_cast<nl_state*>(p);
  s.doc = parse_text(doc.data, doc.size);
  s.forward = parse_text(forward.data, forward.size);
  s.inverse = parse_text(inverse.data, inverse.size);
  return !s.doc.is_discarded() && !s.forward.is_discarded() && !s.inverse.is_discarded();
}

// json::patch returns a patched copy and throws on failure, leaving the
// original as it was: the atomic call (patch_inplace is not atomic).
bool patch_round(void* p) {
  auto& s = *static_cast<nl_state*>(p);
  try {
    s.doc = s.doc.patch(s.forward);
    s.doc = s.doc.patch(s.inverse);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

std::string_view patched_text(void* p) {
  auto& s = *static_cast<nl_state*>(p);
  try {
    s.out = s.doc.patch(s.forward).dump();
  } catch (const std::exception&) {
    return {};
  }
  return s.out;
}

template <class T>
bool decode(void*, input in, T& out) {
  nlohmann::json j = parse_text(in.data, in.size);
  if (j.is_discarded()) return false;
  try {
    j.get_to(out);
  } catch (const std::exception&) {  // nlohmann::json::exception, or from_json's own
    return false;
  }
  return true;
}

template <class T>
std::string_view encode(void* p, const T& v) {
  auto& s = *static_cast<nl_state*>(p);
  s.out = nlohmann::json(v).dump();
  return s.out;
}

template <class T>
typed_codec<T> codec() {
  return {decode<T>, encode<T>, nullptr};
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
  l.load_patch = load_patch;
  l.patch_round = patch_round;
  l.patched_text = patched_text;
  r.push_back(l);

  library t;
  t.name = "nlohmann/json";
  t.version = l.version;
  t.variant = "from_json";
  t.create = create;
  t.destroy = destroy;
  set_typed_codecs(t, []<class T>() { return codec<T>(); });
  t.encode_variant = "to_json + dump()";
  r.push_back(t);
}

}  // namespace jot_bench
