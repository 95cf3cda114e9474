// bench/runner/schemas.h - the typed schemas of data/README.md as plain C++
// aggregates, shared by the runner and every C++ adapter, so that every
// library decodes into and encodes from the very same types and the runner can
// compare their results with operator==.
//
// Member names are the JSON keys. Strings own their text (std::string), so a
// decode copies every string out of the input, as a program that keeps the
// value would. Optional members are std::optional and written as null when
// empty (data/README.md's rule for CITM, applied to every schema so that all
// encoders write the same members).
//
// Each struct also has a field list, schema<T>::fields: (key, pointer to
// member) pairs in declaration order. Libraries without reflection (simdjson,
// RapidJSON, Boost.JSON, nlohmann/json) are driven by it, so their
// hand-written readers and writers share one key dispatch (a chain of key
// comparisons, what such code is written as by hand) instead of each adapter
// repeating ~80 member names. glaze and jot reflect the structs themselves and
// do not use it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace jot_bench {

// One member of a struct's field list.
template <class T, class M>
struct field {
  std::string_view key;
  M T::*member;
};
// clang 14 has no class template argument deduction for aggregates.
template <class T, class M>
field(const char*, M T::*) -> field<T, M>;

// schema<T>::fields: a std::tuple of field<T, M>, one per member, in order.
template <class T>
struct schema;

template <class T>
concept has_fields = requires { schema<std::remove_cvref_t<T>>::fields; };

// Calls f(key, member) for every member of obj, in declaration order.
template <has_fields T, class F>
constexpr void for_each_field(T& obj, F&& f) {
  std::apply([&](const auto&... x) { (f(x.key, obj.*x.member), ...); }, schema<std::remove_cvref_t<T>>::fields);
}

// Calls f(member) for the member of obj whose key is key; false when none is.
template <has_fields T, class F>
constexpr bool visit_field(T& obj, std::string_view key, F&& f) {
  return std::apply([&](const auto&... x) { return ((key == x.key && (f(obj.*x.member), true)) || ...); },
                    schema<std::remove_cvref_t<T>>::fields);
}

// A JSON value kept as its exact text (OpenRTB's ext objects): a type of its
// own rather than a std::string, so that every library's typed API can tell a
// raw subtree from a JSON string (glaze's from/to, nlohmann's adl_serializer,
// Boost.JSON's tag_invoke, jot::meta's proxy all dispatch on the type).
struct raw_text {
  std::string json;
  friend bool operator==(const raw_text&, const raw_text&) = default;
};

// The field lists are written with F(member) inside a schema<T> specialization.
#define JOT_BENCH_SCHEMA(T, ...)              \
  template <>                                 \
  struct schema<T> {                          \
    using S = T;                              \
    static constexpr std::tuple fields{__VA_ARGS__}; \
  }
#define F(m) field { #m, &S::m }

// ---- twitter subset (corpus/twitter.json; 81,927 bytes written compact) ----

struct tw_user {
  std::uint64_t id = 0;
  std::string name, screen_name, location, description;
  bool verified = false;
  std::uint64_t followers_count = 0, friends_count = 0, statuses_count = 0;
  friend bool operator==(const tw_user&, const tw_user&) = default;
};
struct tw_status {
  std::string created_at;
  std::uint64_t id = 0;
  std::string text;
  tw_user user;
  std::uint64_t retweet_count = 0, favorite_count = 0;
  friend bool operator==(const tw_status&, const tw_status&) = default;
};
struct tw_data {
  std::vector<tw_status> statuses;
  friend bool operator==(const tw_data&, const tw_data&) = default;
};

JOT_BENCH_SCHEMA(tw_user, F(id), F(name), F(screen_name), F(location), F(description), F(verified),
                 F(followers_count), F(friends_count), F(statuses_count));
JOT_BENCH_SCHEMA(tw_status, F(created_at), F(id), F(text), F(user), F(retweet_count), F(favorite_count));
JOT_BENCH_SCHEMA(tw_data, F(statuses));

// ---- CITM catalog (corpus/citm_catalog.json; 496,682 bytes written compact) ----

