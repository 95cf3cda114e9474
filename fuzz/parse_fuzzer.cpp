// fuzz/parse_fuzzer.cpp - DOM parsing under every option combination.
//
// Input: one option byte (see options_from), one kernel byte (kernel_from),
// then the JSON text. Checks that
// the chosen kernel agrees with the portable one, that its walk over stage
// 1's index does too (whatever the size would choose), that errors carry a sane
// position, that validated strings are valid UTF-8, and that the writer's
// size prediction matches what it writes.
#include "fuzz_check.h"
#include "kernels/kernels.h"  // src/: each kernel's indexed walk

namespace {

// The kernel's walk over stage 1's index (kernel_entry::parse_indexed) gives
// the portable one-pass walk's outcome: the same tape, or the same error.
void check_indexed_walk(std::string_view json, const jot::parse_options& options, jot::kernel k,
                        const jot::result<jot::document>& reference) {
  const jot::kernel chosen = jot::parser(options, k).kernel();
  for (const jot::detail::kernel_entry* e : jot::detail::kernel_table) {
    if (e->id != chosen) continue;
    jot::arena a;
    const jot::detail::parse_outcome r = e->parse_indexed(json.data(), json.size(), json.size(), options, a);
    FUZZ_CHECK(r.err.ok() == reference.ok());
    if (!reference) {
      const jot::error& want = reference.error();
      FUZZ_CHECK(r.err.code == want.code && r.err.offset == want.offset);
      FUZZ_CHECK(std::strcmp(r.err.message, want.message) == 0);
    } else {
      FUZZ_CHECK(r.consumed == reference->consumed());
      FUZZ_CHECK(jot_fuzz::same_tape(r.root, reference->root().node()));
    }
  }
}

void check_write(const jot::document& doc) {
  jot::output_buffer out;
  auto w = jot::write(doc.root(), out);
  FUZZ_CHECK(w.ok());
  FUZZ_CHECK(jot::written_size(doc.root()) == w->size());
  // The fixed-buffer writer gives the same bytes, and reports the exact need
  // when one byte short.
  std::string_view text = *w;
  char* exact = new char[text.size() + 1];
  auto n = jot::write(doc.root(), exact, text.size());
  FUZZ_CHECK(n.ok() && *n == text.size() && std::memcmp(exact, text.data(), text.size()) == 0);
  auto short_by_one = jot::write(doc.root(), exact, text.size() - 1);
  FUZZ_CHECK(short_by_one.error().code == jot::error_code::buffer_too_small);
  FUZZ_CHECK(short_by_one.error().needed == text.size());
  delete[] exact;
}

// A document parsed with keep_number_text must be the plain parse with each
// number left as text: decoding the text gives the plain parse's node, and
// the plain parse fails with number_out_of_range exactly when a text does not
// decode.
void check_kept_numbers(const jot::document& kept, std::string_view json, jot::parse_options options) {
  options.keep_number_text = false;
  jot::arena a;
  auto plain = jot::parse(json, a, options);
  bool out_of_range = false;
  const jot::detail::node* k = kept.root().node();
  const jot::detail::node* p = plain ? plain->root().node() : nullptr;
  if (plain) FUZZ_CHECK(plain->node_count() == kept.node_count());
  for (std::size_t i = 0; i < kept.node_count(); ++i, ++k) {
    if (k->kind() != jot::detail::kind_raw_number) continue;
    jot::detail::node decoded{};
    auto ec = jot::detail::decode_number_text(k->str, k->length(), &decoded);
    if (ec != jot::error_code::ok) {
      FUZZ_CHECK(ec == jot::error_code::number_out_of_range);
      out_of_range = true;
    } else if (plain) {
      FUZZ_CHECK(decoded.kind() == p[i].kind() && decoded.u == p[i].u);
    }
  }
  FUZZ_CHECK(plain.ok() == !out_of_range);
  if (!plain) FUZZ_CHECK(plain.error().code == jot::error_code::number_out_of_range);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const jot::parse_options options = jot_fuzz::options_from(data[0]);
  std::string_view json(reinterpret_cast<const char*>(data + 2), size - 2);

  jot::arena a;
  auto doc = jot::parser(options, jot_fuzz::kernel_from(data[1])).parse(json, a);
  jot::arena b;
  auto reference = jot::parser(options, jot::kernel::portable).parse(json, b);
  check_indexed_walk(json, options, jot_fuzz::kernel_from(data[1]), reference);

  FUZZ_CHECK(doc.ok() == reference.ok());
  if (!doc) {
    const jot::error& e = doc.error();
    FUZZ_CHECK(e.code == reference.error().code && e.offset == reference.error().offset);
    // A malloc-backed arena only fails on a real allocation failure.
    FUZZ_CHECK(e.code != jot::error_code::capacity_exceeded && e.code != jot::error_code::out_of_memory);
    FUZZ_CHECK(e.message != nullptr);
    jot_fuzz::check_position(e, json);
    // docs/parsing.md: an unexpected end is reported at the input's end, and
    // too deep nesting at the bracket that opens the extra level.
    if (e.code == jot::error_code::unexpected_end) FUZZ_CHECK(e.offset == json.size());
    if (e.code == jot::error_code::depth_exceeded)
      FUZZ_CHECK(e.offset < json.size() && (json[e.offset] == '[' || json[e.offset] == '{'));
    return 0;
  }
  FUZZ_CHECK(jot_fuzz::same_tape(*doc, *reference));
  FUZZ_CHECK(doc->root() == reference->root());

  // Ends of the open containers, to measure the nesting the tape holds.
  const jot::detail::node* ends[1025];
  std::size_t depth = 0;
  const jot::detail::node* n = doc->root().node();
  for (std::size_t i = 0; i < doc->node_count(); ++i, ++n) {
    while (depth > 0 && ends[depth - 1] == n) --depth;
    if (n->is_container()) {
      FUZZ_CHECK(depth < options.syntax.max_depth);
      ends[depth++] = n->next();
    }
    if (n->is_string() && options.syntax.validate_utf8)
      FUZZ_CHECK(jot_fuzz::valid_utf8(std::string_view(n->str, n->length())));
    if (n->kind() == jot::detail::kind_raw_number) {
      // Reading a kept number either succeeds or says it is out of range.
      auto d = jot::value(n).get_double();
      FUZZ_CHECK(d.ok() || d.error().code == jot::error_code::number_out_of_range);
    }
  }
  check_write(*doc);
  if (options.keep_number_text) check_kept_numbers(*doc, json, options);
  return 0;
}
