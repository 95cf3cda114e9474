// jot/parse.h - parsing JSON text into an immutable document.
//
//   char buf[4096];
//   jot::arena a(buf, sizeof buf);               // never allocates
//   auto doc = jot::parse(text, a);              // result<document>
//   if (!doc) report(doc.error());               // code, offset, line, column
//   auto id = doc->root()["id"].get_uint64();
//
// Input is a pointer and a length; no terminating NUL is needed and the parser
// never reads outside [data, data + size). The document's strings may point
// into the input, so the input must outlive the document; parse_copy makes a
// document that owns a copy of its input instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/kernel.h"
#include "jot/options.h"
#include "jot/value.h"

namespace jot {

// The largest input accepted (2^40 bytes); longer input fails with input_too_large.
inline constexpr std::size_t max_input_size = std::size_t{1} << 40;

// An upper bound on the arena bytes that parsing json_size bytes can need, for
// any input and any options: with a buffer of this size (or more) parsing
// never fails with capacity_exceeded, so errors do not depend on the buffer.
// It is 16 * json_size + 64: every node is 16 bytes and consumes at least one
// input byte, and decoded strings never exceed their source text. A valid
// document needs at most 9 * json_size + 64 (each value also needs a closing
// bracket or a separator); see docs/memory.md.
constexpr std::size_t dom_size_bound(std::size_t json_size) noexcept {
  return 16 * json_size + 64;
}

namespace detail {
struct document_access;
struct documents_state;  // jot::documents' steps (jot/detail/multi/documents_state.h)
struct mutable_access;  // builds documents from mutable ones (jot/mutable.h)
struct kernel_entry;  // src/kernels/kernels.h
}

// A parsed document. Move-only. Borrows its arena (unless made by the one-line
// parse or parse_copy below, which own a malloc-backed arena) and its input
// (unless made by parse_copy).
class document {
 public:
  document() noexcept = default;
  document(document&& other) noexcept;
  document& operator=(document&& other) noexcept;
  ~document();

  // The root value; absent for a default-constructed document. Valid while
  // the document's memory is: its arena (the document itself, when it owns
  // one) and, unless made by parse_copy, its input.
  value root() const noexcept JOT_LIFETIMEBOUND { return value(root_); }
  // Shorthands for root()[...] and root().at_pointer(...); an index may have
  // any detail::integer type.
  value operator[](std::string_view key) const noexcept JOT_LIFETIMEBOUND { return root()[key]; }
  value operator[](const char* key) const noexcept JOT_LIFETIMEBOUND {
    return root()[std::string_view(key)];
  }
  template <detail::integer I>
  value operator[](I index) const noexcept JOT_LIFETIMEBOUND {
    return root()[index];
  }
  result<value> at_pointer(std::string_view pointer) const noexcept JOT_LIFETIMEBOUND {
    return root().at_pointer(pointer);
  }
  // Nodes in the document (values plus object keys).
  std::size_t node_count() const noexcept {
    return root_ ? static_cast<std::size_t>(root_->next() - root_) : 0;
  }
  // The input bytes the parse read: the whole input, except with
  // syntax_options::allow_trailing_content, where it ends after the document
  // and the whitespace (and comments) that follow it. 0 for an empty document.
  std::size_t consumed() const noexcept { return consumed_; }

 private:
  friend class parser;
  friend struct detail::documents_state;  // fills the current document in place (documents)
  friend struct detail::document_access;  // lets parse and parse_copy hand over their arena
  friend struct detail::mutable_access;   // to_document (jot/mutable.h)
  const detail::node* root_ = nullptr;
  arena* owned_ = nullptr;  // set only by the one-line parse and parse_copy
  std::size_t consumed_ = 0;
};

namespace detail {
// True for an owning temporary that converts to string_view (a std::string
// rvalue, say): a document borrows its input, so parsing one would dangle.
template <class S>
inline constexpr bool is_owning_temporary_v =
    !std::is_lvalue_reference_v<S> && std::is_class_v<std::remove_cv_t<S>> &&
    !std::is_same_v<std::remove_cv_t<S>, std::string_view> && std::is_convertible_v<S, std::string_view>;
}  // namespace detail

// Parses JSON with fixed options and a fixed kernel. Cheap to construct; holds
// no memory, so one parser can serve many documents and threads.
class parser {
 public:
  explicit parser(const parse_options& options = {}, kernel k = kernel::automatic) noexcept;

  // Parses json into arena a. On failure the error locates the first offending
  // byte, and nothing of the partial document may be used.
  result<document> parse(std::string_view json JOT_LIFETIMEBOUND,
                         arena& a JOT_LIFETIMEBOUND) const noexcept;
  // Rejected at compile time: the document would point into a dead temporary.
  template <class S, std::enable_if_t<detail::is_owning_temporary_v<S>, int> = 0>
  result<document> parse(S&& json, arena& a) const = delete;

  const parse_options& options() const noexcept { return options_; }
  // The kernel in use (never automatic; an unsupported request falls back to portable).
  jot::kernel kernel() const noexcept;

 private:
  parse_options options_;
  friend struct detail::documents_state;  // calls the kernel directly, once per document (documents)
  // The chosen kernel's dispatch entry, resolved once here so that parse()
  // makes one indirect call and no search.
  const detail::kernel_entry* entry_;
};

// Parses json into arena a: parser(options).parse(json, a).
result<document> parse(std::string_view json JOT_LIFETIMEBOUND, arena& a JOT_LIFETIMEBOUND,
                       const parse_options& options = {}) noexcept;

// Parses json into a new malloc-backed arena owned by the document (which
// still borrows json). Fails with out_of_memory when malloc does.
result<document> parse(std::string_view json JOT_LIFETIMEBOUND,
                       const parse_options& options = {}) noexcept;

// Copies json into a new malloc-backed arena owned by the document, then
// parses the copy: the document owns every byte it points to, so json (a
// temporary, say) may die first. Errors locate bytes as in json itself.
result<document> parse_copy(std::string_view json, const parse_options& options = {}) noexcept;

// Copies json into arena a, then parses the copy there: the document borrows
// only a. Needs json.size() more bytes of a than parse (error::needed counts
// them); the copy stays in a until reset, even when parsing fails.
result<document> parse_copy(std::string_view json, arena& a JOT_LIFETIMEBOUND,
                            const parse_options& options = {}) noexcept;

// Rejected at compile time: a document borrows its input, so parsing an owning
// temporary (e.g. a std::string returned by a function) would leave it dangling.
template <class S, std::enable_if_t<detail::is_owning_temporary_v<S>, int> = 0>
result<document> parse(S&& json, arena& a, const parse_options& options = {}) = delete;
template <class S, std::enable_if_t<detail::is_owning_temporary_v<S>, int> = 0>
result<document> parse(S&& json, const parse_options& options = {}) = delete;

// Fills line and column of e from its offset into json (1-based, columns in bytes).
void locate(error& e, std::string_view json) noexcept;

}  // namespace jot
