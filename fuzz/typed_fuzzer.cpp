// fuzz/typed_fuzzer.cpp - typed decoding (jot::read) of arbitrary bytes into
// an OpenRTB-shaped struct.
//
// Input: one option byte (bit 0 reject unknown keys, bit 1 allow missing
// members, bit 2 allow duplicate keys, bit 3 skip UTF-8 validation, bits 4-6
// the kernel as kernel_from reads it, bit 7 a small arena), then the JSON.
// Checks that
//   - the typed reader accepts only what the DOM parser accepts: a decode that
//     succeeds means valid JSON, and a syntax error means the DOM parser
//     rejects the text too, with the same code at the same byte, and any
//     other error comes no later than the parser's first syntax error;
//   - errors carry a position inside the input, with the right line and column;
//   - a successful decode agrees with the DOM path, member by member;
//   - with allow_trailing_content, a read of the first document into a
//     jot::value stops where jot::parse with that option stops (its bytes consumed),
//     with the same value, or fails with the parser's error;
//   - with relaxed syntax allowed too (comments, trailing commas, a byte
//     order mark), the same agreement with jot::parse under those options.
#include <list>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "fuzz_check.h"
#include "jot/typed.h"
#include "typed_options.h"

namespace {

struct format_t {
  std::uint16_t w = 0;
  std::uint16_t h = 0;
};
struct banner_t {
  std::optional<std::int32_t> w, h;
  std::vector<format_t> format;
  std::array<std::uint8_t, 2> pair{};
  std::optional<std::tuple<std::uint16_t, std::string_view, bool>> tag;
};
struct imp_t {
  std::string_view id;
  std::optional<double> bidfloor;
  std::optional<banner_t> banner;
  std::optional<jot::raw_json> ext;
};
struct device_t {
  std::string ua;
  std::optional<std::int8_t> dnt;
  std::span<std::string_view> langs;
  std::optional<std::set<std::int32_t>> segments;
  std::optional<std::list<std::string>> keywords;
};
struct square_t {
  std::uint16_t side = 0;
  std::optional<std::string_view> note;
  std::uint32_t count = 7;  // may be absent (jot::meta below)
};
using shape_t = std::variant<format_t, square_t>;  // tagged (jot::meta below)
struct bid_request {
  std::string id;
  std::vector<imp_t> imp;
  std::optional<device_t> device;
  std::map<std::string, std::int64_t> counts;
  std::optional<std::map<std::int32_t, std::string_view>> by_id;  // integer keys
  std::variant<std::monostate, bool, std::uint64_t, double, std::string> any;
  std::optional<jot::value> dom;
  std::optional<shape_t> shape;  // {"kind":"square","side":3}
  bool test = false;
};

}  // namespace

template <>
struct jot::meta<square_t> {
  static constexpr auto defaulted = jot::defaulted({"count"});
};
template <>
struct jot::meta<shape_t> {
  static constexpr std::string_view tag = "kind";
  static constexpr std::string_view ids[] = {"format", "square"};
};

namespace {

bool is_syntax_error(jot::error_code c) {
  using jot::error_code;
  switch (c) {
    case error_code::type_mismatch:
    case error_code::number_out_of_range:
    case error_code::missing_member:
    case error_code::unknown_key:
    case error_code::duplicate_key:
    case error_code::wrong_length:
    case error_code::invalid_value:
    case error_code::capacity_exceeded:
    case error_code::depth_exceeded:
      return false;
    default:
      return true;
  }
}

// ---- the decoded struct against the DOM, member by member ----

template <class T>
void agree(const T& typed, jot::value dom);

template <class T>
void agree_number(T typed, jot::value dom) {
  const auto d = dom.get<T>();
  FUZZ_CHECK(d.ok() && *d == typed);
}

void agree(const std::string& s, jot::value dom) { FUZZ_CHECK(dom.get_string().value_or("\x01") == s); }
void agree(std::string_view s, jot::value dom) { FUZZ_CHECK(dom.get_string().ok() && *dom.get_string() == s); }
void agree(const jot::raw_json& raw, jot::value dom) {
  // The whole input already parsed under the run's UTF-8 policy; without
  // validation, raw text may hold any bytes, so parse it back unvalidated.
  jot::parse_options po;
  po.syntax.validate_utf8 = false;
  jot::arena a;
  auto again = jot::parse(raw.text, a, po);
  FUZZ_CHECK(again.ok() && again->root() == dom);
}
void agree(const jot::value& v, jot::value dom) { FUZZ_CHECK(v == dom); }
void agree(const format_t& f, jot::value dom) { agree(f.w, dom["w"]), agree(f.h, dom["h"]); }

template <class T>
void agree_optional(const std::optional<T>& o, jot::value dom) {
  if (o) agree(*o, dom);
  else FUZZ_CHECK(dom.type() == jot::type::absent || dom.type() == jot::type::null);
}

template <class T>
void agree_elements(const T& elements, jot::value dom) {
  auto array = dom.get_array();
  FUZZ_CHECK(array.ok() && array->size() == std::size(elements));
  std::size_t i = 0;
  for (const auto& e : elements) agree(e, dom[i++]);
}

template <class... A>
void agree(const std::tuple<A...>& t, jot::value dom) {
  auto array = dom.get_array();
  FUZZ_CHECK(array.ok() && array->size() == sizeof...(A));
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (agree(std::get<I>(t), dom[I]), ...);
  }(std::index_sequence_for<A...>{});
}

