// src/query/iregexp_dfa.cpp - the DFA of a pattern compiled once for many
// strings (a literal of the query): the subset construction of its NFA over
// byte classes, done when the pattern is compiled and then never changed (a
// compiled query is shared by concurrent evaluations), within a budget of
// states, bytes and work. Running it costs one table lookup per ASCII byte;
// a state that loops on all but a few bytes is left 8 bytes at a time. What
// the budget left out, and every non-ASCII code point of a pattern that
// tells some apart, is stepped on the NFA from the state's set, which
// becomes a state of the DFA again as soon as one is equal to it. So each
// code point costs O(1) or O(pattern size): linear time whatever the input.
#include <bit>
#include <cstring>
#include <new>

#include "iregexp_program.h"
#include "jot/detail/core/bits.h"
#include "lexer.h"

namespace jot::detail::query {

// A state's row in next: a transition per column, then its escape bytes and
// its flags. A transition is the target's row, with high bits that say what
// entering the target means.
struct dfa {
  bool whole = false;                 // built for match() (anchored), else search()
  std::uint8_t byte_class[128] = {};  // the column of each ASCII byte
  std::uint32_t columns = 0;          // the columns built, each standing for a set of code points
  // The column of non-ASCII code points: a built one when every instruction
  // treats them alike, else one past the built ones, never built.
  std::uint32_t non_ascii = 0;
  std::uint32_t stride = 0;           // the columns, then the escapes and the flags
  std::uint32_t start = 0;            // the transition into the start state
  std::uint32_t states = 0;
  std::uint32_t* next = nullptr;      // states * stride
  std::uint32_t* set_at = nullptr;    // states + 1 offsets into pcs
  std::uint32_t* pcs = nullptr;       // each state's NFA set: the instructions in it that consume or accept
  std::uint32_t* slots = nullptr;     // a hash table of the sets: state + 1, 0 for a free slot
  std::uint32_t slot_mask = 0;
};

namespace {

// The budget of one DFA, so that compiling a pattern stays cheap in time and
// memory whatever the pattern: (a|b)*a(a|b){20} has 2^21 states.
constexpr std::uint32_t max_states = 1024;
constexpr std::uint32_t max_table_words = 16 * 1024;  // rows, 64 KB
constexpr std::uint32_t max_set_words = 16 * 1024;    // the states' sets, 64 KB
constexpr std::uint64_t max_work = 1u << 18;          // instructions visited: by the lists, then by the states

// A transition's high bits. unknown has them all: test it first.
constexpr std::uint32_t accelerated = 1u << 30;  // the target loops on all but its escape bytes
constexpr std::uint32_t decided = 1u << 31;      // entering the target decides: dead (match), accepting (search)
constexpr std::uint32_t unknown = UINT32_MAX;    // not built: step the NFA
constexpr std::uint32_t row_mask = accelerated - 1;

// A row's flags word.
constexpr std::uint32_t flag_accepting = 1, flag_high_escapes = 2, flag_accelerated = 4, flag_decided = 8;

constexpr std::uint32_t no_state = UINT32_MAX;

constexpr std::uint32_t lf = '\n', cr = '\r';  // the code points '.' refuses

std::uint32_t mix(std::uint32_t x) noexcept {
  x *= 0x9E3779B1u;
  x ^= x >> 15;
  x *= 0x85EBCA77u;
  return x ^ (x >> 13);
}

// A set's hash, independent of the order of its members.
std::uint32_t set_hash(const std::uint32_t* pcs, std::uint32_t n) noexcept {
  std::uint32_t h = n;
  for (std::uint32_t k = 0; k < n; ++k) h += mix(pcs[k]);
  return h;
}

// An NFA state set being built: every instruction visited (a sparse set, so
// that an epsilon closure visits each once), of which list holds those that
// consume or accept, the only ones that tell sets apart.
struct stepper {
  const regex* r = nullptr;
  std::uint32_t* dense = nullptr;
  std::uint32_t* sparse = nullptr;
  std::uint32_t* stack = nullptr;
  std::uint32_t* list = nullptr;
  std::uint32_t visited = 0, count = 0;
  std::uint32_t hash = 0;  // set_hash of list, less its count
  bool accepting = false;
  std::uint64_t work = 0;

