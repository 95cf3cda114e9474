// jot/typed_stream.h - a stream larger than memory decoded straight into your
// own type, one document or array element at a time, each read once.
//
//   jot::typed_stream_reader<event> r(jot::fd_source(0), {window, sizeof window}, a,
//                                     {.array_elements = true});
//   while (r.next()) {
//     if (!r.result()) return report(r.result());   // "/41/price: ..." (line:column in the stream)
//     use(r.value());                                // its views live until the next step
//   }
//
// A stream_reader underneath moves the window and finds the documents; for
// array elements and concatenated documents, jot::read decodes each one in
// place of the validating scan that stream_reader's parse = false runs (with
// read_options::syntax.allow_trailing_content, so that the read says where the
// element ends), and runs again after a refill when the window cut it. NDJSON
// lines and json_seq records are split and each decoded. So every byte is
// validated once, as it is decoded. docs/streams.md.
#pragma once

#include <cstddef>
#include <string_view>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/parse.h"
#include "jot/stream.h"
#include "jot/typed.h"

namespace jot {

// Reads the documents (or, with stream_options::array_elements, the elements
// of one array) of a source through a window, decoding each into a T. The
// stream's rules are stream_reader's (formats, array brackets and commas,
// continue_after_error, documents larger than the window); options.parse is
// ignored. Decoding is jot::read's with read, always strict JSON (read's
// syntax.allow_comments, allow_trailing_commas and allow_bom are ignored, as
// the stream's own grammar is strict); a step's error is its error located in the stream (offset, line,
// column), its path led by the step's index ("/41/price"), or "/41" for the
// stream's own errors. An element's first error in document order is the one
// reported, a type error before a later syntax error included. Not copyable.
template <class T>
class typed_stream_reader {
 public:
  // Reads src through window, taking memory for the value's views, spans and
  // jot::value members from a (reset at each step).
  typed_stream_reader(jot::source src, const stream_window& window, arena& a JOT_LIFETIMEBOUND,
                      const stream_options& options = {}, const read_options& read = {}) noexcept;
  typed_stream_reader(const typed_stream_reader&) = delete;
  typed_stream_reader& operator=(const typed_stream_reader&) = delete;

  // Decodes the next document into value(); false when none is left (at the
  // end, or after a failed step unless the format resynchronises and
  // continue_after_error is set).
  bool next() noexcept;
  // The current step's outcome: on success the size of source(), else the
  // error with its path.
  const read_result& result() const noexcept JOT_LIFETIMEBOUND { return result_; }
  // The decoded value (on failure, as far as it was decoded). Its views point
  // into the window and the arena: valid until the next step.
  T& value() noexcept JOT_LIFETIMEBOUND { return value_; }
  // 0-based index of the current document, bad ones included.
  std::size_t index() const noexcept { return reader_.index(); }
  // Documents read so far, bad ones included.
  std::size_t count() const noexcept { return reader_.count(); }
  // The current document's bytes, as stream_reader::source() says.
  std::string_view source() const noexcept { return reader_.source(); }

 private:
  // stream_reader's prefix decoder: the document at the start of bytes into value_.
  static error decode(void* self, const char* bytes, std::size_t size, std::size_t& consumed) noexcept;
  // Decodes json into value_ (from T{} when an absent member would keep a value).
  read_result read_value(std::string_view json, const read_options& options) noexcept;

  arena none_{nullptr, 0};  // the stream reader's: it builds no document
  arena* arena_;
  read_options read_;          // for a whole line or record
  read_options read_prefix_;   // for a document followed by more
  bool delimited_;             // ndjson or json_seq: the reader splits, next() decodes
  bool continue_after_error_;
  bool done_ = false;          // a line or record failed to decode, and the read stops there
  stream_reader reader_;
  T value_{};
  read_result result_ = std::size_t{0};
  read_result decoded_ = std::size_t{0};  // the decoder's last outcome this step (its path)
  bool decoder_failed_ = false;
};

// ---- implementation ----

template <class T>
typed_stream_reader<T>::typed_stream_reader(jot::source src, const stream_window& window, arena& a,
                                            const stream_options& options, const read_options& read) noexcept
    : arena_(&a),
      read_(read),
      read_prefix_(read),
      delimited_(!options.array_elements && options.format != document_format::concatenated),
      continue_after_error_(options.continue_after_error),
      reader_(parser({.syntax = {.max_depth = read.syntax.max_depth}}, read.kernel), src, window, none_,
              {.format = options.format, .array_elements = options.array_elements,
               .continue_after_error = options.continue_after_error, .parse = false}) {
  static_assert(detail::typed::shape_v<T> != detail::typed::shape::unsupported,
                "jot::typed_stream_reader: this type has no JSON mapping (see jot/typed.h, WHAT MAPS TO WHAT)");
  read_.syntax.allow_trailing_content = false;
  read_prefix_.syntax.allow_trailing_content = true;
  for (read_options* o : {&read_, &read_prefix_}) o->syntax.allow_comments = o->syntax.allow_trailing_commas = o->syntax.allow_bom = false;
  // An array's elements are one level below it, as jot::parse of the whole
  // array counts them (the reader refuses the '[' itself at max_depth 0).
  if (options.array_elements && read_prefix_.syntax.max_depth > 0) --read_prefix_.syntax.max_depth;
  if (!delimited_) {
    detail::stream_state& steps = detail::stream_access::state(reader_);
    steps.decode_ = &decode;
    steps.decode_context_ = this;
  }
}

template <class T>
read_result typed_stream_reader<T>::read_value(std::string_view json, const read_options& options) noexcept {
  // A member absent from its object keeps the value's: start afresh, so
  // that nothing of an earlier document (or attempt) shows through.
  if (options.allow_missing_members) value_ = T{};
  arena_->reset();
  return jot::read(json, value_, *arena_, options);
}

template <class T>
error typed_stream_reader<T>::decode(void* context, const char* bytes, std::size_t size,
                                     std::size_t& consumed) noexcept {
  auto& self = *static_cast<typed_stream_reader*>(context);
  self.decoded_ = self.read_value(std::string_view(bytes, size), self.read_prefix_);
  self.decoder_failed_ = !self.decoded_.ok();
  if (self.decoder_failed_) return self.decoded_.error();  // offset relative to bytes
  consumed = *self.decoded_;
  return {};
}

template <class T>
bool typed_stream_reader<T>::next() noexcept {
  using access = detail::read_access<void>;
  decoder_failed_ = false;
  if (done_ || !reader_.next()) return false;
  const jot::result<document>& d = reader_.current();
  if (!d.ok()) {
    // The reader's error, located in the stream: the decoder's, with its
    // path, when the decoder's last error is the one the reader reports (the
    // reader substitutes its own, with its own message, for a window too
    // small or an array that ends early).
    const bool decoders = decoder_failed_ && decoded_.error().code == d.error().code &&
                          decoded_.error().message == d.error().message;
    read_error e = decoders ? decoded_.error() : read_error();
    access::error_of(e) = d.error();
    access::prepend_index(e, reader_.index());
    result_ = e;
    return true;
  }
  if (!delimited_) {
    result_ = reader_.source().size();  // the decoder read it
    return true;
  }
  result_ = read_value(reader_.source(), read_);
  if (!result_) {
    // The reader only split the line: the read stops here as the reader's
    // own failures stop it.
    read_error e = result_.error();
    access::error_of(e) = reader_.locate(result_.error());
    access::prepend_index(e, reader_.index());
    result_ = e;
    done_ = !continue_after_error_;
  }
  return true;
}

}  // namespace jot