// A set holds each element of the array once (duplicates are an error under
// the strict policy the comparison runs with).
template <class T>
void agree(const std::set<T>& set, jot::value dom) {
  auto array = dom.get_array();
  FUZZ_CHECK(array.ok() && array->size() == set.size());
  for (jot::value e : *array) {
    const auto v = e.get<T>();
    FUZZ_CHECK(v.ok() && set.count(*v) == 1);
  }
}
template <class T>
void agree(const std::list<T>& list, jot::value dom) { agree_elements(list, dom); }

// The tag names the alternative held, whose members agree.
void agree(const shape_t& s, jot::value dom) {
  FUZZ_CHECK(dom["kind"].get_string().ok() && *dom["kind"].get_string() == jot::meta<shape_t>::ids[s.index()]);
  if (const auto* f = std::get_if<format_t>(&s)) {
    agree(*f, dom);
  } else {
    const auto& q = std::get<square_t>(s);
    agree(q.side, dom["side"]);
    agree_optional(q.note, dom["note"]);
    if (dom["count"].exists()) agree(q.count, dom["count"]);
    else FUZZ_CHECK(q.count == 7);
  }
}

void agree(const banner_t& b, jot::value dom) {
  agree_optional(b.w, dom["w"]);
  agree_optional(b.h, dom["h"]);
  agree_elements(b.format, dom["format"]);
  agree_elements(b.pair, dom["pair"]);
  agree_optional(b.tag, dom["tag"]);
}
void agree(const imp_t& i, jot::value dom) {
  agree(i.id, dom["id"]);
  agree_optional(i.bidfloor, dom["bidfloor"]);
  agree_optional(i.banner, dom["banner"]);
  agree_optional(i.ext, dom["ext"]);
}
void agree(const device_t& d, jot::value dom) {
  agree(d.ua, dom["ua"]);
  agree_optional(d.dnt, dom["dnt"]);
  agree_elements(d.langs, dom["langs"]);
  agree_optional(d.segments, dom["segments"]);
  agree_optional(d.keywords, dom["keywords"]);
}

template <class T>
void agree(const T& typed, jot::value dom) {
  if constexpr (std::is_arithmetic_v<T>) agree_number(typed, dom);
}

void agree(const bid_request& r, jot::value dom) {
  agree(r.id, dom["id"]);
  agree_elements(r.imp, dom["imp"]);
  agree_optional(r.device, dom["device"]);
  auto counts = dom["counts"].get_object();
  FUZZ_CHECK(counts.ok());
  // Keys may repeat in the text (last wins when allowed): check every pair
  // the map holds against the DOM's last member with that key.
  for (const auto& [k, v] : r.counts) {
    jot::value last;
    for (auto m : *counts)
      if (m.key == k) last = m.value;
    agree(v, last);
  }
  // Integer keys: every DOM key is the text of one entry (the typed read
  // accepts only the canonical text), and each entry agrees with its member.
  if (r.by_id) {
    auto by_id = dom["by_id"].get_object();
    FUZZ_CHECK(by_id.ok() && by_id->size() == r.by_id->size());
    for (const auto& [k, v] : *r.by_id) {
      const std::string text = std::to_string(k);
      agree(v, (*by_id)[text]);
    }
  } else {
    FUZZ_CHECK(dom["by_id"].type() == jot::type::absent || dom["by_id"].type() == jot::type::null);
  }
  switch (r.any.index()) {
    case 0: FUZZ_CHECK(dom["any"].type() == jot::type::null); break;
    case 1: agree(std::get<1>(r.any), dom["any"]); break;
    case 2: agree(std::get<2>(r.any), dom["any"]); break;
    case 3: agree(std::get<3>(r.any), dom["any"]); break;
    case 4: agree(std::get<4>(r.any), dom["any"]); break;
  }
  agree_optional(r.dom, dom["dom"]);
  agree_optional(r.shape, dom["shape"]);
  agree(r.test, dom["test"]);
}

