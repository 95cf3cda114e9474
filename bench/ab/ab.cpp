// bench/ab/ab.cpp - two builds of jot in one process, alternated: the ratio
// of their times on each workload, on a machine whose speed changes under
// it. The project's machines are shared: the same binary runs up to 2x slower
// from one minute (or one process) to the next, so times measured in
// different processes compare badly. Here each round times A and B back to
// back (in alternating order), and the median of the rounds' ratios is kept.
//
//   jot_ab A.so B.so ROUNDS REPS WORKLOAD:FILE...
//
// A.so and B.so are bench/ab/plugin.cpp built by run.sh. Prints, per
// workload, each side's best and median time (microseconds per operation) and
// B's speed relative to A (above 1: B is faster).
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using run_fn = double (*)(const char* workload, const char* file, int reps);

run_fn open_plugin(const char* path) {
  void* handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    std::fprintf(stderr, "jot_ab: %s\n", dlerror());
    std::exit(2);
  }
  auto* f = reinterpret_cast<run_fn>(dlsym(handle, "jot_ab_run"));
  if (f == nullptr) {
    std::fprintf(stderr, "jot_ab: %s has no jot_ab_run\n", path);
    std::exit(2);
  }
  return f;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: jot_ab A.so B.so ROUNDS REPS WORKLOAD:FILE...\n");
    return 2;
  }
  const run_fn a = open_plugin(argv[1]);
  const run_fn b = open_plugin(argv[2]);
  const int rounds = std::atoi(argv[3]);
  const int reps = std::atoi(argv[4]);
  if (rounds < 1 || reps < 1) {
    std::fprintf(stderr, "jot_ab: ROUNDS and REPS must be positive\n");
    return 2;
  }
  std::printf("%-42s %10s %10s %10s %10s %8s\n", "workload", "A best", "A median", "B best", "B median", "B speed");
  int failures = 0;
  for (int i = 5; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::size_t colon = arg.find(':');
    if (colon == std::string::npos) {
      std::fprintf(stderr, "jot_ab: %s is not WORKLOAD:FILE\n", argv[i]);
      return 2;
    }
    const std::string workload = arg.substr(0, colon), file = arg.substr(colon + 1);
    std::vector<double> ta, tb, speed;
    for (int r = 0; r < rounds; ++r) {
      double x, y;
      if (r % 2 == 0) {
        x = a(workload.c_str(), file.c_str(), reps);
        y = b(workload.c_str(), file.c_str(), reps);
      } else {
        y = b(workload.c_str(), file.c_str(), reps);
        x = a(workload.c_str(), file.c_str(), reps);
      }
      if (x <= 0 || y <= 0) break;
      ta.push_back(x);
      tb.push_back(y);
      speed.push_back(x / y);
    }
    const std::size_t slash = file.find_last_of('/');
    // bench/shuffle_keys.py's copies keep their names: their rows say so.
    const bool shuffled = file.find("/shuffled/") != std::string::npos;
    const std::string name = workload + " " + (slash == std::string::npos ? file : file.substr(slash + 1)) +
                             (shuffled ? " (keys shuffled)" : "");
    if (speed.size() != static_cast<std::size_t>(rounds)) {
      std::printf("%-42s FAILED (a plug-in returned an error)\n", name.c_str());
      ++failures;
      continue;
    }
    std::printf("%-42s %10.2f %10.2f %10.2f %10.2f %8.3f\n", name.c_str(), *std::min_element(ta.begin(), ta.end()),
                median(ta), *std::min_element(tb.begin(), tb.end()), median(tb), median(speed));
  }
  return failures == 0 ? 0 : 1;
}
