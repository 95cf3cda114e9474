// Editing a parsed document with a JSON Patch (RFC 6902) and a Merge Patch
// (RFC 7396), and what a failed patch reports. docs/writing.md shows this.
#include <jot/jot.h>

#include <cstdio>
#include <string_view>

int main() {
  char buffer[16384];  // everything below lives here: no heap
  jot::arena arena(buffer, sizeof buffer);
  auto config = jot::parse(R"({"name": "svc", "replicas": 2, "ports": [80]})", arena);
  auto patch = jot::parse(R"([
    {"op": "test",    "path": "/replicas", "value": 2},
    {"op": "replace", "path": "/replicas", "value": 3},
    {"op": "add",     "path": "/ports/-",  "value": 443},
    {"op": "copy",    "from": "/name",     "path": "/label"}
  ])", arena);
  if (!config || !patch) return 1;

  jot::mutable_document doc(arena);
  if (!doc.set_root(config->root()).ok()) return 1;
  if (jot::patch_result r = jot::apply_patch(doc, patch->root()); !r) return 1;

  // A patch applies in full or not at all; the result says which operation
  // failed and where.
  auto bad = jot::parse(R"([{"op": "remove", "path": "/label"},
                             {"op": "remove", "path": "/ports/5"}])", arena);
  if (!bad) return 1;
  jot::patch_result r = jot::apply_patch(doc, bad->root());
  char message[128];
  r.error().describe(message, sizeof message);
  std::printf("%s\n", message);  // operation 1 (/ports/5): index past the end of the array

  // Merge Patch: members replace, null removes, objects merge.
  auto merge = jot::parse(R"({"replicas": null, "limits": {"cpu": "2"}})", arena);
  if (!merge || !jot::merge_patch(doc, merge->root()).ok()) return 1;

  char out[256];
  auto n = jot::write(doc.root(), out, sizeof out);
  if (!n) return 1;
  const std::string_view text(out, *n);
  std::printf("%.*s\n", static_cast<int>(text.size()), text.data());
  return text == R"({"name":"svc","ports":[80,443],"label":"svc","limits":{"cpu":"2"}})" &&
                 r.error().code == jot::error_code::not_found && r.error().operation() == 1
             ? 0
             : 1;
}
