// tests/write/writer_test.cpp - jot::writer (jot/writer.h) and the sinks
// (jot/sink.h): every call, every misuse, each destination, and the corpus
// replayed through the writer against the DOM writer, byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <unistd.h>

#include "support/alloc_counter.h"
#include "jot/jot.h"
#include "jot/typed.h"
#include "support/must.h"
#include "support/test_data.h"

namespace {

using jot::error_code;
using jot_test::must;

// Collects what a sink receives; fails once `fail_after` calls succeeded.
struct collector {
  std::string text;
  std::size_t calls = 0;
  std::size_t fail_after = SIZE_MAX;
  bool write(const char* data, std::size_t size) noexcept {
    if (calls == fail_after) return false;
    ++calls;
    text.append(data, size);
    return true;
  }
};

// Runs build on a writer into an output_buffer; the text, or the error code's name.
template <class Build>
std::string built(Build build, const jot::writer_options& o = {}) {
  jot::output_buffer out;
  jot::writer w(out, o);
  build(w);
  auto n = w.finish();
  if (!n) return std::string("error: ") + jot::error_code_name(n.error().code);
  EXPECT_EQ(*n, out.size());
  return std::string(out.view());
}

jot::writer_options pretty(std::uint32_t indent, bool tabs = false) {
  jot::writer_options o;
  o.style.indent = indent;
  o.style.use_tabs = tabs;
  return o;
}

// ---- every call ----

TEST(Writer, EveryCallCompact) {
  const std::string s = built([](jot::writer& w) {
    w.begin_object();
    w.key("n").null();
    w.key("t").boolean(true).key("f").boolean(false);
    w.key("i").number(-42).key("u").number(std::uint64_t{18446744073709551615u});
    w.key("min").number(std::numeric_limits<std::int64_t>::min());
    w.key("small").number(std::int8_t{-7}).key("us").number(static_cast<unsigned short>(65535));
    w.key("d").number(2.5).key("whole").number(100.0).key("neg0").number(-0.0);
    w.key("s").string("tab\there \"q\" \\ \x01");
    w.key("raw").raw(" [1, {\"a\": 2}] ");
    w.key("a").begin_array().end_array();
    w.key("o").begin_object().end_object();
    w.key("nest").begin_array().begin_array().number(1).end_array().string("x").end_array();
    w.end_object();
  });
  EXPECT_EQ(s,
            "{\"n\":null,\"t\":true,\"f\":false,\"i\":-42,\"u\":18446744073709551615,"
            "\"min\":-9223372036854775808,\"small\":-7,\"us\":65535,\"d\":2.5,\"whole\":100.0,"
            "\"neg0\":-0.0,\"s\":\"tab\\there \\\"q\\\" \\\\ \\u0001\",\"raw\":[1, {\"a\": 2}],"
            "\"a\":[],\"o\":{},\"nest\":[[1],\"x\"]}");
}

TEST(Writer, ScalarRoots) {
  EXPECT_EQ(built([](jot::writer& w) { w.null(); }), "null");
  EXPECT_EQ(built([](jot::writer& w) { w.string("é"); }), "\"é\"");
  EXPECT_EQ(built([](jot::writer& w) { w.number(1e300); }), "1e+300");
  EXPECT_EQ(built([](jot::writer& w) { w.raw("7"); }), "7");
  EXPECT_EQ(built([](jot::writer& w) { w.begin_array().end_array(); }), "[]");
}

TEST(Writer, PrettyLayoutMatchesDomWriter) {
  const char* json = R"({"a":[1,{"b":null,"c":"x"}],"e":{},"f":[],"g":[true,false],"":{"":0}})";
  jot::arena a;
  auto doc = jot::parse(json, a);
  ASSERT_TRUE(doc);
  auto build = [](jot::writer& w) {
    w.begin_object();
    w.key("a").begin_array().number(1).begin_object().key("b").null().key("c").string("x");
    w.end_object().end_array();
    w.key("e").begin_object().end_object().key("f").begin_array().end_array();
    w.key("g").begin_array().boolean(true).boolean(false).end_array();
    w.key("").begin_object().key("").number(0).end_object();
    w.end_object();
  };
  for (std::uint32_t indent : {0u, 1u, 2u, 4u}) {
    for (bool tabs : {false, true}) {
      jot::write_options f;
      f.indent = indent;
      f.use_tabs = tabs;
      jot::output_buffer dom;
      ASSERT_TRUE(jot::write(doc->root(), dom, f));
      jot::writer_options o;
      o.style = f;
      EXPECT_EQ(built(build, o), dom.view()) << indent << " " << tabs;
    }
  }
  EXPECT_EQ(built([](jot::writer& w) { w.begin_array().number(1).begin_array().end_array().end_array(); },
                  pretty(2)),
            "[\n  1,\n  []\n]");
  EXPECT_EQ(built([](jot::writer& w) { w.begin_object().key("k").begin_array().number(1).end_array().end_object(); },
                  pretty(1, true)),
            "{\n\t\"k\": [\n\t\t1\n\t]\n}");
}

TEST(Writer, EscapeOptions) {
  jot::writer_options o;
  o.style.escape_slash = true;
  o.style.escape_non_ascii = true;
  EXPECT_EQ(built([](jot::writer& w) { w.begin_object().key("a/é").string("😀/").end_object(); }, o),
            "{\"a\\/\\u00e9\":\"\\ud83d\\ude00\\/\"}");
}

TEST(Writer, DomValuesNestAtTheirDepth) {
  jot::arena a;
  auto doc = jot::parse(R"({"x":[1,{"y":[]}],"z":"s"})", a);
  ASSERT_TRUE(doc);
  auto with_dom = [&](jot::writer& w) {
    w.begin_object().key("outer").begin_array().value(doc->root()).end_array().end_object();
  };
  auto by_hand = [&](jot::writer& w) {
    w.begin_object().key("outer").begin_array();
    w.begin_object().key("x").begin_array().number(1).begin_object().key("y").begin_array();
    w.end_array().end_object().end_array().key("z").string("s").end_object();
    w.end_array().end_object();
  };
  for (std::uint32_t indent : {0u, 2u, 3u}) EXPECT_EQ(built(with_dom, pretty(indent)), built(by_hand, pretty(indent)));
  EXPECT_EQ(built([&](jot::writer& w) { w.value((*doc)["missing"]); }), "error: not_found");
}

TEST(Writer, LongStringsAndKeys) {
  std::string big(100000, 'a');
  for (std::size_t i = 0; i < big.size(); i += 97) big[i] = '\n';
  for (std::size_t i = 50; i < big.size(); i += 101) big[i] = '/';
  jot::arena a;
  jot::output_buffer expect_buf;
  std::string json = "{\"";
  jot::output_buffer tmp;
  jot::writer kw(tmp);
  kw.string(big);
  ASSERT_TRUE(kw.finish());
  const std::string quoted(tmp.view());
  json += quoted.substr(1, quoted.size() - 2) + "\":[" + quoted + "]}";
  auto doc = jot::parse(json, a);
  ASSERT_TRUE(doc);
  jot::writer_options o;
  o.style.escape_slash = true;
  ASSERT_TRUE(jot::write(doc->root(), expect_buf, o.style));
  auto build = [&](jot::writer& w) { w.begin_object().key(big).begin_array().string(big).end_array().end_object(); };
  EXPECT_EQ(built(build, o), expect_buf.view());
  // Through a caller buffer and a sink too, where long strings go in chunks.
  std::vector<char> buf(expect_buf.size());
  jot::writer fw(buf.data(), buf.size(), o);
  build(fw);
  EXPECT_EQ(must(fw.finish()), buf.size());
  EXPECT_EQ(std::string(buf.data(), buf.size()), expect_buf.view());
  collector c;
  jot::writer sw(jot::sink::of(c), o);
  build(sw);
  EXPECT_EQ(must(sw.finish()), expect_buf.size());
  EXPECT_EQ(c.text, expect_buf.view());
  EXPECT_GT(c.calls, 1u);
}

// ---- misuse ----

struct misuse_case {
  const char* name;
  void (*build)(jot::writer&);
  error_code code;
};

const misuse_case misuses[] = {
    {"key at the root", [](jot::writer& w) { w.key("a"); }, error_code::invalid_writer_call},
    {"key in an array", [](jot::writer& w) { w.begin_array().key("a"); }, error_code::invalid_writer_call},
    {"value where a key is expected", [](jot::writer& w) { w.begin_object().number(1); },
     error_code::invalid_writer_call},
    {"begin where a key is expected", [](jot::writer& w) { w.begin_object().begin_array(); },
     error_code::invalid_writer_call},
    {"key after key", [](jot::writer& w) { w.begin_object().key("a").key("b"); },
     error_code::invalid_writer_call},
    {"end_object after key", [](jot::writer& w) { w.begin_object().key("a").end_object(); },
     error_code::invalid_writer_call},
    {"end_array closes an object", [](jot::writer& w) { w.begin_object().end_array(); },
     error_code::invalid_writer_call},
    {"end_object closes an array", [](jot::writer& w) { w.begin_array().end_object(); },
     error_code::invalid_writer_call},
    {"end with nothing open", [](jot::writer& w) { w.end_array(); }, error_code::invalid_writer_call},
    {"end after the root", [](jot::writer& w) { w.null().end_object(); }, error_code::invalid_writer_call},
    {"second root", [](jot::writer& w) { w.number(1).number(2); }, error_code::invalid_writer_call},
    {"second root container", [](jot::writer& w) { w.begin_array().end_array().begin_array(); },
     error_code::invalid_writer_call},
    {"nothing written", [](jot::writer&) {}, error_code::invalid_writer_call},
    {"array left open", [](jot::writer& w) { w.begin_array().number(1); }, error_code::invalid_writer_call},
    {"object left open", [](jot::writer& w) { w.begin_object().key("a").null(); },
     error_code::invalid_writer_call},
    {"finish after key", [](jot::writer& w) { w.begin_object().key("a"); }, error_code::invalid_writer_call},
    {"NaN", [](jot::writer& w) { w.begin_array().number(std::nan("")).end_array(); }, error_code::invalid_number},
    {"infinity", [](jot::writer& w) { w.number(-std::numeric_limits<double>::infinity()); },
     error_code::invalid_number},
    {"invalid UTF-8 string", [](jot::writer& w) { w.string("a\xff"); }, error_code::invalid_utf8},
    {"surrogate in a key", [](jot::writer& w) { w.begin_object().key("\xed\xa0\x80").null().end_object(); },
     error_code::invalid_utf8},
    {"invalid raw", [](jot::writer& w) { w.raw("[1,]"); }, error_code::unexpected_character},
    {"raw with two values", [](jot::writer& w) { w.raw("1 2"); }, error_code::trailing_content},
    {"empty raw", [](jot::writer& w) { w.raw(""); }, error_code::empty_input},
};

TEST(Writer, EveryMisuseIsAnErrorInEveryDestination) {
  for (const misuse_case& m : misuses) {
    SCOPED_TRACE(m.name);
    jot::output_buffer out;
    ASSERT_TRUE(out.append("kept"));
    jot::writer w(out);
    m.build(w);
    auto r = w.finish();
    ASSERT_FALSE(r);
    if (m.code != error_code::trailing_content && m.code != error_code::unexpected_character &&
        m.code != error_code::empty_input) {
      EXPECT_EQ(r.error().code, m.code) << r.error().message;
    } else {
      EXPECT_NE(r.error().code, error_code::ok);
    }
    EXPECT_STRNE(r.error().message, "ok");
    EXPECT_EQ(out.view(), "kept");  // the buffer is as before the writer

    char buf[64];
    jot::writer f(buf, sizeof buf);
    m.build(f);
    auto rf = f.finish();
    ASSERT_FALSE(rf);
    EXPECT_EQ(rf.error().code, r.error().code);

    collector c;
    jot::writer s(jot::sink::of(c));
    m.build(s);
    auto rs = s.finish();
    ASSERT_FALSE(rs);
    EXPECT_EQ(rs.error().code, r.error().code);
    EXPECT_EQ(c.text, "");  // a failed writer hands its last block to no one
  }
}

TEST(Writer, MessagesNameTheMistake) {
  jot::output_buffer out;
  jot::writer w(out);
  w.begin_object().end_array();
  EXPECT_STREQ(w.error().message, "end_array() closes an object");
  jot::writer w2(out);
  w2.begin_array().key("k");
  EXPECT_STREQ(w2.error().message, "key() inside an array");
  jot::writer w3(out);
  w3.number(1).string("x");
  EXPECT_STREQ(w3.error().message, "a second value at the root (a JSON text holds one value)");
  jot::writer w4(out);
  w4.begin_object().number(1);
  EXPECT_STREQ(w4.error().message, "a value inside an object needs a key() first");
}

TEST(Writer, FirstErrorIsStickyAndLaterCallsDoNothing) {
  jot::output_buffer out;
  jot::writer w(out);
  w.begin_array().key("bad");
  const jot::error first = w.error();
  EXPECT_EQ(first.code, error_code::invalid_writer_call);
  w.number(std::nan("")).end_object().string("\xff").end_array();
  EXPECT_STREQ(w.error().message, first.message);
  auto r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_STREQ(r.error().message, first.message);
  EXPECT_EQ(out.size(), 0u);
}

TEST(Writer, FinishIsFinal) {
  jot::output_buffer out;
  jot::writer w(out);
  w.number(1);
  EXPECT_EQ(must(w.finish()), 1u);
  EXPECT_EQ(must(w.finish()), 1u);  // asking again gives the same answer
  w.number(2);
  auto r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::invalid_writer_call);
  EXPECT_EQ(out.view(), "1");
}