  // Words of scratch for a pattern of n instructions (a closure pushes at
  // most two entries per instruction it visits, plus its first).
  static std::size_t words(std::uint32_t n) noexcept { return 5 * std::size_t{n} + 2; }

  // Takes the scratch from a; false when a has no room.
  bool init(const regex& re, arena& a) noexcept {
    r = &re;
    const std::size_t n = re.size;
    auto* w = static_cast<std::uint32_t*>(a.allocate(sizeof(std::uint32_t) * words(re.size), alignof(std::uint32_t)));
    if (w == nullptr) return false;
    std::fill(w, w + words(re.size), 0u);  // sparse may hold anything; zeroed for the sanitizers
    dense = w;
    sparse = w + n;
    list = w + 2 * n;
    stack = w + 3 * n;
    return true;
  }

  void clear() noexcept {
    visited = count = hash = 0;
    accepting = false;
  }
  bool has(std::uint32_t pc) const noexcept { return sparse[pc] < visited && dense[sparse[pc]] == pc; }

  // Adds pc and every instruction reachable from it without input.
  void close(std::uint32_t pc) noexcept {
    std::uint32_t top = 0;
    stack[top++] = pc;
    while (top != 0) {
      const std::uint32_t at = stack[--top];
      if (has(at)) continue;
      sparse[at] = visited;
      dense[visited++] = at;
      ++work;
      const inst& in = r->code[at];
      if (in.code == op_jmp) {
        stack[top++] = in.x;
      } else if (in.code == op_split) {
        stack[top++] = in.y;
        stack[top++] = in.x;
      } else {
        list[count++] = at;
        hash += mix(at);
        accepting = accepting || in.code == op_match;
      }
    }
  }

  // The set after cp from the n instructions at from (not list): for
  // search(), a match may also start after cp.
  void step(const std::uint32_t* from, std::uint32_t n, std::uint32_t cp, bool whole) noexcept {
    clear();
    for (std::uint32_t k = 0; k < n; ++k)
      if (step_matches(*r, r->code[from[k]], cp)) close(from[k] + 1);
    if (!whole) close(0);
  }
};

// The state of d whose set is st's, or no_state.
std::uint32_t find_state(const dfa& d, const stepper& st) noexcept {
  if (d.slots == nullptr) return no_state;
  for (std::uint32_t i = (st.count + st.hash) & d.slot_mask;; i = (i + 1) & d.slot_mask) {
    const std::uint32_t s = d.slots[i];
    if (s == 0) return no_state;
    const std::uint32_t* pcs = d.pcs + d.set_at[s - 1];
    const std::uint32_t n = d.set_at[s] - d.set_at[s - 1];
    bool same = n == st.count;
    for (std::uint32_t k = 0; same && k < n; ++k) same = st.has(pcs[k]);
    if (same) return s - 1;
  }
}

// A copy of the used elements of old in a new array of n from a (null when a
// has no room).
template <class T>
T* regrow(arena& a, const T* old, std::size_t used, std::size_t n) noexcept {
  auto* d = static_cast<T*>(a.allocate(sizeof(T) * n, alignof(T)));
  if (d != nullptr && used != 0) std::memcpy(d, old, sizeof(T) * used);
  return d;
}

// The construction: states numbered in the order found, each row filled
// with state numbers first, encoded as transitions at the end.
class builder {
 public:
  builder(const regex& r, dfa& d, arena& a) noexcept : r_(r), d_(d), a_(a) {}

