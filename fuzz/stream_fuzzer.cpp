// fuzz/stream_fuzzer.cpp - jot::stream_reader through small windows and
// reads of every size.
//
// Input: one option byte (options_from), one kernel byte (kernel_from), one
// byte whose bits 0-1 pick the format (3 means ndjson too), bit 2 sets
// continue_after_error and bit 3 array_elements, one byte added to the
// window's size, one byte for the read size (0: as much as fits), then the
// text. The window is the largest document (plus the distance at which a cut
// document is told from a bad one) plus that byte, so no document is too
// large. Checks that the steps equal documents over the whole text (values,
// sources, error codes and positions); array elements equal the same stream
// read through a window holding all of it, and the whole array's elements,
// or fail with jot::parse's error for the whole array (code, offset, line,
// column).
// A reader with parse = false yields the same steps once each source is
// checked by jot::visit and its error located by the reader, and so does a
// typed_stream_reader decoding each document into a jot::value. NDJSON and
// json_seq on two threads (jot::parallel_stream) yield what the reader
// yields through the same window, a window that fits every document and
// one that fits few.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <jot/documents.h>
#include <jot/parallel.h>
#include <jot/stream.h>
#include <jot/typed_stream.h>
#include <jot/visit.h>

#include "fuzz_check.h"

namespace {

struct step {
  bool ok;
  jot::error error;
  std::string source;
  std::string json;
};

// Hands out the text at most chunk bytes per read.
struct chunked {
  std::string_view text;
  std::size_t chunk;
  std::size_t at = 0;
  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    const std::size_t n = std::min({size, chunk, text.size() - at});
    std::memcpy(buffer, text.data() + at, n);
    at += n;
    return n;
  }
};

// The step of a document d (or its error) read from source.
step step_of(const jot::result<jot::document>& d, std::string_view source) {
  step s{d.ok(), d.ok() ? jot::error() : d.error(), std::string(source), {}};
  if (d) {
    jot::output_buffer buf;
    auto w = jot::write(d->root(), buf);
    FUZZ_CHECK(w.ok());
    s.json = std::string(*w);
  }
  return s;
}

template <class Reader>
std::vector<step> steps_of(Reader& r) {
  std::vector<step> out;
  while (r.next()) {
    FUZZ_CHECK(r.index() == out.size());
    out.push_back(step_of(r.current(), r.source()));
  }
  FUZZ_CHECK(!r.next());
  return out;
}

std::vector<step> stream(const jot::parser& p, std::string_view text, std::size_t window,
                         std::size_t chunk, const jot::stream_options& o) {
  std::unique_ptr<char[]> w(new char[window]);  // exact size: ASan sees an overread
  chunked src{text, chunk};
  jot::arena a;
  jot::stream_reader r(p, jot::source::of(src), {w.get(), window}, a, o);
  return steps_of(r);
}

// The steps of a reader with parse = false, each found source then checked
// by jot::visit (with the parser's rules) and its error located by the
// reader. A delimited format that stops at a bad document stops there too.
std::vector<step> stream_unparsed(const jot::parser& p, std::string_view text, std::size_t window,
                                  std::size_t chunk, jot::stream_options o) {
  std::unique_ptr<char[]> w(new char[window]);
  chunked src{text, chunk};
  jot::arena a(nullptr, 0);  // no memory: building a document would fail
  o.parse = false;
  jot::stream_reader r(p, jot::source::of(src), {w.get(), window}, a, o);
  const bool stops = !o.continue_after_error && !o.array_elements && o.format != jot::document_format::concatenated;
  jot::visit_options vo;
  vo.validate_utf8 = p.options().syntax.validate_utf8;
  vo.max_depth = p.options().syntax.max_depth;
  vo.kernel = p.kernel();
  std::vector<step> out;
  while (r.next()) {
    FUZZ_CHECK(r.index() == out.size());
    step s{false, {}, std::string(r.source()), {}};
    if (!r.current()) {
      s.error = r.current().error();
    } else {
      FUZZ_CHECK(!r.current()->root().exists());
      jot::visitor nothing;
      const jot::result<void> visited = jot::visit(r.source(), nothing, vo);
      if (visited) {
        jot::arena da;
        auto d = p.parse(r.source(), da);
        FUZZ_CHECK(d.ok());
        jot::output_buffer buf;
        auto written = jot::write(d->root(), buf);
        FUZZ_CHECK(written.ok());
        s.ok = true;
        s.json = std::string(*written);
      } else {
        s.error = r.locate(visited.error());
      }
    }
    out.push_back(std::move(s));
    if (!out.back().ok && stops) break;
  }
  return out;
}

