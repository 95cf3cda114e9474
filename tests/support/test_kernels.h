// tests/support/test_kernels.h - every kernel this CPU can run (jot::all_kernels less
// the unsupported ones), for parameterised tests. The readers that run an
// engine rather than a kernel loop over test_engines.h instead.
#pragma once

#include <jot/parse.h>

#include <string>
#include <vector>

namespace jot_test {

inline std::vector<jot::kernel> supported_kernels() {
  std::vector<jot::kernel> ks;
  for (jot::kernel k : jot::all_kernels)
    if (jot::kernel_supported(k)) ks.push_back(k);
  return ks;
}

inline std::string kernel_param_name(const testing::TestParamInfo<jot::kernel>& info) {
  return jot::kernel_name(info.param);
}

}  // namespace jot_test

#define JOT_INSTANTIATE_FOR_KERNELS(suite) \
  INSTANTIATE_TEST_SUITE_P(Kernels, suite, testing::ValuesIn(jot_test::supported_kernels()), \
                           jot_test::kernel_param_name)

