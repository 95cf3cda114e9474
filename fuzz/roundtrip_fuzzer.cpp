// fuzz/roundtrip_fuzzer.cpp - parse -> write -> parse gives the same document,
// and writing that again gives the same bytes, compact and pretty.
//
// Input: one byte choosing options (bit 0 keep number text, bit 1 escape
// non-ASCII, bit 2 escape '/', bit 3 lenient input: comments, trailing commas
// and a byte order mark, bits 4-7 the indent of the pretty pass), then the
// JSON text.
#include "fuzz_check.h"

namespace {

void round_trip(const jot::document& first, const jot::parse_options& strict,
                const jot::write_options& w) {
  jot::output_buffer out1;
  auto text1 = jot::write(first.root(), out1, w);
  FUZZ_CHECK(text1.ok());
  // The writer promises valid JSON; escape_non_ascii promises pure ASCII.
  FUZZ_CHECK(jot_fuzz::valid_utf8(*text1));
  if (w.escape_non_ascii)
    for (char c : *text1) FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80);
  if (w.escape_slash)  // '/' occurs only inside strings, and then escaped
    for (std::size_t i = 0; i < text1->size(); ++i)
      if ((*text1)[i] == '/') FUZZ_CHECK(i > 0 && (*text1)[i - 1] == '\\');

  jot::arena a;
  auto second = jot::parse(*text1, a, strict);
  FUZZ_CHECK(second.ok());
  FUZZ_CHECK(first.root() == second->root());
  FUZZ_CHECK(jot_fuzz::same_tape(first, *second));

  jot::output_buffer out2;
  auto text2 = jot::write(second->root(), out2, w);
  FUZZ_CHECK(text2.ok() && *text1 == *text2);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t b = data[0];
  std::string_view json(reinterpret_cast<const char*>(data + 1), size - 1);

  jot::parse_options strict;  // validate_utf8 stays on: the writer needs valid text
  strict.keep_number_text = (b & 1) != 0;
  jot::parse_options input = strict;
  input.syntax.allow_comments = input.syntax.allow_trailing_commas = input.syntax.allow_bom = (b & 8) != 0;

  jot::arena a;
  auto doc = jot::parse(json, a, input);
  if (!doc) return 0;

  jot::write_options w;
  w.escape_non_ascii = (b & 2) != 0;
  w.escape_slash = (b & 4) != 0;
  round_trip(*doc, strict, w);
  w.indent = (b >> 4) == 0 ? 2 : (b >> 4);
  round_trip(*doc, strict, w);
  return 0;
}