// The steps of a typed_stream_reader decoding into a jot::value (which takes
// any JSON): for strict options the same as the reader's, though each
// element is found by the decode itself (retried after a refill) rather than
// by a parse or a scan.
std::vector<step> stream_typed(const jot::parser& p, std::string_view text, std::size_t window, std::size_t chunk,
                               const jot::stream_options& o) {
  std::unique_ptr<char[]> w(new char[window]);
  chunked src{text, chunk};
  jot::arena a;
  const jot::read_options ro{.syntax = {.validate_utf8 = p.options().syntax.validate_utf8, .max_depth = p.options().syntax.max_depth},
                             .kernel = p.kernel()};
  jot::typed_stream_reader<jot::value> r(jot::source::of(src), {w.get(), window}, a, o, ro);
  std::vector<step> out;
  while (r.next()) {
    FUZZ_CHECK(r.index() == out.size());
    step s{r.result().ok(), r.result().error(), std::string(r.source()), {}};
    if (s.ok) {
      jot::output_buffer buf;
      auto written = jot::write(r.value(), buf);
      FUZZ_CHECK(written.ok());
      s.json = std::string(*written);
    }
    out.push_back(std::move(s));
  }
  return out;
}

// The steps parallel_stream delivers on two threads (chunks of chunk_size).
std::vector<step> parallel_stream(const jot::parser& p, std::string_view text, std::size_t window,
                                  std::size_t chunk, std::size_t chunk_size, const jot::stream_options& o) {
  std::unique_ptr<char[]> w(new char[window]);
  chunked src{text, chunk};
  std::vector<jot::arena> arenas(2);
  std::vector<step> out;
  auto on_document = [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
    FUZZ_CHECK(index == out.size());
    out.push_back(step_of(d, source));
  };
  jot::parallel_stream job(p, jot::source::of(src), {w.get(), window}, arenas,
                           {.continue_after_error = o.continue_after_error, .chunk_size = chunk_size,
                            .format = o.format},
                           on_document);
  std::thread helper([&job] { job.work(1); });
  job.work(0);
  helper.join();
  FUZZ_CHECK(job.summary().count == out.size());
  return out;
}

void check_same(const std::vector<step>& got, const std::vector<step>& want) {
  FUZZ_CHECK(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    FUZZ_CHECK(got[i].ok == want[i].ok);
    FUZZ_CHECK(got[i].source == want[i].source);
    FUZZ_CHECK(got[i].json == want[i].json);
    FUZZ_CHECK(got[i].error.code == want[i].error.code);
    FUZZ_CHECK(got[i].error.offset == want[i].error.offset);
    FUZZ_CHECK(got[i].error.line == want[i].error.line);
    FUZZ_CHECK(got[i].error.column == want[i].error.column);
  }
}

// The window a stream needs to give each step the answer the whole text
// gives: its source, and for an error, the rest of a number at the error's
// offset (a number out of range is only known once all of it is read;
// cut by the window it is too large instead), and for a trailing comma the
// whitespace after it and the bracket that makes it one (the source ends at
// the comma).
std::size_t largest(const std::vector<step>& steps, std::string_view text) {
  std::size_t n = 0;
  for (const step& s : steps) {
    std::size_t need = s.source.size();
    if (!s.ok) {
      std::size_t i = s.error.offset;
      while (i < text.size() && std::strchr("0123456789+-.eE", text[i]) != nullptr && text[i] != 0) ++i;
      if (s.error.code == jot::error_code::trailing_comma && i < text.size()) {
        ++i;  // the comma
        while (i < text.size() && std::strchr(" \t\r\n", text[i]) != nullptr && text[i] != 0) ++i;
        if (i < text.size()) ++i;  // the bracket
      }
      need += i - std::min(i, static_cast<std::size_t>(s.error.offset));
    }
    n = std::max(n, need);
  }
  return n;
}

