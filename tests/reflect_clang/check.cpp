// The compile-time reflection contract (tests/support/reflect_checks.h and
// tests/support/reflect_enum_checks.h), compiled on its own so that clang can check
// it without GoogleTest or a clang build of jot: -fsyntax-only still
// evaluates every static_assert and instantiates every template used. The
// typed encoder is instantiated for every shape too, so that its header
// compiles with clang's warnings as errors and without exceptions.
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "jot/typed.h"
#include "support/reflect_checks.h"
#include "support/reflect_enum_checks.h"

namespace typed_write_clang {

struct every_shape {
  bool b;
  int i;
  double d;
  float f;
  std::string s;
  std::string_view sv;
  std::optional<int> o;
  std::unique_ptr<int> p;
  std::vector<bool> bits;
  std::array<int, 2> a;
  int c_array[2];
  std::span<const int> span;
  std::map<std::string, int> m;
  std::variant<std::monostate, int, std::string> v;
  reflect_enum_checks::color e;
  reflect_enum_checks::level as_integer;
  jot::value dom;
  jot::raw_json raw;
};

inline bool write_every_shape(const every_shape& x, char* buf, std::size_t n) {
  jot::output_buffer out;
  return jot::write(x, out).ok() && jot::write(x, buf, n).ok();
}

}  // namespace typed_write_clang
