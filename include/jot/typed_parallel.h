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
// differ: which arena a chunk uses depends on the timing. The same from a
// stream larger than memory (a file descriptor, a pipe), one window at a
// time: parallel_ndjson_stream. docs/streams.md.
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
#include "jot/detail/multi/block_gate.h"
#include "jot/detail/multi/document_chunks.h"
#include "jot/detail/multi/run_workers.h"
#include "jot/stream.h"
#include "jot/typed.h"

namespace jot {

namespace detail {
struct parallel_ndjson_access;  // below, in the implementation
}

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
    std::size_t first = 0;      // its bytes in text_: [first, last) (jot/detail/multi/document_chunks.h)
    std::size_t last = 0;
    std::size_t lines = 0;      // its lines with content: an upper bound of its documents
    std::size_t documents = 0;  // documents read (the failing one included)
    slot first_slot{};          // out's element for its first document
  };
  // A worker's error: a worker stops at its first failing chunk.
  struct failure {
    std::size_t chunk;  // the chunk that failed, or none
    read_error error;   // its error
  };
  static constexpr std::size_t none = ~std::size_t{0};

  friend struct detail::parallel_ndjson_access;

  std::string_view text_;
  Sequence& out_;
  std::span<arena> arenas_;
  read_options read_;
  std::size_t first_index_ = 0;  // the index of text's first document in an error's path
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

// NDJSON read from a source (a file descriptor, a FILE*, a callback:
// jot/stream.h) through a window into your own types on all cores, in bounded
// memory. Worker 0 fills the window and takes its whole lines as one block;
// every running worker reads the block as a parallel_ndjson_reader reads a
// buffer, into values (reused from block to block: its elements keep their
// capacity, except with allow_missing_members, where each value starts
// value-initialized); then worker 0 hands each value to on_value(index, value), in
// order, one call at a time, and the window moves on. on_value returns void,
// or bool: false stops the read (the result is then a success). The outcome
// is read_ndjson's over the whole stream: the same values with the same
// indexes, and for bad input the same error (code; offset, line and column in
// the stream; path led by the document's index), once every value before it
// has been handed over. Beyond read_ndjson, a line larger than the window
// (once the window can grow no more) fails with capacity_exceeded, and a
// failed read with io_error, their path the index of the document they stop.
template <class Sequence, class F>
class parallel_ndjson_stream {
 public:
  using value_type = typename Sequence::value_type;

  // Reads src through window into values (a std::vector, std::deque or
  // std::list of a mapped type, pmr ones too) with one worker per arena;
  // window, values, the arenas and on_value must outlive the job.
  // options.chunk_size cuts each block as read_ndjson_parallel cuts a text.
  // Nothing is allocated but the window (when it comes from upstream),
  // values' elements, and a block's table when arena 0 has no room for it.
  parallel_ndjson_stream(source src, const stream_window& window, Sequence& values JOT_LIFETIMEBOUND,
                         std::span<arena> arenas JOT_LIFETIMEBOUND, const parallel_read_options& options,
                         F& on_value JOT_LIFETIMEBOUND) noexcept;
  parallel_ndjson_stream(const parallel_ndjson_stream&) = delete;
  parallel_ndjson_stream& operator=(const parallel_ndjson_stream&) = delete;

  // Runs worker w on the calling thread; call it once for each arena w (and
  // work(0) alone when there is none), from any threads, as
  // parallel_stream::work: work(0) reads the whole stream, alone if need be,
  // and hands every value over; work(w) for w > 0 helps read each block
  // while it runs. Each block resets every arena: a value's views into the
  // window and the arenas stay valid only during its on_value call.
  void work(std::size_t w) noexcept;
  // Values handed to on_value.
  std::size_t count() const noexcept { return count_; }
  // read_ndjson's result for the stream (on success, the stream's bytes read
  // through the last block handed over); final once work(0) has returned.
  const read_result& result() const noexcept JOT_LIFETIMEBOUND { return result_; }

 private:
  // Worker 0: reads the stream a block at a time.
  void read() noexcept;
  // Reads text (window bytes), with the helpers when shared, and hands its
  // values over; false when the read is over (an error, or on_value said so).
  bool read_block(std::string_view text, bool shared) noexcept;
  // Fails the read with e, an error the stream reader located.
  void fail(const error& e) noexcept;

  arena none_{nullptr, 0};  // the stream reader's: it builds no document
  stream_reader reader_;
  Sequence& values_;
  std::span<arena> arenas_;
  parallel_read_options options_;
  F& on_value_;
  std::size_t count_ = 0;
  read_result result_ = std::size_t{0};
  parallel_ndjson_reader<Sequence>* job_ = nullptr;  // the block's reader, while published
  detail::block_gate gate_;  // how helpers join each block
};

// Reads the NDJSON lines of src through window into values on arenas.size()
// threads (the calling thread is worker 0; the others are started for this
// call: run a parallel_ndjson_stream on your own threads to avoid that),
// handing each to on_value(index, value) as parallel_ndjson_stream does.
// Returns read_ndjson's result for the stream; with no arena, reads on the
// calling thread without arena memory.
template <class Sequence, class F>
read_result read_ndjson_parallel(source src, const stream_window& window, Sequence& values,
                                 std::span<arena> arenas, const parallel_read_options& options, F&& on_value) {
  parallel_ndjson_stream<Sequence, std::remove_reference_t<F>> job(src, window, values, arenas, options, on_value);
  detail::run_workers(job, std::max<std::size_t>(arenas.size(), 1));
  return job.result();
}