  void build(bool whole) noexcept {
    d_.whole = whole;
    classes();
    if (!st_.init(r_, a_)) return;
    column_masks();
    successor_lists();
    st_.work = 0;  // the lists had a budget of their own
    st_.clear();
    st_.close(0);
    if (add_state() == no_state) return;
    for (std::uint32_t s = 0; s < d_.states && st_.work <= max_work; ++s) {
      if ((flags(s) & flag_decided) != 0) continue;  // never left
      for (std::uint32_t c = 0; c < d_.columns && st_.work <= max_work; ++c) {
        const std::uint32_t* set = d_.pcs + d_.set_at[s];
        const std::uint32_t n = d_.set_at[s + 1] - d_.set_at[s];
        if (accepts_ != nullptr && successor_at_ != nullptr) step_column(set, n, c, whole);
        else st_.step(set, n, representative_[c], whole);
        std::uint32_t t = find_state(d_, st_);
        if (t == no_state) t = add_state();
        d_.next[s * d_.stride + c] = t == no_state ? unknown : t;
      }
      accelerate(s);
    }
    encode();
  }

 private:
  std::uint32_t& flags(std::uint32_t s) noexcept { return d_.next[s * d_.stride + d_.stride - 1]; }

  // Byte classes: the ASCII bytes cut where any instruction may tell two
  // neighbours apart, so that one byte of a class stands for all of it.
  void classes() noexcept {
    bool cut[129] = {};
    cut[0] = true;
    bool categories = false;
    bool uniform = true;  // every instruction treats all non-ASCII code points alike
    for (std::uint32_t k = 0; k < r_.size; ++k) {
      const inst& in = r_.code[k];
      if (in.code == op_char) {
        if (in.x < 128) cut[in.x] = cut[in.x + 1] = true;
        else uniform = false;
      } else if (in.code == op_any) {
        cut[lf] = cut[lf + 1] = cut[cr] = cut[cr + 1] = true;
      } else if (in.code == op_class) {
        for (std::uint32_t i = 0; i < in.y; ++i) {
          const class_item& item = r_.items[in.x + i];
          if (item.categories != 0) {
            categories = true;
            uniform = false;
            continue;
          }
          if (item.lo < 128) cut[item.lo] = true;
          if (item.hi + 1 < 128) cut[item.hi + 1] = true;
          if (item.hi >= 0x80 && !(item.lo <= 0x80 && item.hi >= 0x10FFFF)) uniform = false;
        }
      }
    }
    if (categories)
      for (std::uint32_t c = 1; c < 128; ++c)
        if (category_of(c) != category_of(c - 1)) cut[c] = true;
    // The cuts' intervals, each by its first code point; then the
    // intervals no instruction tells apart merged into one column.
    std::uint32_t first[129];
    std::uint8_t interval[128];
    std::uint32_t n = 0;
    for (std::uint32_t c = 0; c < 128; ++c) {
      if (cut[c]) first[n++] = c;
      interval[c] = static_cast<std::uint8_t>(n - 1);
    }
    if (uniform) first[n++] = 0x80;  // any non-ASCII code point stands for all
    std::uint8_t column[129];
    merge(first, interval, n, column);
    for (std::uint32_t c = 0; c < 128; ++c) {
      d_.byte_class[c] = column[interval[c]];
      ++ascii_bytes_[d_.byte_class[c]];
    }
    d_.non_ascii = uniform ? column[n - 1] : d_.columns;
    d_.stride = d_.columns + (uniform ? 0 : 1) + 2;
    state_cap_ = std::min(max_states, max_table_words / d_.stride);
  }

