// jot/parallel.h - many documents on all cores: the NDJSON lines (or JSON
// text sequence records) of one buffer parsed by N workers, each into its own
// arena, and handed to one callback in document order, exactly as
// jot::documents would hand them out.
//
//   std::vector<jot::arena> arenas(std::thread::hardware_concurrency());  // one per thread
//   jot::parallel_summary s = jot::parse_parallel(jot::parser(), text, arenas, {},
//       [&](std::size_t index, jot::result<jot::document>& d, std::string_view line) {
//         if (!d) report(index, d.error()); else use(d->root());   // one call at a time
//       });
//
// The text is cut into chunks of about chunk_size bytes, each starting where
// a document does (after an LF, or at an RS); workers take the next chunk
// from an atomic counter (so a slow chunk delays no one but its worker) and
// parse its documents with jot::documents into their arena. A chunk's
// documents wait in the arena until every earlier chunk has been delivered;
// the worker whose chunk is next delivers as it parses. Concatenated JSON has
// no byte that marks where a document starts, so it is one chunk, parsed by
// one worker. docs/streams.md gives every rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

#include "jot/arena.h"
#include "jot/detail/multi/run_workers.h"
#include "jot/documents.h"
#include "jot/error.h"
#include "jot/parse.h"
#include "jot/stream.h"

namespace jot {

// How the documents of a buffer are parsed in parallel.
struct parallel_options {
  bool continue_after_error = false;  // after a bad document, go on at the next line or record
                                      // (as documents)
  std::size_t chunk_size = 64 * 1024;  // bytes a worker takes at once, extended to the next
                                       // document's start; smaller balances better, larger
                                       // synchronises less (0 = 1)
  document_format format = document_format::ndjson;  // how documents are separated, as for
                                                      // documents; concatenated runs on one worker
};

// What a parallel parse delivered.
struct parallel_summary {
  std::size_t count = 0;        // documents delivered, bad ones included
  std::size_t error_count = 0;  // bad documents delivered
};

}  // namespace jot

#include "jot/detail/multi/parallel_state.h"  // the jobs' state (not API), which holds the types above

namespace jot {

// One parallel parse of a buffer of documents, run by the caller's threads: call
// work(w) once for each arena w, from any threads, concurrently or one after
// another (a worker waits only for chunks other running workers hold, so even
// a single thread finishes the whole text). The callback gets every document
// in document order, one call at a time (never concurrently), from whichever
// worker is delivering: its index (as documents::index()), the document or
// its error (offset, line and column in the whole text) and its source (the
// line without the LF, or the record without the RS, as documents::source()).
// Both stay valid only during the call.
// The callback returns void, or bool: false stops the parse (no call follows).
// Without continue_after_error the first bad document in document order is
// the last one delivered: every document before it is delivered, nothing
// after it. Results equal those of jot::documents with the same parser.
class parallel_documents {
 public:
  // Parses text with p's options and kernel into arenas (one per worker),
  // calling on_document; both must outlive the job, text until it is done.
  template <class F>
  parallel_documents(const parser& p, std::string_view text JOT_LIFETIMEBOUND,
                     std::span<arena> arenas JOT_LIFETIMEBOUND, const parallel_options& options,
                     F& on_document JOT_LIFETIMEBOUND) noexcept
      : state_(p, text, arenas, options, &on_document, &detail::call_document_callback<F>) {}

  parallel_documents(const parallel_documents&) = delete;
  parallel_documents& operator=(const parallel_documents&) = delete;

  // Runs worker w (w < the number of arenas) on the calling thread until no
  // chunk is left; each w at most once at a time. Each arena is reset per
  // chunk and must hold one document at least (as with documents); it holds
  // a chunk's documents when it has room, else its worker waits for its turn.
  void work(std::size_t w) noexcept;

  // What was delivered; final once every work() call has returned.
  parallel_summary summary() const noexcept { return {state_.count_, state_.errors_}; }

 private:
  detail::parallel_documents_state state_;
};

// Parses text on arenas.size() threads (the calling thread is one; the others
// are started for this call, so the thread state is allocated from the heap:
// run a parallel_documents on your own threads to avoid that), calling
// on_document(index, result<document>&, source) as parallel_documents does
// (returning void, or bool: false to stop).
// Requires at least one arena. Returns what was delivered.
template <class F>
parallel_summary parse_parallel(const parser& p, std::string_view text JOT_LIFETIMEBOUND,
                                std::span<arena> arenas, const parallel_options& options,
                                F&& on_document) {
  parallel_documents job(p, text, arenas, options, on_document);
  detail::run_workers(job, arenas.size());
  return job.summary();
}

// A stream larger than memory on all cores: the NDJSON lines (or json_seq
// records) read from a source through a window, parsed by N workers and
// delivered in order, one window at a time. Worker 0 fills the window and
// publishes its whole documents as one block; every running worker parses
// the block as a parallel_documents job, and the window moves on once all of
// them are done with it. on_document is called as parallel_documents calls
// it, in order, one call at a time: index counts across the stream, errors
// are located in the stream (offset, line, column), and source points into
// the window (valid during the call). Peak memory is the window plus the
// arenas, whatever the stream's length. As with stream_reader, a document
// larger than the window (once it can grow no more) fails with
// capacity_exceeded and the next one is read, and a read error is delivered
// as a failed document (io_error) after every document before it.
// Concatenated JSON cannot be cut: worker 0 reads it alone.
class parallel_stream {
 public:
  // Reads src through window with p's options and kernel into arenas (one
  // per worker; at least one), calling on_document; all must outlive the job.
  template <class F>
  parallel_stream(const parser& p, source src, const stream_window& window,
                  std::span<arena> arenas JOT_LIFETIMEBOUND, const parallel_options& options,
                  F& on_document JOT_LIFETIMEBOUND) noexcept
      : state_(p, src, window, arenas, options, &on_document,
               &detail::call_document_callback<F>) {}
  parallel_stream(const parallel_stream&) = delete;
  parallel_stream& operator=(const parallel_stream&) = delete;

  // Runs worker w on the calling thread; call it once for each arena w, from
  // any threads. work(0) reads the whole stream (parsing every block, alone
  // if need be) and returns at its end; work(w) for w > 0 helps parse each
  // block published while it runs and returns once work(0) has (at once,
  // when called after it). So helpers speed the stream up only while they
  // run concurrently with worker 0, and a helper waits for worker 0: never
  // call work(w > 0) on the thread that is to call work(0) afterwards.
  void work(std::size_t w) noexcept;
  // What was delivered; final once work(0) has returned.
  parallel_summary summary() const noexcept { return state_.total_; }

 private:
  detail::parallel_stream_state state_;
};

// Parses the documents read from src (a file descriptor, a FILE*, a callback:
// jot/stream.h) through window on arenas.size() threads (the calling thread
// is worker 0; the others are started for this call: run a parallel_stream on
// your own threads to avoid that), calling on_document(index,
// result<document>&, source) as parallel_stream does (returning void, or
// bool: false to stop). Requires at least one arena.
template <class F>
parallel_summary parse_parallel(const parser& p, source src, const stream_window& window,
                                std::span<arena> arenas, const parallel_options& options, F&& on_document) {
  parallel_stream job(p, src, window, arenas, options, on_document);
  detail::run_workers(job, arenas.size());
  return job.summary();
}

}  // namespace jot
