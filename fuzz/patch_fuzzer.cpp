// fuzz/patch_fuzzer.cpp - JSON Patch and Merge Patch on any document.
//
// Input: an option byte (bit 0: a merge patch instead of a JSON Patch; bits
// 1-7: 0 for a growing arena, else a fixed buffer of that many 64-byte units
// for the edited document), then the document, a NUL byte (never valid JSON
// text, so the split is unambiguous), and the patch. Both must parse. The
// edit must not crash; when it fails the document must equal, member order
// included, a copy taken before, and its error() must be unchanged; when it
// succeeds it must still write as valid JSON that reads back equal.
#include <cstring>
#include <memory>

#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool merge = (data[0] & 1) != 0;
  const std::size_t units = data[0] >> 1;
  const char* text = reinterpret_cast<const char*>(data + 1);
  const auto* nul = static_cast<const char*>(std::memchr(text, 0, size - 1));
  if (nul == nullptr) return 0;
  const std::string_view doc_json(text, static_cast<std::size_t>(nul - text));
  const std::string_view patch_json(nul + 1, size - 1 - doc_json.size() - 1);

  jot::arena pa;
  auto doc = jot::parse(doc_json, pa);
  auto patch = jot::parse(patch_json, pa);
  if (!doc || !patch) return 0;

  // Exactly the buffer's bytes on the heap, so ASan sees any write past it.
  std::unique_ptr<char[]> buffer(new char[units * 64 + 1]);
  std::unique_ptr<jot::arena> arena(units == 0 ? new jot::arena()
                                               : new jot::arena(buffer.get(), units * 64));
  jot::mutable_document edited(*arena);
  if (!edited.set_root(doc->root()).ok()) return 0;
  edited.clear_error();

  jot::error e;
  if (merge) {
    e = jot::merge_patch(edited, patch->root()).error();
  } else {
    const jot::patch_result r = jot::apply_patch(edited, patch->root());
    e = r.error();
    if (!r) FUZZ_CHECK(r.error().operation() < patch->root().size() ||
                       r.error().operation() == jot::patch_error::no_operation);
    char message[64];
    FUZZ_CHECK(r.error().describe(message, sizeof message) > 0);
  }
  FUZZ_CHECK(edited.ok());  // a failure is reported, never left in the document
  if (!e.ok()) {
    FUZZ_CHECK(edited.root() == doc->root());
    if (units == 0) FUZZ_CHECK(e.code != jot::error_code::capacity_exceeded);
    return 0;
  }
  jot::output_buffer out;
  auto written = jot::write(edited.root(), out);
  FUZZ_CHECK(written.ok());
  jot::arena ra;
  auto back = jot::parse(*written, ra);
  FUZZ_CHECK(back.ok() && edited.root() == back->root());
  return 0;
}
