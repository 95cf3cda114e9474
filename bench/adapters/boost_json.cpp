// Boost.JSON, compiled header-only into this translation unit (boost/json/src.hpp)
// so it gets the same flags as every other library. One boost::json::parser per
// thread, values in a monotonic_resource over a reused buffer (regrown once to
// what the input needs), output through a reused serializer and string.
#include <boost/json/src.hpp>
#include <boost/version.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

namespace bj = boost::json;

struct bj_state {
  std::vector<unsigned char> buf = std::vector<unsigned char>(4096);
  std::optional<bj::monotonic_resource> mr;
  bj::parser parser;
  std::optional<bj::value> doc;  // emplaced: move-assigning a value copies it into the target's storage
  bj::serializer ser;
  std::string out;
  std::size_t used_hint = 0;

  bool parse(const char* p, std::size_t n) {
    doc.reset();
    if (!mr || used_hint > buf.size()) {
      if (used_hint > buf.size()) buf.resize(used_hint + used_hint / 4);
      mr.reset();
      mr.emplace(buf.data(), buf.size());
    } else {
      mr->release();
    }
    parser.reset(bj::storage_ptr(&*mr));
    bj::error_code ec;
    parser.write(p, n, ec);
    if (ec) return false;
    doc.emplace(parser.release());
    // monotonic_resource does not say how much it used; regrow by doubling
    // until a parse fits in the buffer (then it stops allocating).
    if (n * 8 > buf.size() && used_hint < n * 8) used_hint = n * 8;
    return true;
  }
};

void* create() { return new bj_state; }
void destroy(void* p) { delete static_cast<bj_state*>(p); }

bool parse(void* p, input in) { return static_cast<bj_state*>(p)->parse(in.data, in.size); }

std::string_view serialize(void* p) {
  auto& s = *static_cast<bj_state*>(p);
  s.ser.reset(&*s.doc);
  std::size_t n = 0;
  while (!s.ser.done()) {
    if (s.out.size() - n < 4096) s.out.resize(s.out.size() * 2 + 4096);
    n += s.ser.read(s.out.data() + n, s.out.size() - n).size();
  }
  return {s.out.data(), n};
}

int walk(const bj::value& v) {
  switch (v.kind()) {
    case bj::kind::string: {
      const bj::string& str = v.get_string();
      return has_needle({str.data(), str.size()}) ? 1 : 0;
    }
    case bj::kind::array: {
      int h = 0;
      for (const bj::value& e : v.get_array()) h += walk(e);
      return h;
    }
    case bj::kind::object: {
      int h = 0;
      for (const bj::key_value_pair& kv : v.get_object()) h += has_needle(kv.key()) + walk(kv.value());
      return h;
    }
    default: return 0;
  }
}

int inspect(void* p, input in) {
  auto& s = *static_cast<bj_state*>(p);
  if (!s.parse(in.data, in.size)) return -1;
  return walk(*s.doc);
}

long ndjson(void* p, input in) {
  auto& s = *static_cast<bj_state*>(p);
  return for_each_line(in, [&](const char* line, std::size_t size) { return static_cast<bool>(s.parse(line, size)); });
}

// "1.81.0" from BOOST_VERSION (108100); assumes a two-digit minor and one-digit patch.
constexpr char version[] = {char('0' + BOOST_VERSION / 100000), '.',
                            char('0' + BOOST_VERSION / 100 % 1000 / 10), char('0' + BOOST_VERSION / 100 % 10),
                            '.', char('0' + BOOST_VERSION % 100 % 10), 0};

}  // namespace

void register_boost_json(registry& r) {
  library l;
  l.name = "Boost.JSON";
  l.version = version;
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
