// jot/detail/typed/typed_lines.inl - jot::read_ndjson: NDJSON straight into a
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
  std::size_t count = 0;          // documents taken (the last without an element if it had no room)
  typename V::iterator next_slot;  // std::list: the element take() gives next

  explicit ndjson_slots(V& o) noexcept : out(o), next_slot(o.begin()) {}

  // The element for the document at `at`; nullptr, the document still
  // counted, when out is a std::pmr container the arena cannot grow.
  typename V::value_type* take(reader& r, const u8* at) {
    ++count;
    if constexpr (std::random_access_iterator<typename V::iterator>) {
      if (count > out.size()) {
        if (!room_for(r, out, at, [&] { return pmr_growth::append(out); })) return nullptr;
        out.emplace_back();
      }
      return &out[count - 1];
    } else {
      if (next_slot == out.end()) {
        if (!room_for(r, out, at, [&] { return pmr_growth::append(out); })) return nullptr;
        next_slot = out.emplace(out.end());
      }
      return &*next_slot++;
    }
  }
  // Drops the elements from i on: what they hold may lie in arena memory
  // about to be handed out again.
  void drop_from(std::size_t i) noexcept {
    count = i;
    out.erase(std::next(out.begin(), static_cast<std::ptrdiff_t>(std::min(i, out.size()))), out.end());
    next_slot = out.end();
  }
  void finish() noexcept {
    if constexpr (std::random_access_iterator<typename V::iterator>)
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(std::min(count, out.size())), out.end());
    else
      out.erase(next_slot, out.end());
  }
};

// A window of a sequence's elements, [start, start + size), reused in order
// and never resized: how read_ndjson_parallel's chunks read into out in
// place. size is the chunk's count of lines that hold content, and a chunk
// holds no more documents than those (a document starts on a line of its
// own, with its first byte: the fast path checks that a LF precedes every
// document after the first, the exact path reads one per line).
template <class It>
struct ndjson_window {
  It start;
  It next_slot;
  std::size_t count = 0;  // elements taken
  std::size_t size;

  ndjson_window(It s, std::size_t n) noexcept : start(s), next_slot(s), size(n) {}

  typename std::iterator_traits<It>::value_type* take(reader&, const u8*) noexcept {
    JOT_ASSERT(count < size, "a chunk holds more documents than lines");
    ++count;
    return &*next_slot++;
  }
  // As ndjson_slots::drop_from, but the elements stay: they are emptied, so
  // that none keeps a view of the memory about to be handed out again.
  void drop_from(std::size_t i) {
    const It from = std::next(start, static_cast<std::ptrdiff_t>(i));
    for (It it = from; it != next_slot; ++it) *it = typename std::iterator_traits<It>::value_type();
    count = i;
    next_slot = from;
  }
};

// The exact path: from the line at `line` (document `index` of the text),
// each line is one document or blank; stops at the first error (the failing
// document is the last element).
template <class Slots>
inline void read_ndjson_lines(reader& r, Slots& slots, const u8* line, std::size_t index) {
  const u8* const text_end = r.end;
  slots.drop_from(index);
  while (line != text_end) {
    const void* lf = std::memchr(line, '\n', static_cast<std::size_t>(text_end - line));
    const u8* line_end = lf != nullptr ? static_cast<const u8*>(lf) : text_end;
    r.p = line;
    r.end = line_end;
    skip_ws(r);
    if (r.p != r.end) {  // else a blank line: no document
      auto* slot = slots.take(r, r.p);
      r.p = line;
      if (slot == nullptr || !read_text(r, *slot)) break;
    }
    line = line_end == text_end ? text_end : line_end + 1;
  }
  r.end = text_end;
}

