// bench/runner/harness.cpp - see harness.h for the method.
#include "harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace jot_bench {
namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

// Linux: writing 5 to clear_refs resets the peak RSS (VmHWM) of the process,
// so the next read gives the peak of what ran in between.
bool reset_peak_rss() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (!f) return false;
  bool ok = std::fputs("5", f) >= 0;
  return (std::fclose(f) == 0) && ok;
}

long read_peak_rss_kb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

volatile std::uint64_t g_sink;

// Peak live heap bytes of one fresh_op, run in a forked child; -1 when unknown.
long long fresh_peak_heap(const bench_case& c) {
  if (!c.fresh_op) return -1;
  int fd[2];
  if (pipe(fd) != 0) return -1;
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    return -1;
  }
  if (pid == 0) {
    close(fd[0]);
    alloc_reset();
    alloc_counting(true);
    g_sink = c.fresh_op();
    alloc_counting(false);
    long long peak = alloc_peak_live();
    ssize_t w = write(fd[1], &peak, sizeof peak);
    _exit(w == sizeof peak ? 0 : 1);
  }
  close(fd[1]);
  long long peak = -1;
  if (read(fd[0], &peak, sizeof peak) != sizeof peak) peak = -1;
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return peak;
}

}  // namespace

std::string toolchain() {
#if defined(__clang__)
  std::string c = "clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
                   std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
  std::string c = "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
                  std::to_string(__GNUC_PATCHLEVEL__);
#else
  std::string c = "unknown compiler";
#endif
#if defined(_LIBCPP_VERSION)  // major * 10000 + minor * 100 + patch since libc++ 16
  return c + " + libc++ " + std::to_string(_LIBCPP_VERSION / 10000) + "." + std::to_string(_LIBCPP_VERSION / 100 % 100);
#elif defined(_GLIBCXX_RELEASE)
  return c + " + libstdc++ " + std::to_string(_GLIBCXX_RELEASE);
#else
  return c;
#endif
}

std::string record(const group& g, const bench_case& c, const std::string& variant, const std::string& note,
                   const char* nums) {
  static const std::string compiler = json_quote(toolchain());
  return "{\"workload\":" + json_quote(g.workload) + ",\"dataset\":" + json_quote(g.dataset) +
         ",\"library\":" + json_quote(c.lib->name) + ",\"language\":\"c++\",\"compiler\":" + compiler +
         ",\"version\":" + json_quote(c.lib->version) + ",\"variant\":" + json_quote(variant) + "," + nums +
         ",\"note\":" + json_quote(note) + "}";
}

std::string json_quote(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else {
      o += c;
    }
  }
  return o + "\"";
}

