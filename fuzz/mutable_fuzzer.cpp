// fuzz/mutable_fuzzer.cpp - editing a mutable document (jot/mutable.h).
//
// Input: one byte choosing the arena (a fixed buffer of 256 << (b & 7) bytes
// with no upstream, or a growing arena when bit 3 is set), then operation
// bytes up to the first '\n' (the first 32 count), then a JSON document.
// The document, when it parses, is copied into a mutable document; each
// operation byte picks a node (by pre-order position) and an edit. After every edit it checks that
//   - a failed edit left the document's text unchanged;
//   - the document still writes valid JSON that parses back equal to it;
//   - to_document gives an equal immutable document;
//   - a deep copy compares equal.
// Edits stop once the document's text outgrows 64 KB (self-copies double it).
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "jot/jot.h"

namespace {

void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "mutable_fuzzer: %s\n", what);
    std::abort();
  }
}

// Every value of the subtree at v in pre-order (keys excluded).
void collect(jot::mut_value v, std::vector<jot::mut_value>& out) {
  std::vector<jot::mut_value> todo{v};
  while (!todo.empty()) {
    jot::mut_value n = todo.back();
    todo.pop_back();
    out.push_back(n);
    std::vector<jot::mut_value> children;
    if (n.is_array())
      for (jot::mut_value e : n.elements()) children.push_back(e);
    if (n.is_object())
      for (jot::mut_member m : n.members()) children.push_back(m.value);
    todo.insert(todo.end(), children.rbegin(), children.rend());
  }
}

std::string text(jot::mut_value v) {
  jot::output_buffer out;
  auto w = jot::write(v, out);
  require(w.ok(), "a mutable document failed to write");
  return std::string(*w);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t mode = data[0];
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t newline = rest.find('\n');
  if (newline == std::string_view::npos) return 0;
  // At most 32 edits: each one rewrites and re-reads the whole document.
  const std::string_view ops = rest.substr(0, newline < 32 ? newline : 32);
  const std::string_view json = rest.substr(newline + 1);

  jot::arena parsed_arena;
  auto parsed = jot::parse(json, parsed_arena);
  if (!parsed) return 0;

  std::vector<char> buffer(std::size_t{256} << (mode & 7));
  jot::arena fixed(buffer.data(), buffer.size());
  jot::arena growing;
  jot::arena& a = (mode & 8) ? growing : fixed;
  jot::mutable_document doc(a);
  if (!doc.set_root(parsed->root()).ok()) return 0;  // did not fit
  require(doc.root() == parsed->root(), "copy differs from the parsed document");

  for (std::size_t i = 0; i < ops.size(); ++i) {
    const auto op = static_cast<std::uint8_t>(ops[i]);
    const auto pick = static_cast<std::uint8_t>(i + 1 < ops.size() ? ops[i + 1] : 0);
    std::vector<jot::mut_value> nodes;
    collect(doc.root(), nodes);
    jot::mut_value target = nodes[op % nodes.size()];
    jot::mut_value other = nodes[pick % nodes.size()];
    const std::string before = text(doc.root());
    jot::result<void> edit;  // stays a success for detach, which cannot fail
    switch ((op >> 4) % 10) {
      case 0: edit = target.push_back(static_cast<int>(pick) - 128); break;
      case 1: edit = target.insert(pick % 3, "s\"\n\xc3\xa9"); break;
      case 2: edit = target.set(std::string(1, static_cast<char>('a' + pick % 4)), {1, 2.5, nullptr}); break;
      case 3: edit = target.erase(pick % 3); break;
      case 4: edit = target.erase(std::string(1, static_cast<char>('a' + pick % 4))); break;
      case 5: edit = target.push_back(jot::moved(other)); break;
      case 6: edit = target.append("k", other); break;  // a deep copy
      case 7: edit = target.set(jot::object_init{{"x", {}}, {"y", true}}); break;
      case 8: (void)target.detach(); break;
      case 9: edit = target.set(jot::moved(other)); break;
    }
    const std::string after = text(doc.root());
    if (!edit) require(after == before, "a failed edit changed the document");
    // Copying a value into itself doubles the document: 32 such edits would
    // need 2^32 times the input. Stop editing once it outgrows 64 KB.
    if (after.size() > (std::size_t{1} << 16)) break;
    jot::arena check;
    auto reparsed = jot::parse(after, check);
    require(reparsed.ok(), "the document wrote invalid JSON");
    require(doc.root() == reparsed->root(), "the written text reads back different");
    jot::arena frozen_arena;
    auto frozen = jot::to_document(doc.root(), frozen_arena);
    require(frozen.ok() && frozen->root() == doc.root(), "to_document differs");
    jot::arena copy_arena;
    jot::mutable_document copy(copy_arena);
    require(copy.set_root(doc.root()).ok() && copy.root() == doc.root(), "deep copy differs");
    doc.clear_error();
  }
  return 0;
}
