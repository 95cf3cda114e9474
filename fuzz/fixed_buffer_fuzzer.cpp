// fuzz/fixed_buffer_fuzzer.cpp - parsing into a caller buffer of any size.
//
// Input: an option byte, a misalignment byte, two bytes choosing the buffer
// size as a fraction of dom_size_bound, then the JSON text. A fixed buffer
// either gives exactly the document a big arena gives, or capacity_exceeded
// whose `needed` bytes really suffice; a dom_size_bound buffer always does,
// and 9 * size + 64 bytes do for a valid document.
#include <memory>

#include "fuzz_check.h"

namespace {

struct outcome {
  std::unique_ptr<unsigned char[]> storage;  // owns the buffer the arena uses
  std::unique_ptr<jot::arena> arena;         // declared before doc: outlives it
  jot::result<jot::document> doc = jot::make_error(jot::error_code::empty_input);
};

// Parses into a buffer of exactly size bytes that starts misalign bytes past a
// 16-byte boundary and ends at the end of its heap block, so ASan sees any
// write past it.
void parse_fixed(outcome& o, const jot::parser& p, std::string_view json, std::size_t size,
                 std::size_t misalign) {
  o.storage.reset(new unsigned char[size + misalign]);
  o.arena.reset(new jot::arena(o.storage.get() + misalign, size));
  o.doc = p.parse(json, *o.arena);
}

// A parse that did not run out of memory must match the reference exactly.
void check_same(const jot::result<jot::document>& got, const jot::result<jot::document>& ref) {
  FUZZ_CHECK(got.ok() == ref.ok());
  if (ref) {
    FUZZ_CHECK(jot_fuzz::same_tape(*got, *ref));
  } else {
    FUZZ_CHECK(got.error().code == ref.error().code);
    FUZZ_CHECK(got.error().offset == ref.error().offset);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  const jot::parser p(jot_fuzz::options_from(data[0]));
  const std::size_t misalign = data[1] & 15;
  const std::size_t fraction = (std::size_t{data[2]} << 8) | data[3];
  std::string_view json(reinterpret_cast<const char*>(data + 4), size - 4);
  const std::size_t bound = jot::dom_size_bound(json.size());
  const std::size_t buffer_size = bound * fraction / 65536;

  jot::arena big;
  auto reference = p.parse(json, big);
  FUZZ_CHECK(reference.ok() || reference.error().code != jot::error_code::capacity_exceeded);

  outcome fixed;
  parse_fixed(fixed, p, json, buffer_size, misalign);
  if (!fixed.doc && fixed.doc.error().code == jot::error_code::capacity_exceeded) {
    const std::size_t needed = fixed.doc.error().needed;
    FUZZ_CHECK(needed > 0 && needed <= bound);
    outcome retry;
    parse_fixed(retry, p, json, needed, misalign);
    check_same(retry.doc, reference);
  } else {
    check_same(fixed.doc, reference);
  }

  outcome bounded;
  parse_fixed(bounded, p, json, bound, misalign);
  check_same(bounded.doc, reference);

  // parse.h: a valid document never needs more than 9 * size + 64 bytes.
  if (reference) {
    outcome valid;
    parse_fixed(valid, p, json, 9 * json.size() + 64, misalign);
    check_same(valid.doc, reference);
  }
  return 0;
}
