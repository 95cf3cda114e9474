// bench/runner/schemas_jot.h - what jot needs beyond reflection to map the
// typed schemas (schemas.h): OpenRTB's raw_text, read and written as a
// jot::raw_json (the value's exact text) and copied into its std::string.
// Shared by jot's typed adapter and the typed round-trip tests.
#pragma once

#include <jot/typed.h>

#include "schemas.h"

template <>
struct jot::meta<jot_bench::raw_text> {
  using proxy = jot::raw_json;
  static bool read(const jot::raw_json& raw, jot_bench::raw_text& v) {
    v.json.assign(raw.text.data(), raw.text.size());
    return true;
  }
  static jot::raw_json write(const jot_bench::raw_text& v) { return {v.json}; }
};