// json read as a jot::value (which takes any JSON) with ro, against jot::parse
// with po (the same syntax options): the same success, value and bytes
// consumed, or the same error code at the same byte.
void read_as_parsed(std::string_view json, const jot::read_options& ro, const jot::parse_options& po) {
  jot::arena typed_arena, dom_arena;
  jot::value v;
  const jot::read_result r = jot::read(json, v, typed_arena, ro);
  const auto doc = jot::parse(json, dom_arena, po);
  const bool too_deep = !doc.ok() && doc.error().code == jot::error_code::depth_exceeded;
  if (!too_deep) FUZZ_CHECK(r.ok() == doc.ok());
  if (r.ok() && doc.ok()) {
    FUZZ_CHECK(*r == doc->consumed());
    FUZZ_CHECK(v == doc->root());
  } else if (!r.ok() && !doc.ok() && !too_deep) {
    FUZZ_CHECK(r.error().code == doc.error().code);
    FUZZ_CHECK(r.error().offset == doc.error().offset);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t flags = data[0];
  const std::string_view json(reinterpret_cast<const char*>(data + 1), size - 1);
  const jot::read_options o = jot_fuzz::read_options_from(flags);
  static char buffer[1 << 16];
  jot::arena a(buffer, jot_fuzz::arena_size_from(flags));
  bid_request r;
  const jot::read_result res = jot::read(json, r, a, o);

  jot::parse_options po;
  po.syntax.validate_utf8 = o.syntax.validate_utf8;
  jot::arena dom_arena;
  const auto doc = jot::parse(json, dom_arena, po);
  if (res.ok()) {
    FUZZ_CHECK(doc.ok());  // accepted text is valid JSON
    // The DOM lookup finds a key's first member, and an allowed missing member
    // keeps its default: compare member by member under the strict policies.
    if (!o.allow_duplicate_keys && !o.allow_missing_members) agree(r, doc->root());
  } else {
    jot_fuzz::check_position(res.error(), json);
    FUZZ_CHECK(res.error().path().size() <= jot::read_error::max_path);
    if (is_syntax_error(res.error().code)) {
      FUZZ_CHECK(!doc.ok());
      // The first syntax error, read or skipped, is the parser's: same code, same byte.
      if (!doc.ok() && doc.error().code != jot::error_code::depth_exceeded) {
        FUZZ_CHECK(res.error().code == doc.error().code);
        FUZZ_CHECK(res.error().offset == doc.error().offset);
      }
    } else if (!doc.ok() && doc.error().code != jot::error_code::depth_exceeded) {
      // A type error stops the read where it is found; every byte before it
      // was validated, so the text's first syntax error cannot lie before it.
      FUZZ_CHECK(res.error().offset <= doc.error().offset);
    }
  }

  // The first document alone (allow_trailing_content), read as a jot::value,
  // which takes any JSON: where the parser with that option stops, with its
  // value, or the parser's error.
  jot::read_options first_only = o;
  first_only.syntax.allow_trailing_content = true;
  po.syntax.allow_trailing_content = true;
  read_as_parsed(json, first_only, po);
  // Relaxed syntax too (comments, trailing commas, a byte order mark): what
  // the parser with the same options accepts, and nothing more.
  first_only.syntax.allow_comments = first_only.syntax.allow_trailing_commas = first_only.syntax.allow_bom = true;
  po.syntax.allow_comments = po.syntax.allow_trailing_commas = po.syntax.allow_bom = true;
  read_as_parsed(json, first_only, po);
  return 0;
}
