// jot/typed_parallel.h - NDJSON into your own types on all cores:
// jot::read_ndjson with the text cut at line feeds into chunks that N workers
// read at once, each into its own arena.
//
//   std::vector<jot::arena> arenas(std::thread::hardware_concurrency());  // one per thread
//   std::vector<bid_request> rows;
//   if (auto r = jot::read_ndjson_parallel(text, rows, arenas); !r) report(r);  // "/41/imp/0/w: ..."
//
// Workers take chunks in order from atomic counters (a slow chunk delays no
// one but its worker), first to count each chunk's lines that hold more than
// whitespace (one vector pass: a bound on its documents, exact on valid
// NDJSON), then, once the last chunk is counted and out sized to the total,
// to read each chunk's documents straight into its own range of out.
// Elements are reused in place as read_ndjson reuses them; only bad input
// leaves gaps, which finish() closes by moving the documents after them.
// The result is read_ndjson's for the same text: the same values, and for bad
// input the same error (code, offset, line, column, "/<document index>/..."
// path), with out ending at the failing document. Only a memory error may
// differ: which arena a chunk uses depends on the timing. docs/streams.md.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

#include "jot/arena.h"
#include "jot/detail/document_chunks.h"
#include "jot/detail/run_workers.h"
#include "jot/typed.h"

namespace jot {

// How read_ndjson_parallel cuts the text and reads each document.
struct parallel_read_options {
  read_options read;           // how each document is read, as by read_ndjson
  std::size_t chunk_size = 0;  // bytes a worker takes at once, extended to the next line feed;
                               // 0 picks text.size() / (8 x workers), at least 16 KB
};

// One parallel read of an NDJSON buffer into out, run by the caller's
// threads: call work(w) once for each arena w, from any threads, concurrently
// or one after another, then finish() once they have all returned.
template <class Sequence>
class parallel_ndjson_reader {
 public:
  // Prepares reading text into out (a std::vector, std::deque or std::list of
  // a mapped type, pmr ones too) with one worker per arena; text, out and the
  // arenas must outlive the reader. Takes its table (40 bytes per chunk, 64
  // for a deque, and 264 per worker) from arena 0, or from the heap when arena
  // 0 has no room or there is none; nothing else is allocated but out's
  // elements.
  parallel_ndjson_reader(std::string_view text JOT_LIFETIMEBOUND, Sequence& out JOT_LIFETIMEBOUND,
                         std::span<arena> arenas JOT_LIFETIMEBOUND, const parallel_read_options& options = {});
  parallel_ndjson_reader(const parallel_ndjson_reader&) = delete;
  parallel_ndjson_reader& operator=(const parallel_ndjson_reader&) = delete;

  // Runs worker w (w < the number of arenas) on the calling thread until no
  // chunk is left, taking memory from arena w only (never reset: it holds
  // every chunk the worker read); each w at most once at a time.
  void work(std::size_t w) noexcept;
  // Once no work() call runs: reads any chunk left (arena 0, or no arena
  // memory when there is none), closes the gaps bad input left in out, and
  // returns read_ndjson's result. Call it once.
  read_result finish() noexcept;

 private:
  using slot = typename Sequence::iterator;
  // Counts the lines of chunks, then (once every chunk is counted) reads
  // chunks, taking memory from a; the first error goes to failure.
  struct failure;
  void run(arena& a, failure& f) noexcept;
  // Sizes out to the chunks' lines with content and finds each chunk's first slot:
  // done once, by the worker that counted the last chunk.
  void lay_out() noexcept;

  // One chunk of the text, and where its documents go.
  struct chunk {
    std::size_t first = 0;      // its bytes in text_: [first, last) (jot/detail/document_chunks.h)
    std::size_t last = 0;
    std::size_t lines = 0;      // its lines with content: an upper bound of its documents
    std::size_t documents = 0;  // documents read (the failing one included)
    slot first_slot{};          // out's element for its first document
  };
  // A worker's error: a worker stops at its first failing chunk.
  struct failure {
    std::size_t chunk;   // the chunk that failed, or none
    read_result result;  // its error
  };
  static constexpr std::size_t none = ~std::size_t{0};

