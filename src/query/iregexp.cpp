// src/query/iregexp.cpp - I-Regexp (RFC 9485): the pattern parsed into a
// small tree, the tree emitted as a Thompson NFA (counted repetition
// unrolled, its size computed first and bounded), and for a pattern of the
// query its DFA (iregexp_dfa.cpp). See iregexp.h for why.
#include "iregexp_program.h"

#include <algorithm>
#include <new>

#include "lexer.h"

namespace jot::detail::query {

namespace {

// Group nesting the recursive parser and emitter accept; deeper is too_large.
constexpr int max_nesting = 100;
constexpr std::uint32_t unbounded = UINT32_MAX;

enum class kind : std::uint8_t { atom, concat, alternation, repeat };

struct rnode {
  kind what = kind::atom;
  inst atom;                    // atom
  std::uint32_t min = 0, max = 0;  // repeat
  rnode* first = nullptr;       // concat, alternation: children; repeat: the child
  rnode* next = nullptr;        // the next sibling
};

// The major categories as sets of bits.
constexpr std::uint32_t bit(int c) { return category_bit(c); }
constexpr std::uint32_t letters = bit(0) | bit(1) | bit(2) | bit(3) | bit(4);
constexpr std::uint32_t marks = bit(5) | bit(6) | bit(7);
constexpr std::uint32_t numbers = bit(8) | bit(9) | bit(10);
constexpr std::uint32_t punctuation = bit(11) | bit(12) | bit(13) | bit(14) | bit(15) | bit(16) | bit(17);
constexpr std::uint32_t separators = bit(18) | bit(19) | bit(20);
constexpr std::uint32_t symbols = bit(21) | bit(22) | bit(23) | bit(24);
constexpr std::uint32_t others = bit(25) | bit(26) | bit(27) | bit(28) | bit(29);

class compiler {
 public:
  compiler(std::string_view pattern, arena& a) noexcept
      : p_(pattern.data()), end_(pattern.data() + pattern.size()), a_(a) {}

  regex_status parse(rnode*& root) noexcept {
    root = alternation(0);
    if (root == nullptr) return status_;
    if (p_ != end_) return regex_status::invalid;  // a ')' without its '('
    return regex_status::ok;
  }

  const class_item* items() const noexcept { return items_; }

 private:
  template <class T>
  T* make() noexcept {
    void* m = a_.allocate(sizeof(T), alignof(T));
    if (m == nullptr) {
      status_ = regex_status::no_memory;
      return nullptr;
    }
    return new (m) T();
  }
  rnode* invalid() noexcept {
    if (status_ == regex_status::ok) status_ = regex_status::invalid;
    return nullptr;
  }

  // i-regexp = branch *( "|" branch )
  rnode* alternation(int depth) noexcept {
    if (depth > max_nesting) {
      status_ = regex_status::too_large;
      return nullptr;
    }
    rnode* alt = make<rnode>();
    if (alt == nullptr) return nullptr;
    alt->what = kind::alternation;
    rnode** tail = &alt->first;
    for (;;) {
      rnode* b = branch(depth);
      if (b == nullptr) return nullptr;
      *tail = b;
      tail = &b->next;
      if (p_ == end_ || *p_ != '|') break;
      ++p_;
    }
    return alt;
  }

  // branch = *piece
  rnode* branch(int depth) noexcept {
    rnode* cat = make<rnode>();
    if (cat == nullptr) return nullptr;
    cat->what = kind::concat;
    rnode** tail = &cat->first;
    while (p_ != end_ && *p_ != '|' && *p_ != ')') {
      rnode* piece = atom(depth);
      if (piece == nullptr) return nullptr;
      piece = quantified(piece);
      if (piece == nullptr) return nullptr;
      *tail = piece;
      tail = &piece->next;
    }
    return cat;
  }

