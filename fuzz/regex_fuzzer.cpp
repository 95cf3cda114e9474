// fuzz/regex_fuzzer.cpp - match() and search()'s fast paths (the literal
// form and the DFA of src/query/iregexp_*.cpp) against the NFA simulation.
//
// Input: an option byte (bit 0: match, else search; bits 1-3: 0 for a
// growing arena, else a fixed buffer of 2^(bits + 8) bytes for the compiled
// pattern), then the pattern, a NUL byte, and the subject (any bytes, so
// invalid UTF-8 too). Checks: the pattern compiles or is refused as not
// I-Regexp, too large or (fixed buffer) out of memory; a compiled pattern
// gives the same answer on its fast path as on the NFA.
#include <cstring>
#include <memory>
#include <string_view>

#include "fuzz_check.h"
#include "query/iregexp_program.h"

namespace q = jot::detail::query;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool whole = (data[0] & 1) != 0;
  const unsigned buffer_bits = (data[0] >> 1) & 7;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t nul = rest.find('\0');
  const std::string_view pattern = rest.substr(0, nul);
  const std::string_view subject = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);

  // Exactly the buffer's bytes on the heap, so ASan sees any access past it.
  const std::size_t bytes = buffer_bits == 0 ? 0 : std::size_t{1} << (buffer_bits + 8);
  std::unique_ptr<char[]> buffer(new char[bytes + 1]);
  std::unique_ptr<jot::arena> arena(bytes == 0 ? new jot::arena() : new jot::arena(buffer.get(), bytes));

  const q::regex* r = nullptr;
  const q::regex_status s =
      q::compile_regex(pattern, *arena, 4096, &r, whole ? q::regex_use::match : q::regex_use::search);
  if (s != q::regex_status::ok) {
    FUZZ_CHECK(s == q::regex_status::invalid || s == q::regex_status::too_large ||
               (bytes != 0 && s == q::regex_status::no_memory));
    return 0;
  }
  jot::arena scratch;  // growing: the runs must not fail for memory
  const q::regex_outcome fast = q::run_regex(*r, subject, whole, scratch);
  const q::regex_outcome slow = q::run_regex_nfa(*r, subject, whole, scratch);
  FUZZ_CHECK(fast != q::regex_outcome::no_memory && slow != q::regex_outcome::no_memory);
  FUZZ_CHECK(fast == slow);
  return 0;
}
