// src/write/write_primitives.inl - what the typed encoder calls out of line
// (declared in jot/detail/write/write_primitives.h): strings and keys, raw
// text, indentation, DOM values inside typed values, numbers, and the three
// destinations of jot::write of a typed value. They write through the same
// sinks as the tape writer and run it for what is not short. Not API.
//
// No include guard: included once, at the end of src/write/write.cpp, inside
// namespace jot, after the tape writer, whose anonymous namespace it uses.
// Compiled in a unit of its own, with the writer in a header of namespace
// jot::detail, GCC chose differently for the writer's hot loop (scalar no
// longer inlined into run) and for these functions (write_string and
// write_key twice their size): the writer and the encoder are benchmarked,
// so they keep one unit and its inlining decisions.

namespace {

// Runs encode on value into sink; returns the cursor past the text.
template <class Sink>
char* encode_into(Sink& sink, const write_options& options, detail::encode_fn encode,
                  const void* value, error& failure) noexcept {
  detail::write_target t{&detail::refill_of<Sink>, &sink, escape_mode_of(options), options.indent,
                         options.use_tabs, {}, detail::scan_engine::baseline};
  t.skip_null_members = options.skip_null_members;
  char* const cur = encode(t, sink.start(), value).cur;
  failure = t.failure;
  return cur;
}

// A writer over an encoder's target; Pretty matters only to DOM values.
template <bool Pretty>
tape_writer<target_sink, Pretty> target_writer(target_sink& sink, const detail::write_target& t,
                                               std::uint64_t depth = 0) noexcept {
  return tape_writer<target_sink, Pretty>(sink, t.escape, t.indent, t.use_tabs, depth);
}

}  // namespace

namespace detail {

out_range write_string(write_target& t, out_range o, const char* s, std::size_t n) noexcept {
  // Most strings are short and clean: a block check and a copy.
  if (JOT_WRITE_LIKELY(t.escape == 0 && n <= clean_string_max)) {
    o = room(t, o, clean_string_max + 2);
    if (char* end = detail::quote_clean(o.cur, s, n); JOT_WRITE_LIKELY(end != nullptr)) {
      o.cur = end;
      return o;
    }
  }
  // Else still one reservation and the escaping loop, without the writer's
  // general path.
  if (JOT_WRITE_LIKELY(n <= escape_chunk_bytes)) {
    o = room(t, o, quoted_reserve(n));
    o.cur = quote_short(o.cur, s, n, t.escape);
    return o;
  }
  target_sink sink(t);
  return target_writer<false>(sink, t).string_slow(o, s, n, false, nullptr, 0);
}

out_range write_key(write_target& t, out_range o, const char* s, std::size_t n) noexcept {
  const bool pretty = t.indent != 0;
  if (JOT_WRITE_LIKELY(t.escape == 0 && n <= clean_string_max)) {
    o = room(t, o, clean_string_max + 4);  // the quoted string, then ": "
    if (char* end = detail::quote_clean(o.cur, s, n); JOT_WRITE_LIKELY(end != nullptr)) {
      std::memcpy(end, ": ", 2);
      o.cur = end + (pretty ? 2 : 1);
      return o;
    }
  }
  if (JOT_WRITE_LIKELY(n <= escape_chunk_bytes)) {
    o = room(t, o, quoted_reserve(n));  // includes token_slack, so 2 more bytes fit
    o.cur = quote_short(o.cur, s, n, t.escape);
    std::memcpy(o.cur, ": ", 2);
    o.cur += pretty ? 2 : 1;
    return o;
  }
  target_sink sink(t);
  return target_writer<false>(sink, t).string_slow(o, s, n, false, pretty ? ": " : ":",
                                                   pretty ? 2 : 1);
}

out_range write_verbatim(write_target& t, out_range o, const char* s, std::size_t n) noexcept {
  target_sink sink(t);
  return target_writer<false>(sink, t).verbatim(o, s, n);
}

out_range write_newline(write_target& t, out_range o, std::uint64_t depth) noexcept {
  target_sink sink(t);
  return target_writer<true>(sink, t).newline(o, depth);
}

out_range write_dom(write_target& t, out_range o, const node* root, std::uint64_t depth) noexcept {
  target_sink sink(t);
  if (t.indent != 0) return target_writer<true>(sink, t, depth).run(o, root);
  return target_writer<false>(sink, t, depth).run(o, root);
}

char* print_uint64(char* out, std::uint64_t v) noexcept { return write_uint64(out, v); }
char* print_int64(char* out, std::int64_t v) noexcept { return write_int64(out, v); }
char* print_double(char* out, double d) noexcept { return write_double(out, d); }

result<std::string_view> write_typed(output_buffer& out, const write_options& options,
                                     encode_fn encode, const void* value) noexcept {
  return run_buffer(out, [&](buffer_sink& sink, error& failure) {
    return encode_into(sink, options, encode, value, failure);
  });
}

result<std::size_t> write_typed(char* buffer, std::size_t capacity, const write_options& options,
                                encode_fn encode, const void* value) noexcept {
  return run_fixed(buffer, capacity, [&](fixed_sink& sink, error& failure) {
    return encode_into(sink, options, encode, value, failure);
  });
}

result<std::size_t> write_typed(sink out, const write_options& options, encode_fn encode,
                                const void* value) noexcept {
  return run_stream(out, [&](stream_sink& sink, error& failure) {
    return encode_into(sink, options, encode, value, failure);
  });
}

}  // namespace detail