  // Gives each of the n intervals starting at first a column, shared by
  // those that every consuming instruction accepts or refuses alike
  // (d_.columns of them, each with its representative_): one step per
  // column, not per interval. interval maps ASCII to the intervals. Past a
  // budget (or the arena), each interval is its own column.
  void merge(const std::uint32_t* first, const std::uint8_t* interval, std::uint32_t n,
             std::uint8_t* column) noexcept {
    // accepted_by_[i * words + k / 64], bit k % 64: instruction k accepts interval i.
    const std::uint32_t words = (r_.size + 63) / 64;
    if (std::uint64_t{r_.size} * n <= max_work / 4)
      accepted_by_ = static_cast<std::uint64_t*>(
          a_.allocate(sizeof(std::uint64_t) * n * words, alignof(std::uint64_t)));
    if (accepted_by_ != nullptr) {
      std::fill(accepted_by_, accepted_by_ + std::size_t{n} * words, 0u);
      for (std::uint32_t k = 0; k < r_.size; ++k) {
        const inst& in = r_.code[k];
        const std::uint64_t bit = std::uint64_t{1} << (k % 64);
        std::uint64_t* at = accepted_by_ + k / 64;
        if (in.code == op_char) {
          if (in.x < 128) at[interval[in.x] * words] |= bit;  // else no interval holds it: not uniform
        } else if (in.code == op_any) {
          for (std::uint32_t i = 0; i < n; ++i)
            if (i != interval[lf] && i != interval[cr]) at[i * words] |= bit;
        } else if (in.code == op_class) {
          for (std::uint32_t i = 0; i < n; ++i)
            if (class_matches(r_, in, first[i])) at[i * words] |= bit;
        }
      }
    }
    std::uint32_t columns = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      std::uint32_t c = accepted_by_ != nullptr ? 0 : columns;
      for (; c < columns; ++c) {
        const std::uint64_t* x = accepted_by_ + std::size_t{i} * words;
        const std::uint64_t* y = accepted_by_ + std::size_t{column_interval_[c]} * words;
        if (std::equal(x, x + words, y)) break;
      }
      if (c == columns) {
        column_interval_[columns] = static_cast<std::uint8_t>(i);
        representative_[columns++] = first[i];
      }
      column[i] = static_cast<std::uint8_t>(c);
    }
    d_.columns = columns;
  }

  // A new state for st's set; no_state past the budget or the arena.
  std::uint32_t add_state() noexcept {
    const std::uint32_t s = d_.states;
    const std::uint32_t used = s == 0 ? 0 : d_.set_at[s];
    if (s == state_cap_ || used + st_.count > max_set_words) return no_state;
    if (s == cap_) {
      const std::uint32_t n = cap_ == 0 ? 8 : cap_ * 2;
      std::uint32_t* next = regrow(a_, d_.next, std::size_t{s} * d_.stride, std::size_t{n} * d_.stride);
      std::uint32_t* set_at = regrow(a_, d_.set_at, s == 0 ? 0 : s + 1, n + 1);
      if (next == nullptr || set_at == nullptr) return no_state;
      d_.next = next;
      d_.set_at = set_at;
      if (s == 0) d_.set_at[0] = 0;
      cap_ = n;
    }
    if (used + st_.count > pcs_cap_) {
      std::uint32_t n = pcs_cap_ == 0 ? 32 : pcs_cap_ * 2;
      while (n < used + st_.count) n *= 2;
      std::uint32_t* pcs = regrow(a_, d_.pcs, used, n);
      if (pcs == nullptr) return no_state;
      d_.pcs = pcs;
      pcs_cap_ = n;
    }
    if (2 * (s + 1) > d_.slot_mask + 1 || d_.slots == nullptr) {
      const std::uint32_t n = d_.slots == nullptr ? 16 : 2 * (d_.slot_mask + 1);
      auto* slots = static_cast<std::uint32_t*>(a_.allocate(sizeof(std::uint32_t) * n, alignof(std::uint32_t)));
      if (slots == nullptr) return no_state;
      std::fill(slots, slots + n, 0u);
      d_.slots = slots;
      d_.slot_mask = n - 1;
      for (std::uint32_t k = 0; k < s; ++k) insert(k);
    }
    std::copy(st_.list, st_.list + st_.count, d_.pcs + used);
    d_.set_at[s + 1] = used + st_.count;
    std::uint32_t* row = d_.next + std::size_t{s} * d_.stride;
    std::fill(row, row + d_.stride - 2, unknown);
    row[d_.stride - 2] = 0;
    std::uint32_t f = st_.accepting ? flag_accepting : 0;
    if (d_.whole ? st_.count == 0 : st_.accepting) f |= flag_decided;
    row[d_.stride - 1] = f;
    d_.states = s + 1;
    insert(s);
    return s;
  }

  void insert(std::uint32_t s) noexcept {
    const std::uint32_t* pcs = d_.pcs + d_.set_at[s];
    std::uint32_t i = set_hash(pcs, d_.set_at[s + 1] - d_.set_at[s]) & d_.slot_mask;
    while (d_.slots[i] != 0) i = (i + 1) & d_.slot_mask;
    d_.slots[i] = s + 1;
  }