struct citm_price {
  std::uint64_t amount = 0, audienceSubCategoryId = 0, seatCategoryId = 0;
  friend bool operator==(const citm_price&, const citm_price&) = default;
};
struct citm_area {
  std::uint64_t areaId = 0;
  std::vector<std::uint64_t> blockIds;
  friend bool operator==(const citm_area&, const citm_area&) = default;
};
struct citm_seat_category {
  std::vector<citm_area> areas;
  std::uint64_t seatCategoryId = 0;
  friend bool operator==(const citm_seat_category&, const citm_seat_category&) = default;
};
struct citm_performance {
  std::uint64_t id = 0, eventId = 0;
  std::optional<std::string> logo, name;
  std::vector<citm_price> prices;
  std::vector<citm_seat_category> seatCategories;
  std::optional<std::string> seatMapImage;
  std::uint64_t start = 0;
  std::string venueCode;
  friend bool operator==(const citm_performance&, const citm_performance&) = default;
};
struct citm_event {
  std::uint64_t id = 0;
  std::string name;
  std::optional<std::string> description, logo;
  std::vector<std::uint64_t> subTopicIds;
  std::optional<std::string> subjectCode, subtitle;
  std::vector<std::uint64_t> topicIds;
  friend bool operator==(const citm_event&, const citm_event&) = default;
};
struct citm_catalog {
  std::map<std::string, citm_event> events;
  std::vector<citm_performance> performances;
  friend bool operator==(const citm_catalog&, const citm_catalog&) = default;
};

JOT_BENCH_SCHEMA(citm_price, F(amount), F(audienceSubCategoryId), F(seatCategoryId));
JOT_BENCH_SCHEMA(citm_area, F(areaId), F(blockIds));
JOT_BENCH_SCHEMA(citm_seat_category, F(areas), F(seatCategoryId));
JOT_BENCH_SCHEMA(citm_performance, F(id), F(eventId), F(logo), F(name), F(prices), F(seatCategories),
                 F(seatMapImage), F(start), F(venueCode));
JOT_BENCH_SCHEMA(citm_event, F(id), F(name), F(description), F(logo), F(subTopicIds), F(subjectCode), F(subtitle),
                 F(topicIds));
JOT_BENCH_SCHEMA(citm_catalog, F(events), F(performances));

// ---- OpenRTB 2.5 bid request (openrtb/banner.json, openrtb/video_app.json) ----
// The members data/README.md lists; the same model as bench/go/openrtb.go.
// Scalars the spec makes optional are std::optional; arrays the spec makes
// optional are plain vectors, empty when absent (as Go's nil slices), so a
// reader must accept them missing; every object keeps its ext as raw JSON.

struct rtb_format {
  int w = 0, h = 0;
  friend bool operator==(const rtb_format&, const rtb_format&) = default;
};
struct rtb_banner {
  std::optional<int> w, h, pos;
  std::vector<rtb_format> format;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_banner&, const rtb_banner&) = default;
};
struct rtb_video {
  std::vector<std::string> mimes;
  std::optional<int> minduration, maxduration;
  std::vector<int> protocols;
  std::optional<int> w, h;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_video&, const rtb_video&) = default;
};
struct rtb_deal {
  std::string id;
  std::optional<double> bidfloor;
  std::optional<int> at;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_deal&, const rtb_deal&) = default;
};
struct rtb_pmp {
  std::optional<int> private_auction;
  std::vector<rtb_deal> deals;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_pmp&, const rtb_pmp&) = default;
};
struct rtb_imp {
  std::string id;
  std::optional<std::string> tagid;
  std::optional<double> bidfloor;
  std::optional<std::string> bidfloorcur;
  std::optional<int> secure;
  std::optional<rtb_banner> banner;
  std::optional<rtb_video> video;
  std::optional<rtb_pmp> pmp;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_imp&, const rtb_imp&) = default;
};
struct rtb_publisher {
  std::optional<std::string> id, name, domain;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_publisher&, const rtb_publisher&) = default;
};
struct rtb_site {
  std::optional<std::string> id, name, domain;
  std::vector<std::string> cat;
  std::optional<std::string> page, ref;
  std::optional<rtb_publisher> publisher;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_site&, const rtb_site&) = default;
};
struct rtb_app {
  std::optional<std::string> id, name, bundle;
  std::vector<std::string> cat;
  std::optional<std::string> ver;
  std::optional<rtb_publisher> publisher;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_app&, const rtb_app&) = default;
};
struct rtb_geo {
  std::optional<double> lat, lon;
  std::optional<std::string> country, city;
  std::optional<int> type;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_geo&, const rtb_geo&) = default;
};
struct rtb_device {
  std::optional<std::string> ua, ip;
  std::optional<rtb_geo> geo;
  std::optional<int> devicetype;
  std::optional<std::string> os, osv, language;
  std::optional<int> js, dnt;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_device&, const rtb_device&) = default;
};
struct rtb_user {
  std::optional<std::string> id;
  std::optional<int> yob;
  std::optional<std::string> gender;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_user&, const rtb_user&) = default;
};
struct rtb_regs {
  std::optional<int> coppa;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_regs&, const rtb_regs&) = default;
};
struct rtb_source {
  std::optional<int> fd;
  std::optional<std::string> tid;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_source&, const rtb_source&) = default;
};
struct rtb_bid_request {
  std::string id;
  std::vector<rtb_imp> imp;
  std::optional<rtb_site> site;
  std::optional<rtb_app> app;
  std::optional<rtb_device> device;
  std::optional<rtb_user> user;
  std::optional<int> at, tmax;
  std::vector<std::string> cur, bcat, badv;
  std::optional<rtb_regs> regs;
  std::optional<rtb_source> source;
  std::optional<raw_text> ext;
  friend bool operator==(const rtb_bid_request&, const rtb_bid_request&) = default;
};

