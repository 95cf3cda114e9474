// tests/support/typed_schemas.h - the four typed schemas of shared/data/README.md
// (twitter subset, CITM catalog, OpenRTB, RPC), as the benchmark defines them:
// one definition for the tests and every benchmark adapter
// (bench/runner/schemas.h), with jot's mapping of OpenRTB's raw ext.
#pragma once

#include <cstddef>

#include "../../bench/runner/schemas_jot.h"

namespace schemas {

// shared/data/README.md's names for them.
using User = jot_bench::tw_user;
using Status = jot_bench::tw_status;
using TwitterData = jot_bench::tw_data;
using CITMPrice = jot_bench::citm_price;
using CITMArea = jot_bench::citm_area;
using CITMSeatCategory = jot_bench::citm_seat_category;
using CITMPerformance = jot_bench::citm_performance;
using CITMEvent = jot_bench::citm_event;
using CitmCatalog = jot_bench::citm_catalog;
using BidRequest = jot_bench::rtb_bid_request;
using RpcCall = jot_bench::rpc_call;

// The sizes the README gives for the compact text of the twitter subset and
// of the CITM catalog (empty optionals written as null).
inline constexpr std::size_t twitter_compact_size = 81927;
inline constexpr std::size_t citm_compact_size = 496682;

}  // namespace schemas
