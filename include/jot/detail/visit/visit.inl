// jot/detail/visit/visit.inl - jot::visit's document loop, written once and
// included by jot/visit.h into each engine's namespace (after skip.inl, whose
// scan it drives). Not API.

// Visits the one JSON text json, reporting its tokens to events (see
// skip.inl); err is left ok, or says what stopped the scan and where. With
// consumed, json may go on after the text (a stream's next document), and
// *consumed is set to the bytes of the text and the whitespace after it, as
// a parse with allow_trailing_content consumes.
template <class V>
JOT_NOINLINE void visit_document(engine, std::string_view json, V& events, std::uint32_t max_depth, bool validate,
                                 jot::error& err, std::size_t* consumed = nullptr) noexcept {
  const u8* const begin = reinterpret_cast<const u8*>(json.data());
  const u8* const end = begin + json.size();
  const auto fail = [&](const u8* at, error_code code, const char* message) {
    err.code = code;
    err.message = message != nullptr ? message : default_message(code);
    err.offset = static_cast<std::size_t>(at - begin);
    jot::locate(err, json);
  };
  if (json.size() > jot::max_input_size) return fail(begin, error_code::input_too_large, nullptr);
  // A byte order mark is an error, as jot::parse says by default.
  if (json.size() >= 3 && begin[0] == 0xEF && begin[1] == 0xBB && begin[2] == 0xBF)
    return fail(begin, error_code::byte_order_mark, nullptr);
  const u8* p = scanner::skip_spaces_inlined(begin, end);
  if (p == end) return fail(p, error_code::empty_input, nullptr);
  const skipped s = visit_value(p, end, validate, max_depth, &events);
  if (s.code != error_code::ok) return fail(s.p, s.code, s.message());
  p = scanner::skip_spaces_inlined(s.p, end);
  if (consumed != nullptr) {
    *consumed = static_cast<std::size_t>(p - begin);
    return;
  }
  if (p != end) {
    const skipped t = skip_error(p, end, error_code::unexpected_character);  // a comment, perhaps
    return fail(p, t.code == error_code::unexpected_character ? error_code::trailing_content : t.code, nullptr);
  }
}