void run_group(const config& cfg, const group& g, std::vector<bench_case>& cases,
               std::vector<std::string>& out) {
  std::uint64_t sink = 0;
  std::vector<std::uint64_t> iters(cases.size(), 1);
  // Calibration (its first batch is the warm-up: first touch, lazy allocations):
  // grow the batch until it lasts an eighth of rep_time, then scale it to rep_time.
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].failed) continue;
    for (;;) {
      auto t = clock_type::now();
      for (std::uint64_t k = 0; k < iters[i]; ++k) sink += cases[i].op();
      double el = seconds_since(t);
      if (el >= cfg.rep_time || iters[i] > (1u << 30)) break;
      if (el >= cfg.rep_time / 8) {
        iters[i] = static_cast<std::uint64_t>(std::ceil(static_cast<double>(iters[i]) * cfg.rep_time * 1.1 / el));
        break;
      }
      iters[i] *= el <= cfg.rep_time / 800 ? 10 : 2;
    }
  }
  std::vector<std::vector<double>> samples(cases.size());
  for (int r = 0; r < cfg.reps; ++r) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (cases[i].failed) continue;
      auto t = clock_type::now();
      for (std::uint64_t k = 0; k < iters[i]; ++k) sink += cases[i].op();
      samples[i].push_back(seconds_since(t) * 1e9 / static_cast<double>(iters[i]) / g.per_call);
    }
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    bench_case& c = cases[i];
    if (c.failed) {
      const bool lat = g.latency;
      char nums[256];
      std::snprintf(nums, sizeof nums,
                    "\"metric\":\"%s\",\"unit\":\"%s\",\"median\":0,\"min\":0,\"max\":0,\"allocs_per_op\":null,"
                    "\"bytes_per_op\":null,\"peak_rss_kb\":null,\"peak_heap_bytes\":null,\"reps\":0,\"iters_per_rep\":0",
                    lat ? "latency" : "throughput", lat ? "ns/op" : "MB/s");
      std::string variant = c.variant.empty() ? c.lib->variant : c.variant;
      out.push_back(record(g, c, variant, c.note, nums));
      std::fprintf(stderr, "  %-14s %-18s %-12s %-26s %s\n", g.workload.c_str(), g.dataset.c_str(), c.lib->name,
                   variant.c_str(), c.note.c_str());
      continue;
    }
    // Steady state: the op already ran many times; count about one batch more.
    std::uint64_t n = std::min<std::uint64_t>(iters[i], 16);
    bool rss_ok = reset_peak_rss();
    alloc_reset();
    alloc_counting(true);
    for (std::uint64_t k = 0; k < n; ++k) sink += c.op();
    alloc_counting(false);
    alloc_counts ac = alloc_read();
    long rss = rss_ok ? read_peak_rss_kb() : -1;
    long long peak_heap = fresh_peak_heap(c);
    double allocs = static_cast<double>(ac.allocs) / static_cast<double>(n) / g.per_call;
    double bytes = static_cast<double>(ac.bytes) / static_cast<double>(n) / g.per_call;

    std::vector<double> s = samples[i];
    std::sort(s.begin(), s.end());
    std::size_t m = s.size();
    double med = m % 2 ? s[m / 2] : (s[m / 2 - 1] + s[m / 2]) / 2;
    double lo = s.front(), hi = s.back();
    std::string variant = c.variant.empty() ? c.lib->variant : c.variant;
    std::string note = c.note.empty() ? c.lib->note : c.note;
    auto emit = [&](const char* metric, const char* unit, double v, double vmin, double vmax) {
      char nums[512];
      std::snprintf(nums, sizeof nums,
                    "\"metric\":\"%s\",\"unit\":\"%s\",\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,"
                    "\"allocs_per_op\":%.2f,\"bytes_per_op\":%.1f,\"peak_rss_kb\":%s,\"peak_heap_bytes\":%s,"
                    "\"reps\":%d,\"iters_per_rep\":%llu",
                    metric, unit, v, vmin, vmax, allocs, bytes,
                    rss < 0 ? "null" : std::to_string(rss).c_str(),
                    peak_heap < 0 ? "null" : std::to_string(peak_heap).c_str(), cfg.reps,
                    static_cast<unsigned long long>(iters[i]));
      out.push_back(record(g, c, variant, note, nums));
    };
    double shown;
    const char* unit;
    if (g.latency) {
      emit("latency", "ns/op", med, lo, hi);
      shown = med;
      unit = "ns/op";
    } else {
      double bytes_op = g.case_bytes.size() > i ? g.case_bytes[i] : g.data_bytes;
      auto mbs = [&](double ns) { return bytes_op / ns * 1e3; };
      emit("throughput", "MB/s", mbs(med), mbs(hi), mbs(lo));
      if (g.docs_per_op > 0) {
        auto dps = [&](double ns) { return g.docs_per_op / ns * 1e9; };
        emit("docs_per_s", "docs/s", dps(med), dps(hi), dps(lo));
      }
      shown = mbs(med);
      unit = "MB/s";
    }
    std::fprintf(stderr, "  %-14s %-18s %-12s %-26s %10.1f %-6s %9.1f allocs/op%s%s\n", g.workload.c_str(),
                 g.dataset.c_str(), c.lib->name, variant.c_str(), shown, unit, allocs,
                 note.empty() ? "" : "  ", note.c_str());
  }
  g_sink = sink;
}

}  // namespace jot_bench