  bool digits(std::uint32_t& out) noexcept {
    if (p_ == end_ || *p_ < '0' || *p_ > '9') return false;
    std::uint64_t v = 0;
    while (p_ != end_ && *p_ >= '0' && *p_ <= '9') {
      v = std::min<std::uint64_t>(v * 10 + static_cast<std::uint64_t>(*p_ - '0'), unbounded - 1);
      ++p_;
    }
    out = static_cast<std::uint32_t>(v);
    return true;
  }

  // quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}"
  rnode* quantified(rnode* child) noexcept {
    if (p_ == end_) return child;
    std::uint32_t min, max;
    switch (*p_) {
      case '*': min = 0, max = unbounded; ++p_; break;
      case '+': min = 1, max = unbounded; ++p_; break;
      case '?': min = 0, max = 1; ++p_; break;
      case '{':
        ++p_;
        if (!digits(min)) return invalid();
        max = min;
        if (p_ != end_ && *p_ == ',') {
          ++p_;
          max = unbounded;
          if (p_ != end_ && *p_ != '}' && !digits(max)) return invalid();
        }
        if (p_ == end_ || *p_ != '}' || max < min) return invalid();
        ++p_;
        break;
      default: return child;
    }
    rnode* r = make<rnode>();
    if (r == nullptr) return nullptr;
    r->what = kind::repeat;
    r->min = min;
    r->max = max;
    r->first = child;
    return r;
  }

  bool code_point(std::uint32_t& cp) noexcept {
    return p_ != end_ && decode_utf8(p_, end_, cp);
  }

  // SingleCharEsc after its '\': the character it stands for, or false.
  static bool single_escape(char c, std::uint32_t& cp) noexcept {
    switch (c) {
      case 'n': cp = '\n'; return true;
      case 'r': cp = '\r'; return true;
      case 't': cp = '\t'; return true;
      case '(': case ')': case '*': case '+': case '-': case '.': case '?':
      case '[': case '\\': case ']': case '^': case '{': case '|': case '}':
        cp = static_cast<unsigned char>(c);
        return true;
      default: return false;
    }
  }

  // charProp after "\p{" or "\P{", up to and including '}'.
  bool property(std::uint32_t& cats) noexcept {
    if (p_ == end_) return false;
    const char major = *p_++;
    std::uint32_t group;
    const char* minors;
    int base;
    switch (major) {
      case 'L': group = letters, minors = "ultmo", base = 0; break;  // Lu Ll Lt Lm Lo
      case 'M': group = marks, minors = "nce", base = 5; break;
      case 'N': group = numbers, minors = "dlo", base = 8; break;
      case 'P': group = punctuation, minors = "cdseifo", base = 11; break;
      case 'Z': group = separators, minors = "slp", base = 18; break;
      case 'S': group = symbols, minors = "mcko", base = 21; break;
      case 'C': group = others, minors = "cf-on", base = 25; break;  // Cs is not I-Regexp's
      default: return false;
    }
    cats = group;
    if (p_ != end_ && *p_ != '}') {
      const char minor = *p_++;
      cats = 0;
      for (int k = 0; minors[k] != '\0'; ++k)
        if (minors[k] == minor && minor != '-') cats = bit(base + k);
      if (cats == 0) return false;
    }
    if (p_ == end_ || *p_ != '}') return false;
    ++p_;
    return true;
  }

  bool add_item(const class_item& item) noexcept {
    if (item_count_ == item_cap_) {
      const std::uint32_t n = item_cap_ == 0 ? 8 : item_cap_ * 2;
      auto* d = static_cast<class_item*>(a_.allocate(sizeof(class_item) * n, alignof(class_item)));
      if (d == nullptr) {
        status_ = regex_status::no_memory;
        return false;
      }
      std::copy(items_, items_ + item_count_, d);
      items_ = d;
      item_cap_ = n;
    }
    items_[item_count_++] = item;
    return true;
  }

  // A category escape at p_ ("\p{" or "\P{"), as a class item.
  bool category_item(class_item& item) noexcept {
    item.complement = p_[1] == 'P';
    p_ += 3;
    return property(item.categories);
  }
  bool at_category() const noexcept {
    return end_ - p_ >= 3 && p_[0] == '\\' && (p_[1] == 'p' || p_[1] == 'P') && p_[2] == '{';
  }