TEST(Writer, ValidationCanBeTurnedOff) {
  jot::writer_options o;
  o.validate_utf8 = false;
  o.validate_raw = false;
  EXPECT_EQ(built([](jot::writer& w) { w.begin_array().string("a\xff").raw(" 1 ").end_array(); }, o),
            "[\"a\xff\", 1 ]");
}

// ---- depth ----

TEST(Writer, DepthLimit) {
  jot::writer_options o;
  o.max_depth = 3;
  auto nest = [](std::uint32_t n) {
    return [n](jot::writer& w) {
      for (std::uint32_t i = 0; i < n; ++i) (i % 2 ? w.begin_object().key("k") : w.begin_array());
      w.null();
      for (std::uint32_t i = n; i-- > 0;) (i % 2 ? w.end_object() : w.end_array());
    };
  };
  EXPECT_EQ(built(nest(3), o), "[{\"k\":[null]}]");
  EXPECT_EQ(built(nest(4), o), "error: invalid_writer_call");
  o.max_depth = jot::writer::depth_cap;
  const std::string deep = built(nest(jot::writer::depth_cap), o);
  ASSERT_EQ(deep.size(), 4 + jot::writer::depth_cap / 2 * 6 + jot::writer::depth_cap / 2 * 2);
  jot::arena a;
  jot::parse_options po;
  po.syntax.max_depth = jot::writer::depth_cap;
  auto doc = jot::parse(deep, a, po);
  ASSERT_TRUE(doc);
  jot::output_buffer dom;
  ASSERT_TRUE(jot::write(doc->root(), dom));
  EXPECT_EQ(dom.view(), deep);
  o.max_depth = jot::writer::depth_cap + 1;
  EXPECT_EQ(built([](jot::writer& w) { w.null(); }, o), "error: invalid_writer_call");
}