  // Marks s accelerated when at most four ASCII bytes leave it (the
  // non-ASCII code points too unless they all loop): its escapes.
  void accelerate(std::uint32_t s) noexcept {
    const std::uint32_t* row = d_.next + std::size_t{s} * d_.stride;
    std::uint32_t leaving = 0;
    for (std::uint32_t c = 0; c < d_.columns; ++c) leaving += row[c] == s ? 0 : ascii_bytes_[c];
    if (leaving > 4) return;
    std::uint8_t escapes[4];
    std::uint32_t n = 0;
    for (std::uint32_t c = 0; c < 128; ++c) {
      if (row[d_.byte_class[c]] == s) continue;
      if (n == 4) return;
      escapes[n++] = static_cast<std::uint8_t>(c);
    }
    const bool high = row[d_.non_ascii] != s;
    // Unused slots repeat an escape, or hold NUL: an ASCII byte that loops
    // only stops the skip early, which is harmless.
    std::uint32_t packed = 0;
    for (std::uint32_t k = 0; k < 4; ++k)
      packed |= static_cast<std::uint32_t>(n == 0 ? 0 : escapes[k < n ? k : 0]) << (8 * k);
    d_.next[std::size_t{s} * d_.stride + d_.stride - 2] = packed;
    flags(s) |= flag_accelerated | (high ? flag_high_escapes : 0);
  }

  std::uint32_t enter(std::uint32_t t) noexcept {
    if (t == unknown) return unknown;
    const std::uint32_t f = flags(t);
    return t * d_.stride | ((f & flag_decided) != 0 ? decided : 0) | ((f & flag_accelerated) != 0 ? accelerated : 0);
  }

  void encode() noexcept {
    for (std::uint32_t s = 0; s < d_.states; ++s)
      for (std::uint32_t c = 0; c < d_.columns; ++c) {
        std::uint32_t& t = d_.next[s * d_.stride + c];
        t = enter(t);
      }
    d_.start = enter(0);
  }

  // The columns each consuming instruction accepts, a bit per column (null
  // past a budget: step_matches then decides per representative).
  void column_masks() noexcept {
    words_ = (d_.columns + 63) / 64;
    if (accepted_by_ == nullptr) return;
    const std::uint32_t words = (r_.size + 63) / 64;
    const std::size_t n = std::size_t{r_.size} * words_;
    accepts_ = static_cast<std::uint64_t*>(a_.allocate(sizeof(std::uint64_t) * n, alignof(std::uint64_t)));
    if (accepts_ == nullptr) return;
    std::fill(accepts_, accepts_ + n, 0u);
    for (std::uint32_t c = 0; c < d_.columns; ++c) {
      const std::uint64_t* by = accepted_by_ + std::size_t{column_interval_[c]} * words;
      for (std::uint32_t k = 0; k < r_.size; ++k)
        if ((by[k / 64] >> (k % 64) & 1) != 0) accepts_[k * words_ + c / 64] |= std::uint64_t{1} << (c % 64);
    }
  }

  // The closure of each consuming instruction's successor (pc + 1), and of
  // instruction 0 (kept at r_.size), as lists of the instructions that
  // consume or accept: a step then merges lists instead of walking the NFA.
  // Left null past the budget of set words or of work.
  void successor_lists() noexcept {
    const std::size_t n = r_.size;
    auto* at = static_cast<std::uint32_t*>(a_.allocate(sizeof(std::uint32_t) * (n + 2), alignof(std::uint32_t)));
    if (at == nullptr) return;
    std::uint64_t total = 0;
    for (std::uint32_t pass = 0; pass < 2; ++pass) {
      total = 0;
      for (std::uint32_t pc = 0; pc <= n; ++pc) {
        at[pc] = static_cast<std::uint32_t>(total);
        if (pc != n && r_.code[pc].code > op_class) continue;
        st_.clear();
        st_.close(pc == n ? 0 : pc + 1);
        if (pass == 1) std::copy(st_.list, st_.list + st_.count, successors_ + total);
        total += st_.count;
        if (total > max_set_words || st_.work > max_work) return;
      }
      at[n + 1] = static_cast<std::uint32_t>(total);
      if (pass == 0) {
        successors_ = static_cast<std::uint32_t*>(a_.allocate(sizeof(std::uint32_t) * (total + 1), alignof(std::uint32_t)));
        if (successors_ == nullptr) return;
      }
    }
    successor_at_ = at;
  }

