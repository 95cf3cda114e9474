// bench/runner/worker_pool.h - threads kept between calls, as a caller with
// a thread pool runs jot's parallel jobs (parallel_documents,
// parallel_ndjson_reader): run(job) calls job(w) for every worker w, w = 0 on
// the calling thread and the others on helpers that sleep on an atomic
// between jobs, and returns once every call has returned.
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace jot_bench {

class worker_pool {
 public:
  explicit worker_pool(std::size_t workers) {
    for (std::size_t w = 1; w < workers; ++w)
      helpers_.emplace_back([this, w] {
        unsigned seen = 0;
        for (;;) {
          generation_.wait(seen, std::memory_order_acquire);
          seen = generation_.load(std::memory_order_acquire);
          if (call_ == nullptr) return;
          call_(job_, w);
          if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) running_.notify_one();
        }
      });
  }
  ~worker_pool() {
    call_ = nullptr;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (std::thread& t : helpers_) t.join();
  }
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;

  // The workers, the calling thread included.
  std::size_t size() const { return helpers_.size() + 1; }

  // Calls job(w) for w in [0, size()) at once; returns when all have returned.
  template <class F>
  void run(F& job) {
    job_ = &job;
    call_ = [](void* j, std::size_t w) { (*static_cast<F*>(j))(w); };
    running_.store(helpers_.size(), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    job(std::size_t{0});
    for (std::size_t r = running_.load(std::memory_order_acquire); r != 0;
         r = running_.load(std::memory_order_acquire))
      running_.wait(r, std::memory_order_acquire);
  }

 private:
  void* job_ = nullptr;
  void (*call_)(void*, std::size_t) = nullptr;  // null: the helpers exit
  std::atomic<unsigned> generation_{0};         // bumped per job, and at exit
  std::atomic<std::size_t> running_{0};         // helpers still in the job
  std::vector<std::thread> helpers_;
};

}  // namespace jot_bench