// Whether the first token of text, after what the parser skips before a
// document (a byte order mark where allowed, whitespace, comments where
// allowed), is a '[' or no value at all: jot::parse's verdict is then the
// array reader's. Any other value fails the reader as "not an array" at its
// first byte, where jot::parse reads on.
bool array_or_no_value(std::string_view text, const jot::parse_options& o) {
  std::size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    if (!o.syntax.allow_bom) return true;  // both refuse the mark
    i = 3;
  }
  for (;;) {
    while (i < text.size() && std::strchr(" \t\r\n", text[i]) != nullptr && text[i] != 0) ++i;
    if (!o.syntax.allow_comments || text.size() - i < 2 || text[i] != '/') break;
    if (text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
    } else if (text[i + 1] == '*') {
      const std::size_t close = text.find("*/", i + 2);
      if (close == std::string_view::npos) return true;  // both: unterminated_comment
      i = close + 2;
    } else {
      break;
    }
  }
  return i == text.size() || std::strchr("{\"-0123456789tfn", text[i]) == nullptr || text[i] == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 5) return 0;
  const jot::parse_options options = jot_fuzz::options_from(data[0]);
  const jot::kernel k = jot_fuzz::kernel_from(data[1]);
  const jot::document_format format = jot_fuzz::format_from(data[2]);
  const bool go_on = (data[2] & 4) != 0;
  const bool array = (data[2] & 8) != 0;
  const std::size_t extra = data[3];
  const std::size_t chunk = data[4] == 0 ? static_cast<std::size_t>(-1) : data[4];
  const std::string_view text(reinterpret_cast<const char*>(data + 5), size - 5);
  const jot::parser p(options, k);
  const jot::stream_options so{format, array, go_on};

  std::vector<step> want;
  if (array) {
    want = stream(p, text, text.size() + 1, static_cast<std::size_t>(-1), so);
    // The reader's verdict is jot::parse's of the whole array: a valid
    // array streams as its elements, and only then; a bad one fails with
    // the same code, offset, line and column, after its good elements.
    jot::arena a;
    auto whole = p.parse(text, a);
    if (whole && whole->root().is_array()) {
      auto elements = whole->root().get_array();
      FUZZ_CHECK(elements.ok());
      std::size_t i = 0;
      for (const jot::value v : *elements) {
        FUZZ_CHECK(i < want.size() && want[i].ok);
        jot::output_buffer buf;
        auto w = jot::write(v, buf);
        FUZZ_CHECK(w.ok() && *w == want[i].json);
        ++i;
      }
      FUZZ_CHECK(i == want.size());
    } else if (!whole && array_or_no_value(text, options)) {
      FUZZ_CHECK(!want.empty() && !want.back().ok);
      for (std::size_t i = 0; i + 1 < want.size(); ++i) FUZZ_CHECK(want[i].ok);
      const jot::error& e = want.back().error;
      FUZZ_CHECK(e.code == whole.error().code);
      FUZZ_CHECK(e.offset == whole.error().offset);
      FUZZ_CHECK(e.line == whole.error().line);
      FUZZ_CHECK(e.column == whole.error().column);
    }
  } else {
    jot::arena a;
    jot::documents docs(p, text, a, {format, go_on});
    want = steps_of(docs);
  }
  // A run of comments with no document after it belongs to no source, and
  // must fit in the window (docs/streams.md): with comments, the whole text
  // does, or for ndjson and json_seq the longest line or record.
  const bool prefix = array || format == jot::document_format::concatenated;
  std::size_t comment_room = 0;
  if (options.syntax.allow_comments) {
    if (prefix) {
      comment_room = text.size();
    } else {
      const char delimiter = format == jot::document_format::ndjson ? '\n' : '\x1E';
      std::size_t start = 0;
      for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == delimiter) {
          comment_room = std::max(comment_room, i - start + 1);
          start = i + 1;
        }
      }
    }
  }
  const std::size_t window = largest(want, text) + 16 + extra + comment_room;
  check_same(stream(p, text, window, chunk, so), want);
  if (!array && format != jot::document_format::concatenated) {
    const std::size_t chunk_size = 1 + extra % 64;
    check_same(parallel_stream(p, text, window, chunk, chunk_size, so), want);
    const std::size_t small = 4 + extra % 32;
    check_same(parallel_stream(p, text, small, chunk, chunk_size, so), stream(p, text, small, chunk, so));
  }
  // parse = false: the same steps once checked, where jot::visit has the
  // parser's rules; else a prefix format is parsed anyway, the same steps.
  if (!options.syntax.allow_comments && !options.syntax.allow_trailing_commas && !options.keep_number_text) {
    check_same(stream_unparsed(p, text, window, chunk, so), want);
    if (!options.syntax.allow_bom) check_same(stream_typed(p, text, window, chunk, so), want);
  } else if (prefix) {
    jot::stream_options uo = so;
    uo.parse = false;
    check_same(stream(p, text, window, chunk, uo), want);
  }
  return 0;
}