  // Adds the list of pc (r_.size: of instruction 0) to st_'s set.
  void add_successors(std::uint32_t pc) noexcept {
    st_.work += successor_at_[pc + 1] - successor_at_[pc];
    for (std::uint32_t i = successor_at_[pc]; i != successor_at_[pc + 1]; ++i) {
      const std::uint32_t q = successors_[i];
      if (st_.has(q)) continue;
      st_.sparse[q] = st_.visited;
      st_.dense[st_.visited++] = q;
      st_.list[st_.count++] = q;
      st_.hash += mix(q);
      st_.accepting = st_.accepting || r_.code[q].code == op_match;
    }
  }

  // st_.step for every code point of column c.
  void step_column(const std::uint32_t* from, std::uint32_t n, std::uint32_t c, bool whole) noexcept {
    st_.clear();
    for (std::uint32_t k = 0; k < n; ++k)
      if ((accepts_[from[k] * words_ + c / 64] >> (c % 64) & 1) != 0) add_successors(from[k]);
    if (!whole) add_successors(r_.size);
    st_.work += n;
  }

  const regex& r_;
  dfa& d_;
  arena& a_;
  stepper st_;
  std::uint64_t* accepted_by_ = nullptr;   // see merge
  std::uint64_t* accepts_ = nullptr;
  std::uint32_t* successor_at_ = nullptr;  // set with successors_ complete
  std::uint32_t* successors_ = nullptr;
  std::uint32_t words_ = 0;
  std::uint32_t ascii_bytes_[129] = {};     // the ASCII bytes of each column
  std::uint32_t representative_[129] = {};  // a code point of each column
  std::uint8_t column_interval_[129] = {};  // the first interval of each column
  std::uint32_t state_cap_ = 0, cap_ = 0, pcs_cap_ = 0;
};

// The first byte at or after p that may leave the accelerated state at row
// s (exactly the first, or end): eight bytes a step, a byte equal to an
// escape found as a zero byte of their xor.
const std::uint8_t* skip(const dfa& d, std::uint32_t s, const std::uint8_t* p, const std::uint8_t* end) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const std::uint32_t packed = d.next[s + d.stride - 2];
  const bool high = (d.next[s + d.stride - 1] & flag_high_escapes) != 0;
  const std::uint64_t e0 = (packed & 0xFF) * ones, e1 = (packed >> 8 & 0xFF) * ones;
  const std::uint64_t e2 = (packed >> 16 & 0xFF) * ones, e3 = (packed >> 24) * ones;
  const std::uint64_t high_mask = high ? highs : 0;
  while (end - p >= 8) {
    const std::uint64_t w = load_le64(p);
    const std::uint64_t x0 = w ^ e0, x1 = w ^ e1, x2 = w ^ e2, x3 = w ^ e3;
    // A zero byte of x sets its high bit here; so may a byte above a zero
    // one (the borrow), never one below: the lowest bit set is exact.
    const std::uint64_t m = (w & high_mask) | ((x0 - ones) & ~x0 & highs) | ((x1 - ones) & ~x1 & highs) |
                            ((x2 - ones) & ~x2 & highs) | ((x3 - ones) & ~x3 & highs);
    if (m != 0) return p + (std::countr_zero(m) >> 3);
    p += 8;
  }
  for (; p != end; ++p) {
    const std::uint32_t c = *p;
    if ((c >= 0x80 && high) || c == (packed & 0xFF) || c == (packed >> 8 & 0xFF) || c == (packed >> 16 & 0xFF) ||
        c == packed >> 24)
      break;
  }
  return p;
}