JOT_BENCH_SCHEMA(rtb_format, F(w), F(h));
JOT_BENCH_SCHEMA(rtb_banner, F(w), F(h), F(pos), F(format), F(ext));
JOT_BENCH_SCHEMA(rtb_video, F(mimes), F(minduration), F(maxduration), F(protocols), F(w), F(h), F(ext));
JOT_BENCH_SCHEMA(rtb_deal, F(id), F(bidfloor), F(at), F(ext));
JOT_BENCH_SCHEMA(rtb_pmp, F(private_auction), F(deals), F(ext));
JOT_BENCH_SCHEMA(rtb_imp, F(id), F(tagid), F(bidfloor), F(bidfloorcur), F(secure), F(banner), F(video), F(pmp),
                 F(ext));
JOT_BENCH_SCHEMA(rtb_publisher, F(id), F(name), F(domain), F(ext));
JOT_BENCH_SCHEMA(rtb_site, F(id), F(name), F(domain), F(cat), F(page), F(ref), F(publisher), F(ext));
JOT_BENCH_SCHEMA(rtb_app, F(id), F(name), F(bundle), F(cat), F(ver), F(publisher), F(ext));
JOT_BENCH_SCHEMA(rtb_geo, F(lat), F(lon), F(country), F(city), F(type), F(ext));
JOT_BENCH_SCHEMA(rtb_device, F(ua), F(ip), F(geo), F(devicetype), F(os), F(osv), F(language), F(js), F(dnt), F(ext));
JOT_BENCH_SCHEMA(rtb_user, F(id), F(yob), F(gender), F(ext));
JOT_BENCH_SCHEMA(rtb_regs, F(coppa), F(ext));
JOT_BENCH_SCHEMA(rtb_source, F(fd), F(tid), F(ext));
JOT_BENCH_SCHEMA(rtb_bid_request, F(id), F(imp), F(site), F(app), F(device), F(user), F(at), F(tmax), F(cur),
                 F(bcat), F(badv), F(regs), F(source), F(ext));

// ---- RPC call (rpc/sample.json) ----

struct rpc_limits {
  std::uint32_t max_outputs = 0, max_inputs = 0;
  std::uint64_t dust_threshold = 0;
  bool allow_partial = false;
  friend bool operator==(const rpc_limits&, const rpc_limits&) = default;
};
struct rpc_peer {
  std::string host;
  std::uint16_t port = 0;
  std::uint64_t height = 0;
  bool trusted = false;
  double latency_ms = 0;
  friend bool operator==(const rpc_peer&, const rpc_peer&) = default;
};
struct rpc_call {
  std::string method;
  std::uint64_t request_id = 0;
  std::string api_version;
  bool verbose = false;
  std::int32_t priority = 0;
  double fee_rate = 0;
  std::string wallet_address;
  std::uint32_t reserve_size = 0;
  std::vector<std::string> tags;
  std::vector<std::uint32_t> weights;
  rpc_limits limits;
  std::vector<rpc_peer> peers;
  std::string note;
  friend bool operator==(const rpc_call&, const rpc_call&) = default;
};

JOT_BENCH_SCHEMA(rpc_limits, F(max_outputs), F(max_inputs), F(dust_threshold), F(allow_partial));
JOT_BENCH_SCHEMA(rpc_peer, F(host), F(port), F(height), F(trusted), F(latency_ms));
JOT_BENCH_SCHEMA(rpc_call, F(method), F(request_id), F(api_version), F(verbose), F(priority), F(fee_rate),
                 F(wallet_address), F(reserve_size), F(tags), F(weights), F(limits), F(peers), F(note));

#undef F
#undef JOT_BENCH_SCHEMA

// ---- NDJSON rows (corpus/amazon_cellphones.ndjson after its header line) ----
// Each line is an array of nine values, decoded into a std::tuple: asin,
// brand, title, url, image, rating, reviewUrl, totalReviews, prices. The
// typed decode of this schema reads every line of the file into one vector,
// each library splitting the lines its own way (no field list: the libraries
// that take part map tuples themselves or are written per element).
using product_row = std::tuple<std::string, std::string, std::string, std::string, std::string, double,
                               std::string, std::int64_t, std::string>;
using product_rows = std::vector<product_row>;

}  // namespace jot_bench
