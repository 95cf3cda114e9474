// src/multi/parallel_stream.cpp - a stream larger than memory on all cores.
//
// Worker 0 owns a stream_reader: it fills the window and takes the window's
// whole documents as one block (its state's next_block), publishes the
// block's parallel_documents job to the helpers, works on it like any
// worker, then waits until no helper is inside the job before the window
// moves (detail/multi/block_gate.h). The job's
// callback makes each document's index and error the stream's: the reader
// counts lines as the window moves, so an error is located in the stream at
// delivery.
#include "jot/parallel.h"

namespace jot {

namespace {

// What a block's job needs to make its documents the stream's.
struct block_delivery {
  detail::stream_state* reader;
  std::size_t window_offset;  // where the block starts in the reader's window
  std::size_t first_index;    // documents delivered before the block
  void* context;              // the caller's callback
  bool (*on_document)(void*, std::size_t, result<document>&, std::string_view);
};

parse_options without_bom(parse_options o) noexcept {
  o.syntax.allow_bom = false;
  return o;
}

}  // namespace

detail::parallel_stream_state::parallel_stream_state(const parser& p, source src,
                                                     const stream_window& window,
                                                     std::span<arena> arenas,
                                                     const parallel_options& options, void* context,
                                                     document_callback on_document) noexcept
    : parser_(without_bom(p.options()), p.kernel()),
      reader_(p, src, window, arenas.empty() ? none_ : arenas[0],
              {.format = options.format, .continue_after_error = options.continue_after_error}),
      arenas_(arenas),
      options_(options),
      context_(context),
      on_document_(on_document) {}

void parallel_stream::work(std::size_t w) noexcept {
  detail::parallel_stream_state& s = state_;
  if (w == 0) {
    s.read();
    s.gate_.finish();
  } else {
    s.gate_.help([&] { s.job_->work(w); });
  }
}

bool detail::parallel_stream_state::deliver_step() noexcept {
  result<document>& d = reader_.current();
  ++total_.count;
  if (!d.ok()) ++total_.error_count;
  return on_document_(context_, total_.count - 1, d, reader_.source()) &&
         (d.ok() || options_.continue_after_error);
}

bool detail::parallel_stream_state::deliver_from_block(void* context, std::size_t index,
                                                       result<document>& d,
                                                       std::string_view source) noexcept {
  const auto& b = *static_cast<const block_delivery*>(context);
  if (!d.ok()) {
    // The job located the error in the block: locate it in the stream.
    error e = d.error();
    e.offset += b.window_offset;
    b.reader->locate_in_window(e);
    d = e;
  }
  return b.on_document(b.context, b.first_index + index, d, source);
}

void detail::parallel_stream_state::read() noexcept {
  if (arenas_.empty()) return;
  if (options_.format == document_format::concatenated) {  // nothing to cut at: one worker
    while (reader_.next())
      if (!deliver_step()) return;
    return;
  }
  stream_state& r = stream_access::state(reader_);
  for (std::string_view block; r.next_block(block);) {
    if (block.empty()) {  // a step of the plain reader: a document that fills the window
      if (!deliver_step()) return;
      continue;
    }
    block_delivery b{&r, static_cast<std::size_t>(block.data() - r.window_), total_.count, context_,
                     on_document_};
    parallel_documents_state job(parser_, block, arenas_, options_, &b, &deliver_from_block);
    job_ = &job;
    gate_.open();
    job.work(0);
    gate_.close();  // the job and the window may go once no helper is inside
    job_ = nullptr;
    total_.count += job.count_;
    total_.error_count += job.errors_;
    if (job.turn_.load(std::memory_order_relaxed) == parallel_documents_state::stopped) return;
  }
}

}  // namespace jot