// ---- destinations ----

TEST(Writer, OutputBufferAppends) {
  jot::output_buffer out;
  ASSERT_TRUE(out.append("x "));
  jot::writer w(out);
  w.begin_array().number(1).end_array();
  EXPECT_EQ(must(w.finish()), 3u);
  EXPECT_EQ(out.view(), "x [1]");
}

TEST(Writer, OutputBufferWithoutAllocatorFailsCleanly) {
  jot::output_buffer out{jot::allocator{}};
  jot::writer w(out);
  w.begin_array();
  for (int i = 0; i < 1000; ++i) w.number(123456789);
  w.end_array();
  auto r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::out_of_memory);
  EXPECT_EQ(out.size(), 0u);
}

// Writes 1000 numbers into a caller buffer of every size around the text's.
TEST(Writer, CallerBufferReportsExactSize) {
  auto build = [](jot::writer& w) {
    w.begin_array();
    for (int i = 0; i < 1000; ++i) w.number(i * 7919);
    w.end_array();
  };
  jot::output_buffer ref;
  jot::writer rw(ref);
  build(rw);
  const std::size_t size = must(rw.finish());
  std::vector<char> buf(size + 8, '#');
  for (std::size_t cap : {std::size_t{0}, std::size_t{1}, std::size_t{100}, size / 2, size - 1, size, size + 8}) {
    jot::writer w(buf.data(), cap);
    build(w);
    auto r = w.finish();
    if (cap < size) {
      ASSERT_FALSE(r) << cap;
      EXPECT_EQ(r.error().code, error_code::buffer_too_small);
      EXPECT_EQ(r.error().needed, size);
    } else {
      EXPECT_EQ(must(r), size);
      EXPECT_EQ(std::string(buf.data(), size), ref.view());
      if (cap > size) {
        EXPECT_EQ(buf[size], '#');  // nothing past the text
      }
    }
  }
}

