// tests/support/test_engines.h - one kernel per engine, for the tests of the readers
// that run an engine rather than a kernel (jot::read, read_ndjson, jot::visit,
// the checked writer): they have two engines (jot/detail/engine/skip_engines.h), to
// which the kernels map, so a loop over every kernel would run one engine
// several times under different names.
#pragma once

#include <jot/detail/engine/skip_engines.h>

#include <string>
#include <vector>

#include "test_kernels.h"

namespace jot_test {

// The engine a reader runs for kernel k on this CPU, by name: the typed
// reader, read_ndjson, jot::visit and the checked writer have two engines
// (skip_engines.h), so several kernels run the same code.
inline const char* engine_name(jot::kernel k) {
  switch (jot::detail::select_scan_engine(k)) {
    case jot::detail::scan_engine::avx2: return "avx2";
    case jot::detail::scan_engine::neon: return "neon";
    case jot::detail::scan_engine::baseline: break;
  }
#if defined(JOT_HAS_X86_KERNELS)
  return "sse2";
#else
  return "portable";
#endif
}

// One kernel per engine this CPU runs (the first of all_kernels that selects
// it), so that a test of the readers runs each engine once and names it.
inline std::vector<jot::kernel> one_kernel_per_engine() {
  std::vector<jot::kernel> ks;
  for (jot::kernel k : supported_kernels()) {
    bool seen = false;
    for (jot::kernel earlier : ks) seen = seen || jot::detail::select_scan_engine(earlier) == jot::detail::select_scan_engine(k);
    if (!seen) ks.push_back(k);
  }
  return ks;
}

inline std::string engine_param_name(const testing::TestParamInfo<jot::kernel>& info) {
  return std::string("engine_") + engine_name(info.param);
}

}  // namespace jot_test
// For suites of the readers that run engines: one instance per engine, named
// after it (Engines/suite.test/engine_avx2).
#define JOT_INSTANTIATE_FOR_ENGINES(suite) \
  INSTANTIATE_TEST_SUITE_P(Engines, suite, testing::ValuesIn(jot_test::one_kernel_per_engine()), \
                           jot_test::engine_param_name)