// ---- implementation ----

namespace detail {
// The one friend of parallel_ndjson_reader: parallel_ndjson_stream reads
// each block with a reader of its own, whose documents' indexes (in an
// error's path) count on from the stream's earlier blocks.
struct parallel_ndjson_access {
  template <class Sequence>
  static void set_first_index(parallel_ndjson_reader<Sequence>& r, std::size_t index) noexcept {
    r.first_index_ = index;
  }
};
}  // namespace detail

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
    for (std::size_t i = 0; i <= arenas.size(); ++i) ::new (f + i) failure{none, read_error()};
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
      k.documents = read_ndjson_chunk(engine, text_, k.first, k.last, k.first_slot, k.lines, &a, read_, f.error);
    });
    if (!f.error.ok()) {
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
  read_error error;
  if (chunk_count_ == 0) {  // input_too_large: as read_ndjson, out is emptied
    out_.clear();
    access::fail(error, error_code::input_too_large, nullptr, 0, jot::type::absent);
    jot::locate(access::error_of(error), text_);
    return error;
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
      if (f.chunk == failed) error = f.error;
    access::prepend_index(error, first_index_ + out_.size() - 1);  // out ends with the failing document
    jot::locate(access::error_of(error), text_);
    return error;
  }
  return text_.size();
}

template <class Sequence, class F>
parallel_ndjson_stream<Sequence, F>::parallel_ndjson_stream(source src, const stream_window& window,
                                                            Sequence& values, std::span<arena> arenas,
                                                            const parallel_read_options& options,
                                                            F& on_value) noexcept
    // Strict and without a byte order mark, as read_ndjson; the reader only
    // finds the lines (parse = false), the block readers check them.
    : reader_(parser({}, options.read.kernel), src, window, none_,
              {.format = document_format::ndjson, .parse = false}),
      values_(values),
      arenas_(arenas),
      options_(options),
      on_value_(on_value) {}

template <class Sequence, class F>
void parallel_ndjson_stream<Sequence, F>::work(std::size_t w) noexcept {
  if (w == 0) {
    read();
    if (result_) {
      const detail::stream_state& steps = detail::stream_access::state(reader_);
      result_ = static_cast<std::size_t>(steps.base_ + steps.pos_);
    }
    gate_.finish();
  } else {
    gate_.help([&] { job_->work(w); });
  }
}

template <class Sequence, class F>
void parallel_ndjson_stream<Sequence, F>::read() noexcept {
  detail::stream_state& steps = detail::stream_access::state(reader_);
  for (std::string_view block; steps.next_block(block);) {
    if (block.empty()) {  // a step of the plain reader: one line that fills the window, or its failure
      if (!reader_.current()) return fail(reader_.current().error());
      if (!read_block(reader_.source(), false)) return;
    } else if (!read_block(block, true)) {
      return;
    }
  }
}

template <class Sequence, class F>
bool parallel_ndjson_stream<Sequence, F>::read_block(std::string_view text, bool shared) noexcept {
  for (arena& a : arenas_) a.reset();  // no helper is inside: the last block is closed
  // A member absent from its object keeps the element's value: with
  // allow_missing_members, an element reused from an earlier block would
  // carry an earlier document's member into this one, depending on where
  // the window cut. Every value then starts as read_ndjson's would, from a
  // value-initialized element.
  if (options_.read.allow_missing_members) values_.clear();
  read_result r = std::size_t{0};
  {
    parallel_ndjson_reader<Sequence> job(text, values_, arenas_, options_);
    detail::parallel_ndjson_access::set_first_index(job, count_);
    if (shared && arenas_.size() > 1) {
      job_ = &job;
      gate_.open();
      job.work(0);
      gate_.close();  // the job and the window may go once no helper is inside
      job_ = nullptr;
    } else if (!arenas_.empty()) {
      job.work(0);
    }
    r = job.finish();
  }
  // On failure values ends with the failing document.
  const std::size_t good = values_.size() - (r ? 0 : 1);
  auto value = values_.begin();
  for (std::size_t i = 0; i < good; ++i, ++value) {
    ++count_;
    if constexpr (std::is_void_v<decltype(on_value_(count_ - 1, *value))>) {
      on_value_(count_ - 1, *value);
    } else if (!static_cast<bool>(on_value_(count_ - 1, *value))) {
      return false;
    }
  }
  if (r) return true;
  // The reader located the error in text: locate it in the stream.
  read_error located = r.error();
  error& e = detail::read_access<void>::error_of(located);
  detail::stream_state& steps = detail::stream_access::state(reader_);
  e.offset += static_cast<std::size_t>(text.data() - steps.window_);
  steps.locate_in_window(e);
  result_ = located;
  return false;
}

template <class Sequence, class F>
void parallel_ndjson_stream<Sequence, F>::fail(const error& e) noexcept {
  using access = detail::read_access<void>;
  read_error error;
  access::error_of(error) = e;
  access::prepend_index(error, count_);
  result_ = error;
}

}  // namespace jot