TEST(Writer, CallbackSinkGetsBlocks) {
  collector c;
  jot::writer w(jot::sink::of(c));
  w.begin_array();
  for (int i = 0; i < 10000; ++i) w.string("some text");
  w.end_array();
  const std::size_t n = must(w.finish());
  EXPECT_EQ(n, c.text.size());
  EXPECT_EQ(n, 2 + 10000 * 11 + 9999);
  EXPECT_GE(c.calls, n / jot::sink_block_size);
  jot::arena a;
  EXPECT_TRUE(jot::parse(c.text, a));
}

TEST(Writer, FailingSinkIsAnIoError) {
  for (std::size_t fail_after : {0u, 1u, 3u}) {
    collector c;
    c.fail_after = fail_after;
    jot::writer w(jot::sink::of(c));
    w.begin_array();
    for (int i = 0; i < 10000; ++i) w.number(i);
    w.end_array();
    auto r = w.finish();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::io_error);
    EXPECT_EQ(c.calls, fail_after);  // never called again after failing
  }
  jot::writer w(jot::sink{});  // no function at all
  w.null();
  auto r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::io_error);
}

TEST(Writer, FileAndDescriptorSinks) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    jot::writer w(jot::file_sink(f));
    w.begin_object().key("a").string("b").end_object();
    EXPECT_EQ(must(w.finish()), 9u);
  }
  ASSERT_EQ(std::fflush(f), 0);
  {
    jot::writer w(jot::fd_sink(fileno(f)));
    w.begin_array().number(1).end_array();
    EXPECT_EQ(must(w.finish()), 3u);
  }
  std::rewind(f);
  char got[32] = {};
  EXPECT_EQ(std::fread(got, 1, sizeof got, f), 12u);
  EXPECT_EQ(std::string(got), "{\"a\":\"b\"}[1]");
  std::fclose(f);

  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ASSERT_EQ(close(fds[0]), 0);  // no reader: write(2) fails (EPIPE; SIGPIPE ignored below)
  const auto old_handler = std::signal(SIGPIPE, SIG_IGN);
  jot::writer w(jot::fd_sink(fds[1]));
  w.string("x");
  auto r = w.finish();
  std::signal(SIGPIPE, old_handler);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::io_error);
  close(fds[1]);
  jot::writer bad(jot::fd_sink(-1));
  bad.null();
  EXPECT_EQ(bad.finish().error().code, error_code::io_error);
}