  std::string_view text_;
  Sequence& out_;
  std::span<arena> arenas_;
  read_options read_;
  std::size_t chunk_size_ = 1;
  std::size_t chunk_count_ = 0;  // 0 for an input too large
  std::span<chunk> chunks_;
  std::span<failure> failures_;  // one per worker, and one for finish()
  std::unique_ptr<unsigned char[]> heap_;  // the table's memory, when arena 0 had none
  // Each on its own cache line: every worker takes chunks from the counters
  // and reads failed_chunk_ per chunk, but writes it only when a chunk fails.
  alignas(64) std::atomic<std::size_t> next_count_{0};  // the next chunk to count
  std::atomic<std::size_t> counted_{0};                 // chunks counted
  std::atomic<bool> laid_out_{false};                   // out sized, first slots known
  alignas(64) std::atomic<std::size_t> next_chunk_{0};  // the next chunk to read
  alignas(64) std::atomic<std::size_t> failed_chunk_;   // the lowest chunk that failed, else chunk_count_
};

// Reads text into out on arenas.size() threads: the calling thread and
// arenas.size() - 1 started for this call (their state comes from the heap:
// run a parallel_ndjson_reader on your own threads to share a pool). Returns
// read_ndjson's result; with no arena, reads on the calling thread without
// arena memory.
template <class Sequence>
read_result read_ndjson_parallel(std::string_view text JOT_LIFETIMEBOUND, Sequence& out,
                                 std::span<arena> arenas JOT_LIFETIMEBOUND,
                                 const parallel_read_options& options = {}) {
  parallel_ndjson_reader<Sequence> job(text, out, arenas, options);
  detail::run_workers(job, arenas.size());
  return job.finish();
}

// ---- implementation ----

template <class Sequence>
parallel_ndjson_reader<Sequence>::parallel_ndjson_reader(std::string_view text, Sequence& out,
                                                         std::span<arena> arenas,
                                                         const parallel_read_options& options)
    : text_(text), out_(out), arenas_(arenas), read_(options.read) {
  static_assert(detail::typed::shape_v<Sequence> == detail::typed::shape::sequence,
                "jot::read_ndjson_parallel: out must be a std::vector, std::deque or std::list (pmr ones too)");
  static_assert(!std::is_same_v<typename Sequence::value_type, bool>,
                "jot::read_ndjson_parallel: no std::vector<bool>");
  static_assert(detail::typed::shape_v<typename Sequence::value_type> != detail::typed::shape::unsupported,
                "jot::read_ndjson_parallel: this type has no JSON mapping (see jot/typed.h, WHAT MAPS TO WHAT)");
  const std::size_t workers = std::max<std::size_t>(arenas.size(), 1);
  chunk_size_ = options.chunk_size != 0 ? options.chunk_size
                                        : std::max<std::size_t>(16 * 1024, text.size() / (8 * workers));
  if (text.size() <= max_input_size) {
    chunk_count_ = std::max<std::size_t>(detail::chunk_count(text, chunk_size_), 1);  // one, maybe empty
    // The table never needs destroying: both kinds of entry are trivially destructible.
    static_assert(std::is_trivially_destructible_v<chunk> && std::is_trivially_destructible_v<failure>);
    const std::size_t failure_at = (chunk_count_ * sizeof(chunk) + alignof(failure) - 1) / alignof(failure) *
                                   alignof(failure);
    const std::size_t bytes = failure_at + (arenas.size() + 1) * sizeof(failure);
    constexpr std::size_t align = alignof(chunk) > alignof(failure) ? alignof(chunk) : alignof(failure);
    void* table = arenas.empty() ? nullptr : arenas[0].allocate(bytes, align);
    if (table == nullptr) {
      heap_.reset(new unsigned char[bytes]);  // aligned for any fundamental type
      table = heap_.get();
    }
    auto* const bytes_at = static_cast<unsigned char*>(table);
    auto* const c = reinterpret_cast<chunk*>(bytes_at);
    auto* const f = reinterpret_cast<failure*>(bytes_at + failure_at);
    for (std::size_t i = 0; i < chunk_count_; ++i) ::new (c + i) chunk();
    for (std::size_t i = 0; i <= arenas.size(); ++i) ::new (f + i) failure{none, read_result()};
    chunks_ = {c, chunk_count_};
    failures_ = {f, arenas.size() + 1};
  }
  failed_chunk_.store(chunk_count_, std::memory_order_relaxed);
}

template <class Sequence>
void parallel_ndjson_reader<Sequence>::lay_out() noexcept {
  std::size_t total = 0;
  for (const chunk& k : chunks_) total += k.lines;
  // out's elements are reused in place, as read_ndjson reuses them: on valid
  // NDJSON, element i takes document i and nothing moves.
  out_.resize(total);
  slot s = out_.begin();
  for (chunk& k : chunks_) {
    k.first_slot = s;
    s = std::next(s, static_cast<std::ptrdiff_t>(k.lines));
  }
}

template <class Sequence>
void parallel_ndjson_reader<Sequence>::run(arena& a, failure& f) noexcept {
  // Count: every chunk's lines with content, so that each chunk knows where
  // in out its documents go before any is read.
  for (std::size_t c; (c = next_count_.fetch_add(1, std::memory_order_relaxed)) < chunk_count_;) {
    chunk& k = chunks_[c];
    const std::string_view lines = detail::chunk_documents(text_, chunk_size_, chunk_count_, c);
    k.first = lines.data() != nullptr ? static_cast<std::size_t>(lines.data() - text_.data()) : text_.size();
    k.last = k.first + lines.size();
    detail::with_engine(read_.kernel,
                        [&](auto engine) { k.lines = count_chunk_lines(engine, text_, k.first, k.last); });
    if (counted_.fetch_add(1, std::memory_order_acq_rel) + 1 == chunk_count_) {
      lay_out();
      laid_out_.store(true, std::memory_order_release);
      laid_out_.notify_all();
    }
  }
  // Every chunk is counted or being counted by a running worker (chunks are
  // taken before they are counted), so this wait ends.
  laid_out_.wait(false, std::memory_order_acquire);
  for (;;) {
    const std::size_t c = next_chunk_.fetch_add(1, std::memory_order_relaxed);
    // A chunk after one that failed is never needed (failed_chunk_ only falls).
    if (c >= chunk_count_ || c > failed_chunk_.load(std::memory_order_relaxed)) return;
    chunk& k = chunks_[c];
    detail::with_engine(read_.kernel, [&](auto engine) {
      k.documents = read_ndjson_chunk(engine, text_, k.first, k.last, k.first_slot, k.lines, &a, read_, f.result);
    });
    if (!f.result) {
      f.chunk = c;
      std::size_t lowest = failed_chunk_.load(std::memory_order_relaxed);
      while (c < lowest && !failed_chunk_.compare_exchange_weak(lowest, c, std::memory_order_relaxed)) {
      }
      return;  // every chunk left is after this one
    }
  }
}

template <class Sequence>
void parallel_ndjson_reader<Sequence>::work(std::size_t w) noexcept {
  run(arenas_[w], failures_[w]);
}

template <class Sequence>
read_result parallel_ndjson_reader<Sequence>::finish() noexcept {
  using access = detail::read_access<void>;
  read_result result;
  if (chunk_count_ == 0) {  // input_too_large: as read_ndjson, out is emptied
    out_.clear();
    access::fail(result, error_code::input_too_large, nullptr, 0, jot::type::absent);
    jot::locate(access::error_of(result), text_);
    return result;
  }
  if (next_chunk_.load(std::memory_order_relaxed) < chunk_count_) {
    arena no_memory(nullptr, 0);
    run(arenas_.empty() ? no_memory : arenas_[0], failures_.back());
  }
  // Close the gaps: a chunk that read fewer documents than its window holds
  // moves the documents after it down, in order. (A chunk that succeeded is
  // valid NDJSON, one document per line with content, so only the failing
  // chunk falls short, and its tail is erased: this is a safety net.)
  const std::size_t failed = failed_chunk_.load(std::memory_order_relaxed);
  const std::size_t last = std::min(failed, chunk_count_ - 1);  // the last chunk whose documents count
  slot to = out_.begin();
  for (std::size_t c = 0; c <= last; ++c) {
    const chunk& k = chunks_[c];
    const slot end = std::next(k.first_slot, static_cast<std::ptrdiff_t>(k.documents));
    if constexpr (std::random_access_iterator<slot>) {
      to = to == k.first_slot ? end : std::move(k.first_slot, end, to);
    } else {  // std::list: drop the surplus slots instead
      to = out_.erase(to, k.first_slot);
      to = end;
    }
  }
  out_.erase(to, out_.end());
  if (failed < chunk_count_) {
    for (const failure& f : failures_)
      if (f.chunk == failed) result = f.result;
    access::prepend_index(result, out_.size() - 1);  // out ends with the failing document
    jot::locate(access::error_of(result), text_);
  }
  return result;
}

}  // namespace jot