  // CCchar: a code point other than '-', '[', '\', ']', or a SingleCharEsc.
  bool class_char(std::uint32_t& cp) noexcept {
    if (p_ == end_) return false;
    if (*p_ == '\\') {
      if (end_ - p_ < 2 || !single_escape(p_[1], cp)) return false;
      p_ += 2;
      return true;
    }
    if (*p_ == '-' || *p_ == '[' || *p_ == ']') return false;
    return code_point(cp);
  }

  // charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"
  bool class_expression(inst& in) noexcept {
    ++p_;
    in.code = op_class;
    in.x = item_count_;
    if (p_ != end_ && *p_ == '^') {
      in.negated = true;
      ++p_;
    }
    bool first = true;
    for (;; first = false) {
      if (p_ == end_) return false;
      if (*p_ == ']') {
        if (first) return false;
        ++p_;
        break;
      }
      class_item item;
      if (*p_ == '-') {
        // Only first, or last before ']'.
        if (!first && (end_ - p_ < 2 || p_[1] != ']')) return false;
        ++p_;
        item.lo = item.hi = '-';
      } else if (at_category()) {
        if (!category_item(item)) return false;
      } else {
        if (!class_char(item.lo)) return false;
        item.hi = item.lo;
        if (end_ - p_ >= 2 && p_[0] == '-' && p_[1] != ']') {
          ++p_;
          if (!class_char(item.hi) || item.hi < item.lo) return false;
        }
      }
      if (!add_item(item)) return false;
    }
    in.y = item_count_ - in.x;
    return true;
  }

  // atom = NormalChar / charClass / ( "(" i-regexp ")" )
  rnode* atom(int depth) noexcept {
    rnode* n = make<rnode>();
    if (n == nullptr) return nullptr;
    inst& in = n->atom;
    const char c = *p_;
    switch (c) {
      case '(': {
        ++p_;
        rnode* inner = alternation(depth + 1);
        if (inner == nullptr) return nullptr;
        if (p_ == end_ || *p_ != ')') return invalid();
        ++p_;
        return inner;
      }
      case '.':
        ++p_;
        in.code = op_any;
        return n;
      case '[':
        if (!class_expression(in)) return status_ == regex_status::ok ? invalid() : nullptr;
        return n;
      case '\\':
        if (at_category()) {
          class_item item;
          in.code = op_class;
          in.x = item_count_;
          in.y = 1;
          if (!category_item(item)) return invalid();
          if (!add_item(item)) return nullptr;
          return n;
        }
        if (end_ - p_ < 2 || !single_escape(p_[1], in.x)) return invalid();
        p_ += 2;
        in.code = op_char;
        return n;
      case ')': case '*': case '+': case '?': case ']': case '{': case '}': case '|':
        return invalid();
      default:
        if (!code_point(in.x)) return invalid();
        in.code = op_char;
        return n;
    }
  }

  const char* p_;
  const char* end_;
  arena& a_;
  regex_status status_ = regex_status::ok;
  class_item* items_ = nullptr;
  std::uint32_t item_count_ = 0, item_cap_ = 0;
};

// Instructions a tree needs, saturating at limit + 1.
std::uint64_t size_of(const rnode* n, std::uint64_t limit) noexcept {
  auto cap = [&](std::uint64_t v) { return std::min(v, limit + 1); };
  switch (n->what) {
    case kind::atom: return 1;
    case kind::concat: {
      std::uint64_t s = 0;
      for (const rnode* c = n->first; c != nullptr; c = c->next) s = cap(s + size_of(c, limit));
      return s;
    }
    case kind::alternation: {
      std::uint64_t s = 0;
      for (const rnode* c = n->first; c != nullptr; c = c->next)
        s = cap(s + size_of(c, limit) + (c->next != nullptr ? 2 : 0));  // split before, jmp after
      return s;
    }
    case kind::repeat: {
      const std::uint64_t e = size_of(n->first, limit);
      std::uint64_t s = cap(e * n->min);
      if (n->max == unbounded) return cap(s + e + 2);                 // then e*: split, e, jmp
      return cap(s + cap((e + 1) * (n->max - n->min)));               // then (split, e) per optional copy
    }
  }
  return 0;
}

class emitter {
 public:
  explicit emitter(inst* code) noexcept : code_(code) {}
  std::uint32_t at() const noexcept { return n_; }

