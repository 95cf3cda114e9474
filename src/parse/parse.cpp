// src/parse/parse.cpp - the parser object: kernel choice, documents, error location.
#include "jot/parse.h"

#include <cstring>
#include <iterator>
#include <new>

#include "lines.h"
#include "kernels/kernels.h"

namespace jot {

namespace {

static_assert(std::size(detail::kernel_table) == std::size(all_kernels),
              "src/kernels/kernels.h needs one entry per kernel in jot::all_kernels");

// The entry of kernel k, or nullptr for automatic and values outside the enum.
const detail::kernel_entry* entry_of(kernel k) noexcept {
  for (const detail::kernel_entry* e : detail::kernel_table)
    if (e->id == k) return e;
  return nullptr;
}

// Whether this build has e's kernel and this CPU runs it.
bool runs(const detail::kernel_entry& e) noexcept {
  return e.parse != nullptr && (e.cpu_supports == nullptr || e.cpu_supports());
}

// The entry of the last kernel of all_kernels that this CPU runs (portable
// always does). kernel_table is in all_kernels' order, so it is walked
// directly from the best down: a typical CPU costs one or two checks and no
// search by id. Every jot::parse and jot::read call chooses its kernel, so
// checking every kernel would show in a short message's decode.
const detail::kernel_entry* best_entry() noexcept {
  for (std::size_t i = std::size(detail::kernel_table); i-- > 1;)
    if (runs(*detail::kernel_table[i])) return detail::kernel_table[i];
  return detail::kernel_table[0];
}

// The entry jot::parser runs for a request: automatic, or the request when the
// CPU runs it, else portable.
const detail::kernel_entry* chosen_entry(kernel k) noexcept {
  if (k == kernel::automatic) return best_entry();
  const detail::kernel_entry* e = entry_of(k);
  return e != nullptr && runs(*e) ? e : detail::kernel_table[0];
}

}  // namespace

namespace detail {

scan_engine select_scan_engine(jot::kernel requested) noexcept { return chosen_entry(requested)->engine; }

}  // namespace detail

const char* kernel_name(kernel k) noexcept {
  if (k == kernel::automatic) return "automatic";
  const detail::kernel_entry* e = entry_of(k);
  return e != nullptr ? e->name : "unknown";
}

bool kernel_supported(kernel k) noexcept {
  if (k == kernel::automatic) return true;
  const detail::kernel_entry* e = entry_of(k);
  return e != nullptr && runs(*e);
}

parser::parser(const parse_options& options, jot::kernel k) noexcept
    : options_(options), entry_(chosen_entry(k)) {}

kernel parser::kernel() const noexcept { return entry_->id; }

result<document> parser::parse(std::string_view json, arena& a) const noexcept {
  if (json.size() > max_input_size) {
    error e = make_error(error_code::input_too_large);
    e.line = 1;
    e.column = 1;
    return e;
  }
  detail::parse_outcome r = entry_->parse(json.data(), json.size(), json.size(), options_, a);
  if (!r.err.ok()) {
    detail::locate_with(*entry_, r.err, json);
    return r.err;
  }
  document d;
  d.root_ = r.root;
  d.consumed_ = r.consumed;
  return d;
}

result<document> parse(std::string_view json, arena& a, const parse_options& options) noexcept {
  return parser(options).parse(json, a);
}

namespace detail {

struct document_access {
  // Parses json, copied into the new arena first when copy is set, into a new
  // malloc-backed arena that the document then owns.
  static result<document> parse_owning(std::string_view json, const parse_options& options,
                                       bool copy) noexcept {
    arena* owned = new (std::nothrow) arena();
    if (owned == nullptr) return make_error(error_code::out_of_memory);
    result<document> r =
        copy ? jot::parse_copy(json, *owned, options) : jot::parse(json, *owned, options);
    if (!r) {
      delete owned;
      return r.error();
    }
    r->owned_ = owned;
    return r;
  }
};

}  // namespace detail

result<document> parse(std::string_view json, const parse_options& options) noexcept {
  return detail::document_access::parse_owning(json, options, false);
}

result<document> parse_copy(std::string_view json, const parse_options& options) noexcept {
  return detail::document_access::parse_owning(json, options, true);
}

result<document> parse_copy(std::string_view json, arena& a,
                            const parse_options& options) noexcept {
  const parser p(options);
  // Both fail before reading a byte, so there is nothing to copy.
  if (json.empty() || json.size() > max_input_size) return p.parse(json, a);
  auto* copy = static_cast<char*>(a.allocate(json.size(), 1));
  if (copy == nullptr) {
    error e = make_error(error_code::capacity_exceeded, dom_size_bound(json.size()) + json.size());
    locate(e, json);  // offset 0: line 1, column 1, like the parser's own errors
    return e;
  }
  std::memcpy(copy, json.data(), json.size());
  // Same bytes, so error offsets, lines and columns are those of json.
  result<document> r = p.parse(std::string_view(copy, json.size()), a);
  if (!r && r.error().code == error_code::capacity_exceeded) {
    error e = r.error();
    e.needed += json.size();  // the copy comes on top of the parse
    return e;
  }
  return r;
}

document::document(document&& other) noexcept
    : root_(other.root_), owned_(other.owned_), consumed_(other.consumed_) {
  other.root_ = nullptr;
  other.owned_ = nullptr;
  other.consumed_ = 0;
}

document& document::operator=(document&& other) noexcept {
  if (this != &other) {
    delete owned_;
    root_ = other.root_;
    owned_ = other.owned_;
    consumed_ = other.consumed_;
    other.root_ = nullptr;
    other.owned_ = nullptr;
    other.consumed_ = 0;
  }
  return *this;
}

document::~document() { delete owned_; }

namespace detail {

void locate_with(const kernel_entry& k, error& e, std::string_view json) noexcept {
  const std::size_t offset = e.offset <= json.size() ? e.offset : json.size();
  // This runs on every failed parse, so it must not cost more than the parse.
  const char* const begin = json.data();
  const char* const stop = begin + offset;
  // 64 bits: inputs reach 2^40 bytes, lines and columns too.
  const line_position at = count_newlines(k, begin, stop, {1, begin});
  e.line = at.line;
  e.column = static_cast<std::uint64_t>(stop - at.line_start) + 1;
}

}  // namespace detail

void locate(error& e, std::string_view json) noexcept { detail::locate_with(*best_entry(), e, json); }

}  // namespace jot