TEST(Writer, NoHeapWithCallerBufferOrSink) {
  JOT_REQUIRE_COUNTED_MALLOC();
  char buf[4096];
  collector c;
  c.text.reserve(1 << 20);
  jot::arena a;
  auto doc = jot::parse(R"({"k":[1,2.5,"x",null]})", a);
  ASSERT_TRUE(doc);
  const std::size_t before = jot_test::allocation_count();
  std::size_t sizes[3];
  {
    jot::writer w(buf, sizeof buf, pretty(2));
    w.begin_object().key("a").begin_array().number(1).number(2.5).string("é").raw("[1]");
    w.value(doc->root()).end_array().end_object();
    sizes[0] = w.finish().value_or(0);
  }
  {
    jot::writer w(jot::sink::of(c));
    w.begin_array();
    for (int i = 0; i < 5000; ++i) w.string("abcdefgh").number(i);
    w.end_array();
    sizes[1] = w.finish().value_or(0);
  }
  sizes[2] = jot::write(doc->root(), jot::sink::of(c)).value_or(0);
  EXPECT_EQ(jot_test::allocation_count(), before);
  EXPECT_GT(sizes[0], 0u);
  EXPECT_GT(sizes[1], 0u);
  EXPECT_EQ(sizes[2], 22u);
}