  void emit(const rnode* n) noexcept {
    switch (n->what) {
      case kind::atom: code_[n_++] = n->atom; return;
      case kind::concat:
        for (const rnode* c = n->first; c != nullptr; c = c->next) emit(c);
        return;
      case kind::alternation: alternation(n->first); return;
      case kind::repeat: repeat(n); return;
    }
  }

 private:
  void alternation(const rnode* c) noexcept {
    // split L1, L2; L1: c; jmp end; L2: the rest. The jumps to the end are
    // chained through their x until the end is known.
    std::uint32_t pending = UINT32_MAX;
    for (; c != nullptr; c = c->next) {
      if (c->next == nullptr) {
        emit(c);
        break;
      }
      const std::uint32_t split = n_++;
      code_[split].code = op_split;
      code_[split].x = n_;
      emit(c);
      const std::uint32_t jmp = n_++;
      code_[jmp].code = op_jmp;
      code_[jmp].x = pending;
      pending = jmp;
      code_[split].y = n_;
    }
    while (pending != UINT32_MAX) {
      const std::uint32_t next = code_[pending].x;
      code_[pending].x = n_;
      pending = next;
    }
  }

  void repeat(const rnode* n) noexcept {
    for (std::uint32_t k = 0; k < n->min; ++k) emit(n->first);
    if (n->max == unbounded) {
      const std::uint32_t split = n_++;
      code_[split].code = op_split;
      code_[split].x = n_;
      emit(n->first);
      code_[n_].code = op_jmp;
      code_[n_++].x = split;
      code_[split].y = n_;
      return;
    }
    // Each optional copy may be skipped to the end: split next, end.
    std::uint32_t pending = UINT32_MAX;
    for (std::uint32_t k = n->min; k < n->max; ++k) {
      const std::uint32_t split = n_++;
      code_[split].code = op_split;
      code_[split].x = n_;
      code_[split].y = pending;
      pending = split;
      emit(n->first);
    }
    while (pending != UINT32_MAX) {
      const std::uint32_t next = code_[pending].y;
      code_[pending].y = n_;
      pending = next;
    }
  }

  inst* code_;
  std::uint32_t n_ = 0;
};

}  // namespace

regex_status compile_regex(std::string_view pattern, arena& a, std::uint32_t max_size, const regex** out,
                           regex_use use) noexcept {
  compiler c(pattern, a);
  rnode* root = nullptr;
  const regex_status s = c.parse(root);
  if (s != regex_status::ok) return s;
  const std::uint64_t size = size_of(root, max_size) + 1;  // + match
  if (size > max_size) return regex_status::too_large;
  auto* code = static_cast<inst*>(a.allocate(sizeof(inst) * size, alignof(inst)));
  auto* r = static_cast<regex*>(a.allocate(sizeof(regex), alignof(regex)));
  if (code == nullptr || r == nullptr) return regex_status::no_memory;
  for (std::uint64_t k = 0; k < size; ++k) new (code + k) inst();
  emitter e(code);
  e.emit(root);
  code[e.at()].code = op_match;
  *r = regex{code, static_cast<std::uint32_t>(size), c.items(), nullptr, {}};
  r->literal = find_literal(*r, a);
  if (r->literal.text == nullptr && use != regex_use::once) r->automaton = build_dfa(*r, use == regex_use::match, a);
  *out = r;
  return regex_status::ok;
}
}  // namespace jot::detail::query
