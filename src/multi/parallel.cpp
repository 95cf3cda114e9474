// src/multi/parallel.cpp - many documents parsed by many workers, delivered in order.
//
// The text is cut as jot/detail/multi/document_chunks.h says: each chunk holds the
// documents that start in its nominal byte range, found by its worker alone.
// Each chunk is parsed by jot::documents over exactly its lines or records,
// so the rules of a document (blank lines, CR, empty records, errors) are
// documents' own; only an error's place is fixed here, at delivery, when
// every earlier chunk is known: an NDJSON chunk starts a line, so its errors
// are shifted by the lines before it (which documents counted while parsing
// them); a record may start mid-line and span lines, so a json_seq error is
// located again in the whole text, counting lines on from the last one.
//
// Delivery is ordered by turn_: the worker holding chunk turn_ delivers, in
// order, then passes the turn to the next chunk. Chunks are taken in order,
// so a worker only ever waits for a lower chunk, which a running worker holds
// and will finish: there is no deadlock however work() calls are scheduled.
#include "jot/parallel.h"

#include <algorithm>
#include <new>

#include "jot/detail/multi/document_chunks.h"

namespace jot {

// A parsed document waiting in its worker's arena for the chunk's turn.
struct detail::parallel_documents_state::record {
  result<document> doc;  // never destroyed: the arena's reset drops it, and its
                         // document owns no arena (documents never gives one)
  std::string_view source;
  record* next = nullptr;
};

detail::parallel_documents_state::parallel_documents_state(const parser& p, std::string_view text,
                                                           std::span<arena> arenas,
                                                           const parallel_options& options,
                                                           void* context,
                                                           document_callback on_document) noexcept
    : first_(p),
      rest_(
          [&] {
            parse_options o = p.options();
            o.syntax.allow_bom = false;
            return o;
          }(),
          p.kernel()),
      text_(text),
      arenas_(arenas),
      continue_after_error_(options.continue_after_error),
      format_(options.format),
      chunk_size_(std::max<std::size_t>(options.chunk_size, 1)),
      // Concatenated documents cannot be cut: one chunk holds them all.
      chunk_count_(format_ != document_format::concatenated ? detail::chunk_count(text, chunk_size_)
                                                            : static_cast<std::size_t>(!text.empty())),
      context_(context),
      on_document_(on_document) {}

void parallel_documents::work(std::size_t w) noexcept { state_.work(w); }

void detail::parallel_documents_state::work(std::size_t w) noexcept {
  arena& a = arenas_[w];
  for (;;) {
    const std::size_t c = next_chunk_.fetch_add(1, std::memory_order_relaxed);
    if (c >= chunk_count_ || c > stop_.load(std::memory_order_relaxed) ||
        turn_.load(std::memory_order_relaxed) == stopped)
      return;
    if (!run_chunk(c, a)) return;
  }
}

namespace {
// One spin of a busy wait: tells the core (and a hypervisor) that this is a
// wait loop, so a sibling thread gets the execution units.
inline void spin_pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}
}  // namespace

bool detail::parallel_documents_state::wait_turn(std::size_t c) const noexcept {
  std::size_t t = turn_.load(std::memory_order_acquire);
  // Spin first: the turn usually comes within a fraction of a chunk's parse,
  // while a sleeping thread is woken by the kernel tens of microseconds later
  // on a virtual machine, as long as a 64 KB chunk takes to parse.
  for (int spins = 0; t < c && spins < 4096; ++spins) {
    spin_pause();
    t = turn_.load(std::memory_order_acquire);
  }
  while (t < c) {
    turn_.wait(t, std::memory_order_acquire);
    t = turn_.load(std::memory_order_acquire);
  }
  return t == c;
}

bool detail::parallel_documents_state::deliver(result<document>& d, std::string_view source) noexcept {
  if (!d.ok()) {
    error e = d.error();
    e.offset += chunk_offset_;
    if (format_ == document_format::json_seq) documents_state::place(first_, text_.data(), located_, e);
    else e.line += lines_;
    d = e;
    ++errors_;
  }
  if (on_document_(context_, count_++, d, source) && (d.ok() || continue_after_error_)) return true;
  turn_.store(stopped, std::memory_order_release);
  turn_.notify_all();
  return false;
}

bool detail::parallel_documents_state::deliver_all(record* head) noexcept {
  for (record* r = head; r != nullptr; r = r->next)
    if (!deliver(r->doc, r->source)) return false;
  return true;
}

bool detail::parallel_documents_state::run_chunk(std::size_t c, arena& a) noexcept {
  const std::string_view lines =
      detail::chunk_documents(text_, chunk_size_, chunk_count_, c,
                              format_ == document_format::json_seq ? detail::json_seq_marks : detail::ndjson_marks);
  a.reset();
  documents docs(c == 0 ? first_ : rest_, lines, a,
                 {.format = format_, .continue_after_error = continue_after_error_});
  detail::documents_state& steps = detail::documents_access::state(docs);
  steps.reset_arena_ = false;
  record* head = nullptr;
  record** tail = &head;
  bool holding = false;  // this chunk's turn: each document is delivered as parsed
  for (;;) {
    if (!holding) {
      const std::size_t t = turn_.load(std::memory_order_acquire);
      if (t > c) return false;  // delivery stopped at an earlier chunk
      if (t == c) {
        if (!deliver_all(head)) return false;
        holding = true;
      }
    }
    if (holding) a.reset();
    if (!docs.next()) break;
    result<document>& d = docs.current();
    if (holding) {
      if (!deliver(d, docs.source())) return false;
      continue;
    }
    if (!d.ok() && d.error().code == error_code::capacity_exceeded && head != nullptr) {
      // The waiting documents filled the arena: deliver them when the turn
      // comes, then parse this one again into the emptied arena.
      steps.rewind();
      if (!wait_turn(c) || !deliver_all(head)) return false;
      holding = true;
      continue;
    }
    void* at = a.allocate(sizeof(record), alignof(record));
    if (at == nullptr) {
      if (!wait_turn(c) || !deliver_all(head) || !deliver(d, docs.source())) return false;
      holding = true;
      continue;
    }
    record* r = new (at) record{std::move(d), docs.source()};
    *tail = r;
    tail = &r->next;
    if (!r->doc.ok() && !continue_after_error_) {
      // Nothing after this chunk will be delivered: stop taking chunks.
      std::size_t s = stop_.load(std::memory_order_relaxed);
      while (c < s && !stop_.compare_exchange_weak(s, c, std::memory_order_relaxed)) {
      }
    }
  }
  if (!holding && (!wait_turn(c) || !deliver_all(head))) return false;
  // NDJSON: the chunk ends after an LF (but the last one), and docs counted
  // one line per LF: the next chunk's first line follows them.
  if (format_ == document_format::ndjson) lines_ += steps.line_ - 1;
  if (lines.data() != nullptr) chunk_offset_ = static_cast<std::size_t>(lines.data() + lines.size() - text_.data());
  turn_.store(c + 1, std::memory_order_release);
  turn_.notify_all();
  return true;
}

}  // namespace jot
