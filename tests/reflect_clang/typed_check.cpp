// tests/reflect_clang/typed_check.cpp - the typed reader instantiated for every
// shape, compiled by clang++ -fsyntax-only -Werror (see CMakeLists.txt), so
// that its target regions and templates keep compiling on clang.
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "jot/typed.h"

namespace {

struct inner {
  int a = 0;
  std::optional<double> b;
};
struct everything {
  bool flag = false;
  std::int8_t i8 = 0;
  std::uint64_t u64 = 0;
  float f = 0;
  std::string s;
  std::string_view sv;
  std::unique_ptr<inner> p;
  std::vector<inner> v;
  std::array<int, 2> a{};
  std::pair<int, std::tuple<std::string, bool>> pt;
  std::span<std::uint16_t> span;
  std::map<std::string, int> m;
  std::unordered_map<std::string, std::vector<int>> u;
  std::variant<std::monostate, std::int64_t, double, std::string> var;
  jot::raw_json raw;
  jot::value dom;
};

}  // namespace

jot::read_result check(std::string_view json, jot::arena& a) {
  everything e;
  return jot::read(json, e, a);
}
