// jot/detail/multi/parallel_state.h - what jot::parallel_documents and
// jot::parallel_stream hold and the steps they take (not API). A stream's
// block is parsed by a parallel_documents_state of its own. Included by
// jot/parallel.h after the types it holds; src/multi/parallel.cpp and
// src/multi/parallel_stream.cpp define the functions.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "jot/arena.h"
#include "jot/detail/multi/block_gate.h"
#include "jot/documents.h"
#include "jot/error.h"
#include "jot/parse.h"
#include "jot/stream.h"

namespace jot::detail {

// Calls the caller's document callback; false to stop.
using document_callback = bool (*)(void* context, std::size_t index, result<document>& d,
                                   std::string_view source);

// The document_callback of a callable F, which returns void or bool.
template <class F>
bool call_document_callback(void* context, std::size_t index, result<document>& d,
                            std::string_view source) {
  F& f = *static_cast<F*>(context);
  if constexpr (std::is_void_v<decltype(f(index, d, source))>) {
    f(index, d, source);
    return true;
  } else {
    return static_cast<bool>(f(index, d, source));
  }
}

// A parallel_documents job: its state and its steps.
struct parallel_documents_state {
  parallel_documents_state(const parser& p, std::string_view text, std::span<arena> arenas,
                           const parallel_options& options, void* context,
                           document_callback on_document) noexcept;
  parallel_documents_state(const parallel_documents_state&) = delete;
  parallel_documents_state& operator=(const parallel_documents_state&) = delete;

  struct record;  // a parsed document waiting for its turn (src/multi/parallel.cpp)

  // parallel_documents::work.
  void work(std::size_t w) noexcept;
  // Parses and delivers chunk c; false when the parse has stopped.
  bool run_chunk(std::size_t c, arena& a) noexcept;
  // Waits until chunk c is next; false when delivery stopped before it.
  bool wait_turn(std::size_t c) const noexcept;
  // Delivers the next document of the chunk being delivered; false to stop.
  bool deliver(result<document>& d, std::string_view source) noexcept;
  // Delivers a list of records, oldest first; false to stop.
  bool deliver_all(record* head) noexcept;

  static constexpr std::size_t stopped = ~std::size_t{0};

  parser first_;  // for chunk 0: may skip a byte order mark at the start of text
  parser rest_;   // for every other chunk (their start is no start of text)
  std::string_view text_;
  std::span<arena> arenas_;
  bool continue_after_error_;
  document_format format_;
  std::size_t chunk_size_;
  std::size_t chunk_count_;
  void* context_;
  document_callback on_document_;
  // Each group below has its own cache line: every waiting worker reads
  // turn_ once per document it parses, while the delivering worker writes
  // count_ once per document; on one line, each of those writes would take
  // the line from every other core and serialise the workers.
  static constexpr std::size_t cache_line = 64;
  alignas(cache_line) std::atomic<std::size_t> next_chunk_{0};  // the next chunk a worker takes
  alignas(cache_line) std::atomic<std::size_t> turn_{0};  // the chunk being delivered, or stopped
                                                          // (a fatal error or the callback said so)
  std::atomic<std::size_t> stop_{stopped};  // no chunk after this one is needed (a fatal error)
  // Written only by the worker whose turn it is; the next reads them after
  // its acquire of turn_.
  alignas(cache_line) std::size_t count_ = 0;  // documents delivered (the index of the next one)
  std::size_t errors_ = 0;        // bad documents delivered
  std::uint64_t lines_ = 0;       // LFs before the chunk being delivered
  std::size_t chunk_offset_ = 0;  // where the chunk being delivered starts in text
  error_locator located_;  // json_seq: where errors are located from in text
};

// A parallel_stream: its state and its steps.
struct parallel_stream_state {
  parallel_stream_state(const parser& p, source src, const stream_window& window,
                        std::span<arena> arenas, const parallel_options& options, void* context,
                        document_callback on_document) noexcept;
  parallel_stream_state(const parallel_stream_state&) = delete;
  parallel_stream_state& operator=(const parallel_stream_state&) = delete;

  // Worker 0: reads and delivers the stream.
  void read() noexcept;
  // Delivers the plain reader's current document; false to stop.
  bool deliver_step() noexcept;
  // A block job's callback: the document's index and error made the stream's.
  static bool deliver_from_block(void* context, std::size_t index, result<document>& d,
                                 std::string_view source) noexcept;

  parser parser_;  // the caller's, without allow_bom: the reader skips a byte order mark
  arena none_{nullptr, 0};  // the reader's arena when there is none (nothing to parse into)
  stream_reader reader_;
  std::span<arena> arenas_;
  parallel_options options_;
  void* context_;
  document_callback on_document_;
  parallel_summary total_;
  parallel_documents_state* job_ = nullptr;  // its job, while published
  block_gate gate_;  // how helpers join each block
};

}  // namespace jot::detail
