// fuzz/documents_fuzzer.cpp - jot::documents over every format and option.
//
// Input: one option byte (options_from), one kernel byte (kernel_from), one
// byte whose bits 0-1 pick the format (3 means ndjson too) and bit 2 sets
// continue_after_error, then the text. Checks that every document yielded
// equals a plain parse of its source() bytes, that errors carry sane
// positions in the whole text, that the sources tile the text in order, and
// for NDJSON that the iteration is exactly "split at LF, skip blank lines,
// parse each line" done the slow way here. With parse = false (where
// jot::visit has the parser's rules), the steps are the same once each
// source is visited and its error located by the iteration.
#include <cstring>
#include <vector>

#include <jot/documents.h>
#include <jot/visit.h>

#include "fuzz_check.h"

namespace {

struct yielded {
  bool ok;
  jot::error error;
  std::string_view source;
  std::size_t nodes;
};

// The ndjson oracle: each non-blank line parsed on its own.
void check_ndjson(const std::vector<yielded>& got, std::string_view text, std::size_t start,
                  const jot::parser& plain, bool go_on) {
  std::size_t i = 0;
  std::size_t at = start;
  while (at < text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(at, nl - at);
    at = nl + 1;
    jot::arena a;
    auto r = plain.parse(line, a);
    if (!r && r.error().code == jot::error_code::empty_input) continue;
    FUZZ_CHECK(i < got.size());
    FUZZ_CHECK(got[i].ok == r.ok());
    FUZZ_CHECK(got[i].source == line);
    if (r) {
      FUZZ_CHECK(got[i].nodes == r->node_count());
    } else {
      FUZZ_CHECK(got[i].error.code == r.error().code);
      FUZZ_CHECK(got[i].error.offset == r.error().offset + static_cast<std::size_t>(line.data() - text.data()));
    }
    ++i;
    if (!r && !go_on) break;
  }
  FUZZ_CHECK(i == got.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const jot::parse_options options = jot_fuzz::options_from(data[0]);
  const jot::kernel k = jot_fuzz::kernel_from(data[1]);
  const jot::document_format format = jot_fuzz::format_from(data[2]);
  const bool go_on = (data[2] & 4) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 3), size - 3);

  const jot::parser p(options, k);
  jot::arena a;
  jot::documents docs(p, text, a, {format, go_on});
  // A plain parse of each document's bytes, as documents parses them.
  jot::parse_options strict_end = options;
  strict_end.syntax.allow_bom = false;
  const jot::parser plain(strict_end, jot::kernel::portable);

  std::vector<yielded> got;
  std::size_t errors = 0;
  const char* previous_end = nullptr;
  while (docs.next()) {
    FUZZ_CHECK(docs.index() == got.size());
    jot::result<jot::document>& d = docs.current();
    const std::string_view source = docs.source();
    FUZZ_CHECK(source.data() >= text.data() && source.data() + source.size() <= text.data() + text.size());
    FUZZ_CHECK(previous_end == nullptr || source.data() >= previous_end);
    previous_end = source.data() + source.size();
    if (d) {
      jot::arena b;
      auto reference = plain.parse(source, b);
      FUZZ_CHECK(reference.ok());
      FUZZ_CHECK(reference->root() == d->root());
      FUZZ_CHECK(jot_fuzz::same_tape(*reference, *d));
      got.push_back({true, {}, source, d->node_count()});
    } else {
      ++errors;
      jot_fuzz::check_position(d.error(), text);
      FUZZ_CHECK(d.error().code != jot::error_code::empty_input);
      FUZZ_CHECK(d.error().code != jot::error_code::capacity_exceeded);
      got.push_back({false, d.error(), source, 0});
      // Only a format that can resynchronise goes on after an error.
      if (!go_on || format == jot::document_format::concatenated) {
        FUZZ_CHECK(!docs.next());
        break;
      }
    }
  }
  FUZZ_CHECK(!docs.next());
  FUZZ_CHECK(docs.count() == got.size() && docs.error_count() == errors);

  if (!options.syntax.allow_comments && !options.syntax.allow_trailing_commas && !options.keep_number_text) {
    jot::documents_options uo{format, go_on};
    uo.parse = false;
    jot::arena none(nullptr, 0);  // no memory: building a document would fail
    jot::documents found(p, text, none, uo);
    jot::visit_options vo;
    vo.validate_utf8 = options.syntax.validate_utf8;
    vo.max_depth = options.syntax.max_depth;
    vo.kernel = k;
    std::size_t i = 0;
    while (found.next()) {
      FUZZ_CHECK(i < got.size());
      FUZZ_CHECK(found.source() == got[i].source);
      jot::error e = found.current() ? jot::error() : found.current().error();
      if (found.current()) {
        FUZZ_CHECK(!found.current()->root().exists());
        jot::visitor nothing;
        e = found.locate(jot::visit(found.source(), nothing, vo).error());
      }
      FUZZ_CHECK(e.ok() == got[i].ok);
      FUZZ_CHECK(e.code == got[i].error.code && e.offset == got[i].error.offset);
      FUZZ_CHECK(e.line == got[i].error.line && e.column == got[i].error.column);
      ++i;
      if (!e.ok() && (!go_on || format == jot::document_format::concatenated)) break;
    }
    FUZZ_CHECK(i == got.size());
  }

  std::size_t start = 0;
  if (options.syntax.allow_bom && text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0) start = 3;
  if (format == jot::document_format::ndjson) check_ndjson(got, text, start, plain, go_on);
  // Concatenated documents tile the text: each starts where the previous
  // stopped, and without an error the last reaches the end.
  if (format == jot::document_format::concatenated && !got.empty()) {
    FUZZ_CHECK(got[0].source.data() == text.data() + start);
    for (std::size_t i = 1; i < got.size(); ++i)
      FUZZ_CHECK(got[i].source.data() == got[i - 1].source.data() + got[i - 1].source.size());
    if (errors == 0) FUZZ_CHECK(previous_end == text.data() + text.size());
  }
  return 0;
}