// ---- the DOM writer and the typed encoder on sinks, and tabs everywhere ----

TEST(WriteSink, DomWriterStreams) {
  jot::arena a;
  auto doc = jot::parse(R"({"a":[1,2,{"b":"c"}],"d":"é/"})", a);
  ASSERT_TRUE(doc);
  for (std::uint32_t indent : {0u, 2u}) {
    jot::write_options o;
    o.indent = indent;
    o.use_tabs = indent != 0;
    jot::output_buffer ref;
    ASSERT_TRUE(jot::write(doc->root(), ref, o));
    collector c;
    EXPECT_EQ(must(jot::write(doc->root(), jot::sink::of(c), o)), ref.size());
    EXPECT_EQ(c.text, ref.view());
  }
  collector failing;
  failing.fail_after = 0;
  EXPECT_EQ(jot::write(doc->root(), jot::sink::of(failing)).error().code, error_code::io_error);
  EXPECT_EQ(jot::write((*doc)["nope"], jot::sink::of(failing)).error().code, error_code::not_found);
}

struct tab_point {
  int x = 0;
  std::vector<int> ys;
};

TEST(WriteSink, TabsAgreeAcrossDomWriterTypedEncoderAndWriter) {
  const tab_point p{1, {2, 3}};
  jot::write_options o;
  o.indent = 2;
  o.use_tabs = true;
  jot::output_buffer typed;
  ASSERT_TRUE(jot::write(p, typed, o));
  const std::string expected = "{\n\t\t\"x\": 1,\n\t\t\"ys\": [\n\t\t\t\t2,\n\t\t\t\t3\n\t\t]\n}";
  EXPECT_EQ(typed.view(), expected);
  jot::arena a;
  auto doc = jot::parse(expected, a);
  ASSERT_TRUE(doc);
  jot::output_buffer dom;
  ASSERT_TRUE(jot::write(doc->root(), dom, o));
  EXPECT_EQ(dom.view(), expected);
  jot::writer_options wo;
  wo.style = o;
  EXPECT_EQ(built([](jot::writer& w) {
              w.begin_object().key("x").number(1).key("ys").begin_array().number(2).number(3);
              w.end_array().end_object();
            }, wo),
            expected);
  collector c;
  EXPECT_EQ(must(jot::write(p, jot::sink::of(c), o)), expected.size());
  EXPECT_EQ(c.text, expected);
  // Deep enough for the DOM writer's long-indentation path.
  std::string deep = std::string(600, '[') + std::string(600, ']');
  jot::parse_options po;
  po.syntax.max_depth = 1000;
  auto d = jot::parse(deep, a, po);
  ASSERT_TRUE(d);
  jot::output_buffer deep_out;
  ASSERT_TRUE(jot::write(d->root(), deep_out, o));
  const std::string_view v = deep_out.view();
  const auto tabs = static_cast<std::size_t>(std::count(v.begin(), v.end(), '\t'));
  EXPECT_EQ(v.find(' '), std::string_view::npos);
  EXPECT_EQ(tabs, 2u * (599 * 600 / 2 + 598 * 599 / 2));  // opening and closing lines
  EXPECT_EQ(v.size(), 1200 + 2 * 599 + tabs);
}

