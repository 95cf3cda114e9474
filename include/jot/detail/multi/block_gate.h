// jot/detail/multi/block_gate.h - how the streams on all cores share one block of
// the window at a time (parallel_stream, parallel_ndjson_stream). Not API.
//
// Worker 0 reads the stream: it opens each block for the helpers, works on
// it, then closes it and waits until no helper is inside before the window
// moves (the window is the only copy of the block's bytes). Helpers join a
// block through one atomic word (generation and count), so a helper that
// comes late, or after the end, never touches a block that is gone; with no
// helper, worker 0 does every block alone.
#pragma once

#include <atomic>
#include <cstdint>

namespace jot::detail {

class block_gate {
 public:
  // Worker 0: publishes a block; helpers may join it until close().
  void open() noexcept {
    state_.fetch_add(generation_one, std::memory_order_release);
    state_.notify_all();
  }
  // Worker 0: no helper joins the block any more; returns once every helper
  // that joined it has left.
  void close() noexcept {
    std::uint64_t s = state_.fetch_add(generation_one, std::memory_order_acq_rel) + generation_one;
    while ((s & helper_mask) != 0) {
      state_.wait(s, std::memory_order_acquire);
      s = state_.load(std::memory_order_acquire);
    }
  }
  // Worker 0: no block follows; every helper returns.
  void finish() noexcept {
    state_.fetch_or(done_bit, std::memory_order_release);
    state_.notify_all();
  }
  // A helper: calls work() once inside each block opened after it came,
  // until finish(). What work() reads of the block was written before open().
  template <class Work>
  void help(Work&& work) noexcept {
    std::uint64_t joined = 0;  // the last generation this helper worked on
    std::uint64_t s = state_.load(std::memory_order_acquire);
    for (;;) {
      if ((s & done_bit) != 0) return;
      const std::uint64_t generation = (s & ~done_bit) >> 32;
      if ((generation & 1) == 0 || generation == joined) {  // no block open, or this one is done
        state_.wait(s, std::memory_order_acquire);
        s = state_.load(std::memory_order_acquire);
        continue;
      }
      // Join: fails (and s is reloaded) when the block closed or another helper joined meanwhile.
      if (!state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
      joined = generation;
      work();
      s = state_.fetch_sub(1, std::memory_order_acq_rel) - 1;
      state_.notify_all();
    }
  }

 private:
  // Bit 63: the stream is done. Bits 32-62: the block generation, odd while
  // a block is open. Bits 0-31: helpers inside the block.
  static constexpr std::uint64_t done_bit = std::uint64_t{1} << 63;
  static constexpr std::uint64_t generation_one = std::uint64_t{1} << 32;
  static constexpr std::uint64_t helper_mask = 0xffffffffu;
  alignas(64) std::atomic<std::uint64_t> state_{0};
};

}  // namespace jot::detail