// Where leaving the DFA for the NFA ended: the outcome, or the transition
// into the DFA state whose set the NFA reached.
struct resumed {
  bool done;
  regex_outcome outcome;
  std::uint32_t t;
};

// Steps the NFA from the set of the state at row s on cp, then on the code
// points at p, until its set is a state of the DFA again or the outcome is
// known. st and current (the pattern's size in words) are the caller's scratch.
resumed resume(const dfa& d, std::uint32_t s, std::uint32_t cp, const char*& p, const char* end,
               stepper& st, std::uint32_t* current) noexcept {
  const std::uint32_t state = s / d.stride;
  const std::uint32_t* from = d.pcs + d.set_at[state];
  std::uint32_t n = d.set_at[state + 1] - d.set_at[state];
  for (;;) {
    st.step(from, n, cp, d.whole);
    if (d.whole && st.count == 0) return {true, regex_outcome::no, 0};
    if (!d.whole && st.accepting) return {true, regex_outcome::yes, 0};
    const std::uint32_t t = find_state(d, st);
    if (t != no_state) {
      const std::uint32_t f = d.next[t * d.stride + d.stride - 1];
      return {false, regex_outcome::no, t * d.stride | ((f & flag_accelerated) != 0 ? accelerated : 0)};
    }
    if (p == end) return {true, st.accepting ? regex_outcome::yes : regex_outcome::no, 0};
    std::copy(st.list, st.list + st.count, current);
    from = current;
    n = st.count;
    if (!decode_utf8(p, end, cp)) cp = 0xFFFD;
  }
}

}  // namespace

const dfa* build_dfa(const regex& r, bool whole, arena& a) noexcept {
  void* m = a.allocate(sizeof(dfa), alignof(dfa));
  if (m == nullptr) return nullptr;
  dfa* d = new (m) dfa();
  builder(r, *d, a).build(whole);
  return d->states == 0 ? nullptr : d;
}

std::uint32_t dfa_states(const regex& r) noexcept { return r.automaton == nullptr ? 0 : r.automaton->states; }

regex_outcome run_regex(const regex& r, std::string_view input, bool whole, arena& a) noexcept {
  if (r.literal.text != nullptr) return run_literal(r.literal, input, whole);
  if (r.automaton == nullptr || r.automaton->whole != whole) return run_regex_nfa(r, input, whole, a);
  const dfa& d = *r.automaton;
  const regex_outcome decision = d.whole ? regex_outcome::no : regex_outcome::yes;
  const char* p = input.data();
  const char* end = p + input.size();
  stepper st;
  std::uint32_t* current = nullptr;  // with st, taken from a when first needed
  std::uint32_t t = d.start;
  std::uint32_t s = 0;
  for (;;) {
    if (t >= accelerated) [[unlikely]] {
      if ((t & decided) != 0) return decision;  // never unknown here
      s = t & row_mask;
      p = reinterpret_cast<const char*>(
          skip(d, s, reinterpret_cast<const std::uint8_t*>(p), reinterpret_cast<const std::uint8_t*>(end)));
    } else {
      s = t;
    }
    if (p == end) break;
    const auto b = static_cast<unsigned char>(*p);
    std::uint32_t cp = b;
    if (b < 0x80) {
      t = d.next[s + d.byte_class[b]];
      ++p;
    } else {
      if (!decode_utf8(p, end, cp)) cp = 0xFFFD;
      t = d.next[s + d.non_ascii];
    }
    if (t == unknown) [[unlikely]] {
      if (current == nullptr) {
        if (!st.init(r, a)) return regex_outcome::no_memory;
        current = static_cast<std::uint32_t*>(a.allocate(sizeof(std::uint32_t) * r.size, alignof(std::uint32_t)));
        if (current == nullptr) return regex_outcome::no_memory;
      }
      const resumed back = resume(d, s, cp, p, end, st, current);
      if (back.done) return back.outcome;
      t = back.t;
    }
  }
  return (d.next[s + d.stride - 1] & flag_accepting) != 0 ? regex_outcome::yes : regex_outcome::no;
}

}  // namespace jot::detail::query