// ---- the corpus, replayed through the writer ----

// Replays v through w call by call (recursion is fine: the corpus is shallow).
void replay(jot::writer& w, jot::value v) {
  switch (v.type()) {
    case jot::type::object:
      w.begin_object();
      for (jot::member m : *v.get_object()) {
        w.key(m.key);
        replay(w, m.value);
      }
      w.end_object();
      return;
    case jot::type::array:
      w.begin_array();
      for (jot::value e : *v.get_array()) replay(w, e);
      w.end_array();
      return;
    case jot::type::string: w.string(*v.get_string()); return;
    case jot::type::null: w.null(); return;
    case jot::type::boolean: w.boolean(*v.get_bool()); return;
    default:
      if (!v.number_text().empty()) {
        w.raw(v.number_text());
      } else if (v.is_double()) {
        w.number(*v.get_double());
      } else if (auto u = v.get_uint64()) {
        w.number(*u);
      } else {
        w.number(*v.get_int64());
      }
  }
}

TEST(Writer, CorpusReplayEqualsDomWriter) {
  JOT_REQUIRE_DATA(dir);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/corpus"))
    if (e.path().extension() == ".json") files.push_back(e.path().string());
  ASSERT_FALSE(files.empty());
  std::vector<jot::write_options> formats(5);
  formats[1].indent = 2;
  formats[2].indent = 1;
  formats[2].use_tabs = true;
  formats[3].escape_non_ascii = true;
  formats[3].escape_slash = true;
  formats[4] = formats[3];
  formats[4].indent = 3;
  for (const std::string& path : files) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(path, text));
    for (bool keep_text : {false, true}) {
      jot::arena a;
      jot::parse_options po;
      po.keep_number_text = keep_text;
      auto doc = jot::parse(text, a, po);
      ASSERT_TRUE(doc) << path;
      for (std::size_t i = 0; i < formats.size(); ++i) {
        SCOPED_TRACE(path + " format " + std::to_string(i) + (keep_text ? " number text" : ""));
        jot::output_buffer dom;
        ASSERT_TRUE(jot::write(doc->root(), dom, formats[i]));
        jot::writer_options o;
        o.style = formats[i];
        jot::output_buffer out;
        jot::writer w(out, o);
        replay(w, doc->root());
        EXPECT_EQ(must(w.finish()), dom.size());
        EXPECT_TRUE(out.view() == dom.view());
        // A sink and a caller buffer give the same bytes.
        collector c;
        jot::writer sw(jot::sink::of(c), o);
        replay(sw, doc->root());
        EXPECT_EQ(must(sw.finish()), dom.size());
        EXPECT_TRUE(c.text == dom.view());
        std::string fixed(dom.size(), '\0');
        jot::writer fw(fixed.data(), fixed.size(), o);
        replay(fw, doc->root());
        EXPECT_EQ(must(fw.finish()), dom.size());
        EXPECT_TRUE(fixed == dom.view());
        jot::writer small(fixed.data(), dom.size() - 1, o);
        replay(small, doc->root());
        EXPECT_EQ(small.finish().error().needed, dom.size());
      }
    }
  }
}

}  // namespace
