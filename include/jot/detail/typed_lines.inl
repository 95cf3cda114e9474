// jot/detail/typed_lines.inl - jot::read_ndjson: NDJSON straight into a
// sequence of typed values. Not API. Compiled per engine like
// typed_read.inl, after it (same namespace, same reader).
//
// Two paths, one result. The fast path runs one reader over the whole text,
// document after document, with no line split and no per-document set-up:
// what jot::documents + jot::read pay per line (a memchr, the engine choice,
// the reader's set-up) is paid once. But NDJSON forbids what that reader
// would accept: a document spanning lines (`[1,` LF `2]`), two documents on
// one line. So the fast path checks that each gap between documents holds a
// line feed, and at the end that the gaps held every line feed of the text
// (count_line_feeds, one vector pass): then no document held one, and each
// document was alone on its line. Any anomaly (a gap without a line feed, a
// failed document, a count that differs) hands over to the exact path, which
// splits lines as jot::documents does and reports what documents + jot::read
// report, from the first line whose document is in doubt.

// The elements of out, reused in order (their strings and vectors keep their
// capacity), appended when out runs short; finish() erases the surplus.
template <class V>
struct ndjson_slots {
  V& out;
  std::size_t count = 0;          // elements taken
  typename V::iterator next_slot;  // std::list: the element take() gives next

  explicit ndjson_slots(V& o) noexcept : out(o), next_slot(o.begin()) {}

  typename V::value_type& take() {
    if constexpr (std::random_access_iterator<typename V::iterator>) {
      if (count == out.size()) out.emplace_back();
      return out[count++];
    } else {
      if (next_slot == out.end()) next_slot = out.emplace(out.end());
      ++count;
      return *next_slot++;
    }
  }
  // Drops the elements from i on: what they hold may lie in arena memory
  // about to be handed out again.
  void drop_from(std::size_t i) noexcept {
    count = i;
    out.erase(std::next(out.begin(), static_cast<std::ptrdiff_t>(i)), out.end());
    next_slot = out.end();
  }
  void finish() noexcept {
    if constexpr (std::random_access_iterator<typename V::iterator>)
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(count), out.end());
    else
      out.erase(next_slot, out.end());
  }
};

// The exact path: from the line at `line` (document `index` of the text),
// each line is one document or blank; stops at the first error, whose path
// starts with its document's index.
template <class V>
inline void read_ndjson_lines(reader& r, ndjson_slots<V>& slots, const u8* line, std::size_t index) {
  const u8* const text_end = r.end;
  slots.drop_from(index);
  while (line != text_end) {
    const void* lf = std::memchr(line, '\n', static_cast<std::size_t>(text_end - line));
    const u8* line_end = lf != nullptr ? static_cast<const u8*>(lf) : text_end;
    r.p = line;
    r.end = line_end;
    skip_ws(r);
    if (r.p != r.end) {  // else a blank line: no document
      r.p = line;
      if (!read_text(r, slots.take())) {
        path_access::prepend_index(*r.result, slots.count - 1);
        break;
      }
    }
    line = line_end == text_end ? text_end : line_end + 1;
  }
  r.end = text_end;
}

// Reads the NDJSON text into out, one element per document; the error, if
// any, goes to result.
template <class V>
JOT_NOINLINE void read_ndjson_document(engine, std::string_view text, V& out, arena* memory,
                                       const read_options& options, read_result& result) noexcept {
  reader r = start_reader(text, memory, options, result);
  ndjson_slots<V> slots(out);
  if (text.size() > jot::max_input_size) {
    fail_at(r, error_code::input_too_large, r.begin, nullptr);
  } else {  // (a byte order mark fails the fast path: the exact one reports it)
    // The fast path. The line of the latest document starts at `line`, after
    // line_feeds_before_line line feeds (all in gaps, if no document so far
    // held one).
    const u8* line = r.begin;
    std::uint64_t line_feeds_before_line = 0;
    std::uint64_t gap_line_feeds = 0;
    const u8* doubt = nullptr;  // the line to read again exactly, if any
    std::uint64_t doubt_line_feeds = 0;
    std::size_t doubt_index = 0;
    // The arena before everything, and before the latest document: the exact
    // path reads again from one of them, and must not pay twice for memory.
    const arena::savepoint at_start = memory->save();
    arena::savepoint at_document = at_start;
    for (;;) {
      const u8* gap = r.p;
      skip_ws(r);
      std::uint64_t in_gap = 0;
      const u8* last_lf = nullptr;
      // Gaps are short ("\n", "\r\n"): this loop measured 12 instructions a
      // line fewer than scanner::count_line_feeds, and 4% faster on the
      // benchmark's rows (the vector count's set-up outweighs its work here).
      for (const u8* b = gap; b != r.p; ++b) {
        if (*b == '\n') {
          ++in_gap;
          last_lf = b;
        }
      }
      gap_line_feeds += in_gap;
      if (r.p == r.end) break;
      if (in_gap == 0 && slots.count != 0) {  // a value on the line of the document before
        doubt = line;
        doubt_line_feeds = line_feeds_before_line;
        doubt_index = slots.count - 1;
        break;
      }
      if (last_lf != nullptr) {
        line = last_lf + 1;
        line_feeds_before_line = gap_line_feeds;
      }
      at_document = memory->save();
      if (JOT_UNLIKELY(!read_value(r, slots.take()))) {
        doubt = line;
        doubt_line_feeds = line_feeds_before_line;
        doubt_index = slots.count - 1;
        break;
      }
    }
    arena::savepoint rewind_to = at_document;
    if (doubt == nullptr) {
      if (scanner::count_line_feeds(r.begin, r.end).count != gap_line_feeds) {
        doubt = r.begin;  // some document held a line feed: read everything again, exactly
        doubt_index = 0;
        rewind_to = at_start;
      }
    } else if (scanner::count_line_feeds(r.begin, doubt).count != doubt_line_feeds) {
      doubt = r.begin;  // a document before the doubtful one held a line feed
      doubt_index = 0;
      rewind_to = at_start;
    }
    if (doubt != nullptr) {
      // The elements from doubt_index on may point into the memory handed
      // back here: read_ndjson_lines drops them before anything is allocated.
      memory->rewind(rewind_to);
      result = read_result();
      r.failed = false;
      r.depth = 0;
      read_ndjson_lines(r, slots, doubt, doubt_index);
    }
  }
  slots.finish();
  if (r.failed) jot::locate(path_access::error_of(result), text);
}