// Reads the lines of [first, r.end) (first at a line's start, r.end at the
// text's end or just after a line feed) into slots, one element per
// document; on failure r.failed is set and the failing document is the last
// element (its index in the range is slots.count - 1, not yet in the path).
// r.begin is the text's start, so offsets are the text's.
template <class Slots>
inline void read_ndjson_range(reader& r, Slots& slots, const u8* first) {
  arena* const memory = r.memory;
  r.p = first;
  // The fast path. The line of the latest document starts at `line`, after
  // line_feeds_before_line line feeds of the range (all in gaps, if no
  // document so far held one). (A byte order mark fails the fast path: the
  // exact one reports it.)
  const u8* line = first;
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
    // Gaps are short ("\n", "\r\n"): this loop measured fewer instructions
    // and faster than scanner::count_line_feeds on the benchmark's rows (the
    // vector count's set-up outweighs its work here).
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
    auto* slot = slots.take(r, r.p);
    if (JOT_UNLIKELY(slot == nullptr || !read_value(r, *slot))) {
      doubt = line;
      doubt_line_feeds = line_feeds_before_line;
      doubt_index = slots.count - 1;
      break;
    }
  }
  arena::savepoint rewind_to = at_document;
  if (doubt == nullptr) {
    if (scanner::count_line_feeds(first, r.end).count != gap_line_feeds) {
      doubt = first;  // some document held a line feed: read everything again, exactly
      doubt_index = 0;
      rewind_to = at_start;
    }
  } else if (scanner::count_line_feeds(first, doubt).count != doubt_line_feeds) {
    doubt = first;  // a document before the doubtful one held a line feed
    doubt_index = 0;
    rewind_to = at_start;
  }
  if (doubt != nullptr) {
    // The elements from doubt_index on may point into the memory handed
    // back here: read_ndjson_lines drops them before anything is allocated.
    // Not with an arena_resource over the arena: out itself (a std::pmr
    // vector's buffer) or the elements kept may hold memory from there on.
    if (!arena_resources::any(*memory)) memory->rewind(rewind_to);
    *r.result = read_error();
    r.failed = false;
    r.depth = 0;
    read_ndjson_lines(r, slots, doubt, doubt_index);
  }
}

// Reads the NDJSON text into out, one element per document; the error, if
// any, goes to result.
template <class V>
JOT_NOINLINE void read_ndjson_document(engine, std::string_view text, V& out, arena* memory,
                                       const read_options& options, read_error& result) noexcept {
  reader r = start_reader(text, memory, options, result);
  ndjson_slots<V> slots(out);
  if (text.size() > jot::max_input_size) {
    fail_at(r, error_code::input_too_large, r.begin, nullptr);
  } else {
    read_ndjson_range(r, slots, r.begin);
    if (r.failed) path_access::prepend_index(result, slots.count - 1);
  }
  slots.finish();
  if (r.failed) jot::locate(path_access::error_of(result), text);
}

// Reads the lines of text[first, last) (first at a line's start, last at
// text's end or just after a line feed) into the window [slot, slot +
// lines) as read_ndjson_document reads the whole text, but leaves the error
// unlocated and its path without the document's index: the caller knows the
// documents before the range. Returns the documents read (on failure, the
// failing one is the last).
template <class It>
JOT_NOINLINE std::size_t read_ndjson_chunk(engine, std::string_view text, std::size_t first, std::size_t last,
                                           It slot, std::size_t lines, arena* memory, const read_options& options,
                                           read_error& result) noexcept {
  reader r = start_reader(text, memory, options, result);
  r.end = r.begin + last;
  ndjson_window<It> window(slot, lines);
  read_ndjson_range(r, window, r.begin + first);
  return window.count;
}

// The lines of text[first, last) (first at a line's start) that hold a
// document or more: an upper bound of its documents (blank lines excluded,
// so that a text of blank lines does not size out to an element per byte).
inline std::size_t count_chunk_lines(engine, std::string_view text, std::size_t first, std::size_t last) noexcept {
  const u8* p = reinterpret_cast<const u8*>(text.data());
  return static_cast<std::size_t>(scanner::count_content_lines(p + first, p + last));
}
