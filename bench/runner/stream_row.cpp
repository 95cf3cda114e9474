// bench/runner/stream_row.cpp - the stream workload: one generated file
// holding a top-level array of small objects (1 GiB; quick mode 128 MiB),
// generated into the build directory at run time and never committed. Each
// library reads it in a child process of its own, 3 times interleaved; the
// record gives the throughput (median, fastest, slowest) and the child's
// peak RSS (its own VmHWM, the largest of the runs), so a library that loads
// the whole file shows it. Not ru_maxrss: Linux carries the forking parent's
// peak into the child's at exec, so after the other workloads every child
// measured ~150 MB (jot's stream_reader alone peaks at ~6 MB).
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "harness.h"
#include "suite.h"

namespace jot_bench {

namespace {

// Writes the array (elements like {"id":7,"name":"item 7","tags":["a","b"],
// "score":3.5,"ok":true}, one per line) up to at least size bytes, unless a
// file of exactly the size it had then is already there. Returns its size,
// 0 on failure.
long long make_stream_file(const std::string& path, long long size) {
  struct stat st;
  const std::string done = path + ".size";
  if (stat(path.c_str(), &st) == 0) {
    if (std::FILE* f = std::fopen(done.c_str(), "r")) {
      long long want = 0, had = 0;
      const bool read = std::fscanf(f, "%lld %lld", &want, &had) == 2;
      std::fclose(f);
      if (read && want == size && had == st.st_size) return had;
    }
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return 0;
  long long written = 0;
  std::string block;
  char item[160];
  for (long long id = 0; written < size; ++id) {
    const int n = std::snprintf(item, sizeof item,
                                "%s{\"id\":%lld,\"name\":\"item %lld\",\"tags\":[\"a\",\"b\"],\"score\":%lld.5,"
                                "\"ok\":%s}",
                                id == 0 ? "[\n" : ",\n", id, id, id % 1000, id % 3 ? "true" : "false");
    block.append(item, static_cast<std::size_t>(n));
    written += n;
    if (block.size() >= (1u << 20) || written >= size) {
      if (written >= size) block += "\n]\n", written += 3;
      if (std::fwrite(block.data(), 1, block.size(), f) != block.size()) break;
      block.clear();
    }
  }
  if (std::fclose(f) != 0 || stat(path.c_str(), &st) != 0) return 0;
  if (std::FILE* g = std::fopen(done.c_str(), "w")) {
    std::fprintf(g, "%lld %lld\n", size, static_cast<long long>(st.st_size));
    std::fclose(g);
  }
  return st.st_size;
}

struct child_run {
  long elements = -1;
  double seconds = 0;
  long max_rss_kb = -1;
};

// Runs l->stream(path) in a fresh process (this program again, exec'd, so
// that none of this process's memory counts): its time and peak RSS.
child_run run_child(const library* l, const char* path) {
  child_run r;
  int fd[2];
  if (pipe(fd) != 0) return r;
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    if (dup2(fd[1], 1) < 0) _exit(1);
    char* const argv[] = {const_cast<char*>("jot_bench"), const_cast<char*>("--stream-child"),
                          const_cast<char*>(l->name), const_cast<char*>(l->stream_variant),
                          const_cast<char*>(path), nullptr};
    execv("/proc/self/exe", argv);
    _exit(1);
  }
  close(fd[1]);
  if (pid < 0) {
    close(fd[0]);
    return r;
  }
  char line[128] = {};
  std::size_t used = 0;
  for (ssize_t k; used + 1 < sizeof line && (k = read(fd[0], line + used, sizeof line - 1 - used)) > 0;)
    used += static_cast<std::size_t>(k);
  close(fd[0]);
  long n = -1, hwm_kb = -1;
  double s = 0;
  const bool got = std::sscanf(line, "%ld %lf %ld", &n, &s, &hwm_kb) == 3;
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid || !got || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return r;
  r.elements = n;
  r.seconds = s;
  r.max_rss_kb = hwm_kb;
  return r;
}

}  // namespace

// This process's peak resident set (VmHWM in /proc/self/status), in kB; -1
// where it cannot be read.
long peak_rss_kb() {
  long kb = -1;
  if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, f) != nullptr)
      if (std::sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    std::fclose(f);
  }
  return kb;
}

int stream_child(const registry& reg, const char* name, const char* variant, const char* path) {
  for (const library& l : reg) {
    if (l.stream == nullptr || std::string(l.name) != name || std::string(l.stream_variant) != variant) continue;
    const auto t = std::chrono::steady_clock::now();
    const long n = l.stream(path);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    std::printf("%ld %.9f %ld\n", n, s, peak_rss_kb());
    return n > 0 ? 0 : 1;
  }
  return 2;
}

void stream_row(suite& s, const std::string& path) {
  const long long want = s.cfg.quick ? (128ll << 20) : (1ll << 30);
  const long long size = make_stream_file(path, want);
  if (size == 0) {
    std::fprintf(stderr, "jot_bench: cannot write the stream file %s; stream rows skipped\n", path.c_str());
    return;
  }
  std::vector<const library*> libs;
  for (const library* l : s.libs)
    if (l->stream != nullptr) libs.push_back(l);
  const int reps = 3;
  std::vector<std::vector<double>> mbs(libs.size());
  std::vector<long> rss(libs.size(), -1), elements(libs.size(), -1);
  for (int rep = 0; rep < reps; ++rep) {
    for (std::size_t i = 0; i < libs.size(); ++i) {
      const child_run r = run_child(libs[i], path.c_str());
      if (r.elements <= 0) continue;
      elements[i] = r.elements;
      mbs[i].push_back(static_cast<double>(size) / r.seconds / 1e6);
      rss[i] = std::max(rss[i], r.max_rss_kb);
    }
  }
  const std::string dataset = s.cfg.quick ? "array_128mb" : "array_1gb";
  for (std::size_t i = 0; i < libs.size(); ++i) {
    const library* l = libs[i];
    std::vector<double> v = mbs[i];
    std::sort(v.begin(), v.end());
    const bool ok = !v.empty();
    const double med = ok ? v[v.size() / 2] : 0, lo = ok ? v.front() : 0, hi = ok ? v.back() : 0;
    const std::string note = ok ? std::to_string(elements[i]) + " elements, peak RSS " +
                                      std::to_string(rss[i] / 1024) + " MB"
                                : "REJECTS THE INPUT";
    char nums[512];
    std::snprintf(nums, sizeof nums,
                  "\"metric\":\"throughput\",\"unit\":\"MB/s\",\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,"
                  "\"allocs_per_op\":null,\"bytes_per_op\":null,\"peak_rss_kb\":%s,\"peak_heap_bytes\":null,"
                  "\"reps\":%d,\"iters_per_rep\":1",
                  med, lo, hi, rss[i] < 0 ? "null" : std::to_string(rss[i]).c_str(), static_cast<int>(v.size()));
    bench_case c;
    c.lib = l;
    s.records.push_back(record(group{"stream", dataset}, c, l->stream_variant, note, nums));
    std::fprintf(stderr, "  %-14s %-18s %-12s %-30s %10.1f MB/s  peak RSS %ld MB\n", "stream", dataset.c_str(),
                 l->name, l->stream_variant, med, rss[i] / 1024);
  }
}

}  // namespace jot_bench
