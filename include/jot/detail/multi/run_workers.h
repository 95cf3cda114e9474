// jot/detail/multi/run_workers.h - how the parallel entry points that start their
// own threads run a job (parse_parallel, read_ndjson_parallel). Not API.
#pragma once

#include <cstddef>
#include <thread>
#include <vector>

namespace jot::detail {

// Runs job.work(w) for every w < workers: worker 0 on the calling thread,
// the others on threads started for the call, all joined before returning.
template <class Job>
void run_workers(Job& job, std::size_t workers) {
  std::vector<std::thread> threads;
  if (workers > 1) threads.reserve(workers - 1);
  for (std::size_t w = 1; w < workers; ++w) threads.emplace_back([&job, w] { job.work(w); });
  if (workers > 0) job.work(0);
  for (std::thread& t : threads) t.join();
}

}  // namespace jot::detail
