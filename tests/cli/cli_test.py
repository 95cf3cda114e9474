#!/usr/bin/env python3
"""End-to-end tests of the jot command: runs the built binary and checks its
exact stdout, stderr and exit status.

usage: cli_test.py --jot PATH [--data-dir DIR] [--version X.Y.Z] [GROUP...]

GROUP is a test class name (arguments, validate, rewrite, get, patch, stdin,
parse_flags, ndjson, streaming, query); none means all. Expected results are derived from the inputs
(positions are computed from the bytes, values compared through Python's json
module), never copied from a previous run. Cases that need the shared data
skip when it is missing (JOT_DATA_DIR, else --data-dir); when every case of
the run skipped, the exit status is 77 so ctest reports the test as skipped.
"""

import argparse
import errno
import glob
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import threading
import unittest

JOT = ""          # path of the jot binary under test
DATA_DIR = ""     # the shared data folder, or "" when missing
VERSION = ""      # the project version the binary must report

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def run(*args, stdin=b"", cwd=None):
    """Runs jot with args; returns (exit status, stdout bytes, stderr bytes)."""
    p = subprocess.run([JOT, *args], input=stdin, capture_output=True, timeout=120, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def run_measured(out_path, *args):
    """Runs jot with args, its stdout into the file out_path; returns (exit
    status, peak RSS in KiB). A small Python starts jot and waits for it:
    Linux counts the RSS of the process that forked into the child's peak,
    and this test process may have grown large."""
    waiter = ("import os, subprocess, sys\n"
              "with open(sys.argv[1], 'wb') as out:\n"
              "    p = subprocess.Popen(sys.argv[2:], stdout=out)\n"
              "    _, status, usage = os.wait4(p.pid, 0)\n"
              "print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", waiter, out_path, JOT, *args], stdout=subprocess.PIPE, check=True)
    status, max_rss_kb = (int(x) for x in done.stdout.split())
    return status, max_rss_kb


def position(data, offset):
    """1-based (line, column) of byte offset in data, columns counted in bytes."""
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def data_path(*parts):
    return os.path.join(DATA_DIR, *parts)


def escape_token(key):
    """A member name as an RFC 6901 reference token."""
    return key.replace("~", "~0").replace("/", "~1")


def all_pointers(value, prefix=""):
    """Every (pointer, value) pair in a parsed document, root first."""
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from all_pointers(v, prefix + "/" + escape_token(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from all_pointers(v, prefix + "/" + str(i))


def has_float(value):
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(has_float(v) for v in value)
    return False


def pretty_text(value, indent):
    """The conventional indented form: one member or element per line, "key": value,
    empty containers as {} and [] (the layout of jq, yyjson and Python)."""
    return json.dumps(value, indent=indent, ensure_ascii=False).encode() + b"\n"


def loads(data):
    return json.loads(data.decode("utf-8"))


def number_texts(data):
    """data parsed with every number kept as its exact text (tagged, so that
    "1" the number and "1" the string differ)."""
    return json.loads(data.decode("utf-8"), parse_int=lambda t: ("number", t),
                      parse_float=lambda t: ("number", t), parse_constant=lambda t: ("number", t))


class case(unittest.TestCase):
    """Base: a temporary folder per test and shared assertions."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="jot_cli_")
        self.tmp = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return path

    def need_data(self, *parts):
        if not DATA_DIR:
            self.skipTest("shared test data not found: set JOT_DATA_DIR or place it at ../shared/data")
        path = data_path(*parts)
        if not os.path.exists(path):
            self.skipTest("missing shared data file " + path)
        return path

    def assert_run(self, args, code, out=b"", err=b"", stdin=b""):
        got = run(*args, stdin=stdin)
        self.assertEqual(got, (code, out, err), "jot " + " ".join(args))

    def assert_usage_error(self, args, message, stdin=b""):
        """Exit 2, nothing on stdout, exactly "jot: message" on stderr."""
        self.assert_run(args, EXIT_USAGE, b"", ("jot: " + message + "\n").encode(), stdin)

    def assert_parse_error(self, args, name, line, column, stdin=b""):
        """Exit 1, nothing on stdout, one line "name:line:column: message"."""
        code, out, err = run(*args, stdin=stdin)
        self.assertEqual((code, out), (EXIT_INVALID, b""), "jot " + " ".join(args))
        prefix = "{}:{}:{}: ".format(name, line, column).encode()
        self.assertTrue(err.startswith(prefix), "expected {!r}..., got {!r}".format(prefix, err))
        message = err[len(prefix):]
        self.assertTrue(message.endswith(b"\n") and message.count(b"\n") == 1, err)
        self.assertGreater(len(message.strip()), 0, "empty error message")

    def assert_some_parse_error(self, args, name, stdin=b""):
        """Exit 1 with one "name:LINE:COL: message" line, position not checked."""
        code, out, err = run(*args, stdin=stdin)
        self.assertEqual((code, out), (EXIT_INVALID, b""), "jot " + " ".join(args))
        self.assertRegex(err.decode(), r"^" + re.escape(name) + r":\d+:\d+: \S.*\n\Z")


class arguments(case):
    def test_help(self):
        for flag in ("--help", "-h"):
            code, out, err = run(flag)
            self.assertEqual((code, err), (EXIT_OK, b""))
            self.assertTrue(out.startswith(b"usage: jot"), out)
            for word in (b"validate", b"minify", b"pretty", b"get", b"query", b"--comments",
                         b"--trailing-commas", b"--max-depth", b"--indent", b"--pretty",
                         b"--normalize-numbers", b"--paths", b"--stream"):
                self.assertIn(word, out)
        # Help wins wherever it appears among valid arguments.
        self.assertEqual(run("pretty", "--help")[:2], run("--help")[:2])

    # Every option besides the parse options, with its value, and the commands
    # whose synopsis and option entry in the help must name it exactly when
    # jot accepts it there.
    OUTPUT_OPTIONS = {"-l": [], "--threads": ["1"], "--indent": ["2"], "--tab": [], "--sort-keys": [],
                      "--normalize-numbers": [], "--pretty": [], "-r": [], "--paths": [], "--window": ["1M"]}
    # The option an option needs, given with it when probing.
    NEEDS = {"--threads": ["-l"], "--window": ["--stream"]}
    COMMANDS = ("validate", "minify", "pretty", "get", "patch", "merge", "query")

    def accepted_options(self):
        """{command: set of options jot takes for it}, found by running it."""
        f = self.write("a.json", b"[1]")
        p = self.write("p.json", b"[]")
        operands = {"validate": [f], "minify": [f], "pretty": [f], "get": [f, ""],
                    "patch": [f, p], "merge": [f, p], "query": ["$", f]}
        taken = {}
        for command in self.COMMANDS:
            taken[command] = set()
            for option, value in self.OUTPUT_OPTIONS.items():
                args = self.NEEDS.get(option, [])
                code, _, err = run(command, *args, option, *value, *operands[command])
                if code != EXIT_USAGE:
                    taken[command].add(option)
                else:
                    self.assertRegex(err.decode(), r"does not apply to|needs --ndjson", (command, option))
        return taken

    @staticmethod
    def synopsis_options(text):
        """The options a synopsis names: -x and --x inside brackets."""
        return {o for o in re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", text)}

    def test_help_matches_commands(self):
        """Each command's synopsis and each option's entry in --help say
        exactly which commands take which options; so does docs/cli.md."""
        taken = self.accepted_options()
        self.assertEqual(taken["validate"], {"-l", "--threads"})  # the probe itself works
        code, out, _ = run("--help")
        self.assertEqual(code, EXIT_OK)
        lines = out.decode().split("\n")
        commands_at = lines.index("commands (each also takes the parse options below):")
        options_at = lines.index("output options:")
        # Synopses: "  COMMAND ..." lines, continued by deeper lines before the description.
        for command in self.COMMANDS:
            start = next(i for i in range(commands_at, options_at) if lines[i].startswith("  " + command + " "))
            synopsis = lines[start]
            i = start + 1
            while lines[i].startswith("      [") or lines[i].startswith("      FILE"):
                synopsis += " " + lines[i]
                i += 1
            named = self.synopsis_options(synopsis)
            self.assertEqual(named & set(self.OUTPUT_OPTIONS), taken[command], "help synopsis of " + command)
        # Option entries: the commands named in each entry's text.
        entries, current = {}, None
        for line in lines[options_at + 1:]:
            m = re.match(r"  (?:-\w, )?(--?[a-z-]+)", line)
            if m:
                current = {"--ndjson": "-l", "--raw": "-r"}.get(m.group(1), m.group(1))
                entries[current] = line
            elif line.startswith("                      ") and current:
                entries[current] += line
            else:
                current = None
        for option in self.OUTPUT_OPTIONS:
            text = entries[option]
            named = {c for c in self.COMMANDS if re.search(r"(?<![\w-])" + c + r"\b", text)}
            want = {c for c in self.COMMANDS if option in taken[c]}
            self.assertEqual(named, want, "help entry of " + option)
        # docs/cli.md's synopses.
        doc = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "cli.md")
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        for command in self.COMMANDS:
            m = re.search(r"^jot " + command + r" (.*)$", text, re.M)
            self.assertIsNotNone(m, command)
            named = self.synopsis_options(m.group(1))
            self.assertEqual(named & set(self.OUTPUT_OPTIONS), taken[command], "docs/cli.md synopsis of " + command)

    def test_version(self):
        if not VERSION:
            self.skipTest("no --version given to the test")
        self.assert_run(["--version"], EXIT_OK, ("jot " + VERSION + "\n").encode())

    def test_no_arguments_prints_usage_to_stderr(self):
        code, out, err = run()
        self.assertEqual((code, out), (EXIT_USAGE, b""))
        self.assertTrue(err.startswith(b"usage: jot"), err)

    def test_unknown_option_and_command(self):
        self.assert_usage_error(["--x"], "unknown option --x")
        self.assert_usage_error(["validate", "--x", "f.json"], "unknown option --x")
        self.assert_usage_error(["-q", "validate"], "unknown option -q")
        self.assert_usage_error(["frobnicate", "f.json"], "unknown command 'frobnicate'")

    def test_bad_option_values(self):
        self.assert_usage_error(["validate", "--max-depth"], "option --max-depth needs a value")
        self.assert_usage_error(["pretty", "--indent"], "option --indent needs a value")
        for bad in ("abc", "-1", "", "1x", "99999999999"):
            self.assert_usage_error(["validate", "--max-depth", bad],
                                    "invalid value for --max-depth: '{}'".format(bad))
        self.assert_usage_error(["pretty", "--indent=65"],
                                "invalid value for --indent: '65' (expected 0 to 64)")

    def test_options_for_other_commands(self):
        f = self.write("a.json", b"[1]")
        self.assert_usage_error(["validate", "--indent", "2", f],
                                "option --indent does not apply to validate")
        self.assert_usage_error(["minify", "--pretty", f], "option --pretty does not apply to minify")

    def test_operand_counts(self):
        f = self.write("a.json", b"[1]")
        self.assert_usage_error(["get", f], "get takes FILE and one or more POINTERs, got 1 operand(s)")
        self.assert_usage_error(["get"], "get takes FILE and one or more POINTERs, got 0 operand(s)")
        self.assert_usage_error(["minify", f, f], "minify takes one FILE, got 2")
        self.assert_usage_error(["pretty", f, f], "pretty takes one FILE, got 2")

    def test_unreadable_files(self):
        missing = os.path.join(self.tmp, "missing.json")
        reason = os.strerror(errno.ENOENT)
        for cmd in (["validate"], ["minify"], ["pretty"]):
            self.assert_usage_error(cmd + [missing], "cannot read {}: {}".format(missing, reason))
        self.assert_usage_error(["get", missing, ""], "cannot read {}: {}".format(missing, reason))
        self.assert_usage_error(["minify", self.tmp],
                                "cannot read {}: {}".format(self.tmp, os.strerror(errno.EISDIR)))
        if os.geteuid() != 0:  # root reads anything, whatever the mode
            locked = self.write("locked.json", b"[]")
            os.chmod(locked, 0)
            self.assert_usage_error(["validate", locked],
                                    "cannot read {}: {}".format(locked, os.strerror(errno.EACCES)))

    def test_io_error_outranks_invalid_and_every_file_is_checked(self):
        bad = self.write("bad.json", b"[1,]")
        good = self.write("good.json", b"[1]")
        missing = os.path.join(self.tmp, "missing.json")
        code, out, err = run("validate", bad, missing, good)
        self.assertEqual((code, out), (EXIT_USAGE, b""))
        lines = err.decode().splitlines()
        self.assertEqual(len(lines), 2, err)
        self.assertRegex(lines[0], r"^" + re.escape(bad) + r":1:\d+: \S")
        self.assertEqual(lines[1], "jot: cannot read {}: {}".format(missing, os.strerror(errno.ENOENT)))

    def test_output_errors(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full to make writes fail")
        with open("/dev/full", "wb") as full:
            p = subprocess.run([JOT, "minify"], input=b"[1]", stdout=full, stderr=subprocess.PIPE,
                               timeout=60)
        self.assertEqual((p.returncode, p.stderr),
                         (EXIT_USAGE, ("jot: cannot write output: " + os.strerror(errno.ENOSPC) + "\n")
                          .encode()))

    def test_empty_stdin(self):
        p = subprocess.run([JOT, "validate", "-"], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=60)
        # /dev/null is simply empty input, not an I/O error.
        self.assertEqual(p.returncode, EXIT_INVALID)
        self.assertTrue(p.stderr.startswith(b"<stdin>:"), p.stderr)

    def test_invalid_pointer_is_a_usage_error(self):
        f = self.write("a.json", b'{"a":1}')
        self.assert_usage_error(["get", f, "a"],
                                "invalid JSON Pointer 'a': must be empty or start with '/' (byte 1)")

    def test_double_dash_ends_options(self):
        f = self.write("-odd.json", b"[true]")
        self.assert_run(["minify", "--", f], EXIT_OK, b"[true]\n")
        self.assertEqual(run("minify", "--", "-odd.json", cwd=self.tmp), (EXIT_OK, b"[true]\n", b""))
        self.assertEqual(run("minify", "-odd.json", cwd=self.tmp),
                         (EXIT_USAGE, b"", b"jot: unknown option -odd.json\n"))


class validate(case):
    def test_valid_documents_are_silent(self):
        docs = [b"0", b" true ", b"null", b'"x"', b"[]", b"{}", b'{"a":[1,2.5e3,-0.5,"\\u00e9"]}\n',
                "[\"h\u00e9llo \U0001F600\"]".encode()]
        paths = [self.write("v{}.json".format(i), d) for i, d in enumerate(docs)]
        self.assert_run(["validate"] + paths, EXIT_OK)

    def test_error_positions(self):
        # Each input's first offending byte is unambiguous; the expected
        # position is computed from the marked offset.
        cases = [
            (b'{"a":1}\n  x', b"x"),             # content after the document
            (b"[1,\n 2,\n @]", b"@"),            # a byte no value starts with
            (b'["ab\tc"]', b"\t"),               # raw control character in a string
            (b'["a", "\xff"]', b"\xff"),         # a byte that is never UTF-8
            (b'{"a": /* x */ 1}', b"/"),        # comments are off by default
            (b'\r\n[\r\n1 2]', b"2"),            # CR LF: only LF starts a line
        ]
        for i, (doc, marker) in enumerate(cases):
            with self.subTest(doc=doc):
                path = self.write("e{}.json".format(i), doc)
                line, column = position(doc, doc.index(marker))
                self.assert_parse_error(["validate", path], path, line, column)

    def test_other_errors_have_a_position(self):
        for i, doc in enumerate([b"", b"   ", b"[1,2", b'{"a" 1}', b"[01]", b"tru", b'"abc', b"[1,]"]):
            with self.subTest(doc=doc):
                path = self.write("o{}.json".format(i), doc)
                self.assert_some_parse_error(["validate", path], path)

    def test_packets(self):
        valid = self.need_data("packets", "valid.json")
        malicious = self.need_data("packets", "malicious.json")
        invalid = self.need_data("packets", "invalid.json")
        self.assert_run(["validate", valid], EXIT_OK)
        self.assert_run(["validate", malicious], EXIT_OK)
        # invalid.json: the string "127.0.0.1, // ... never closes on its line,
        # so its first offending byte is the raw newline that ends that line.
        with open(invalid, "rb") as f:
            data = f.read()
        start = data.index(b'"127.0.0.1,')
        newline = data.index(b"\n", start)
        self.assertNotIn(b'"', data[start + 1:newline], "the string must be unterminated")
        line, column = position(data, newline)
        self.assert_parse_error(["validate", invalid], invalid, line, column)

        # Several files: one error line for the invalid one, in order, exit 1.
        code, out, err = run("validate", valid, invalid, malicious)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertTrue(err.startswith("{}:{}:{}: ".format(invalid, line, column).encode()), err)
        _, _, alone = run("validate", invalid)
        self.assertEqual(err, alone)

    def test_corpus_and_messages(self):
        files = sorted(glob.glob(os.path.join(self.need_data("corpus"), "*.json")))
        files += [self.need_data("rpc", "sample.json")]
        files += sorted(glob.glob(os.path.join(self.need_data("openrtb"), "*.json")))
        self.assert_run(["validate"] + files, EXIT_OK)

    def test_ndjson_is_not_one_document(self):
        path = self.need_data("corpus", "amazon_cellphones.ndjson")
        with open(path, "rb") as f:
            data = f.read()
        text = data.decode("utf-8")
        _, end = json.JSONDecoder().raw_decode(text)
        rest = len(text[:end].encode())
        while data[rest:rest + 1] in (b" ", b"\t", b"\r", b"\n"):
            rest += 1
        line, column = position(data, rest)
        self.assert_parse_error(["validate", path], path, line, column)

    def test_conformance_suite(self):
        if not DATA_DIR:
            self.skipTest("shared test data not found")
        suite = os.path.join(DATA_DIR, "..", "conformance", "JSONTestSuite", "test_parsing")
        if not os.path.isdir(suite):
            self.skipTest("conformance suite not found at " + suite)
        accept = sorted(glob.glob(os.path.join(suite, "y_*.json")))
        reject = sorted(glob.glob(os.path.join(suite, "n_*.json")))
        self.assert_run(["validate"] + accept, EXIT_OK)
        # One invocation, every file checked: one error line per file, in order.
        code, out, err = run("validate", *reject)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        lines = err.split(b"\n")
        self.assertEqual(lines[-1], b"")
        self.assertEqual(len(lines) - 1, len(reject))
        for path, line in zip(reject, lines):
            self.assertRegex(line.decode("utf-8", "replace"), r"^" + re.escape(path) + r"(:\d+:\d+)?: \S")

    def test_whole_file_checks_agree(self):
        # A whole file is checked without a DOM when the options are strict
        # and the depth at most 4096, else by a parse: both must say the same.
        if not DATA_DIR:
            self.skipTest("shared test data not found")
        suite = os.path.join(DATA_DIR, "..", "conformance", "JSONTestSuite", "test_parsing")
        if not os.path.isdir(suite):
            self.skipTest("conformance suite not found at " + suite)
        files = sorted(glob.glob(os.path.join(suite, "[ni]_*.json")))
        without_dom = run("validate", "--max-depth", "4096", *files)
        with_dom = run("validate", "--max-depth", "4097", *files)
        self.assertEqual(without_dom[0], with_dom[0])
        # Only a depth error may differ (it is found one level deeper).
        a = [l for l in without_dom[2].split(b"\n") if b"nesting too deep" not in l]
        b = [l for l in with_dom[2].split(b"\n") if b"nesting too deep" not in l]
        self.assertGreater(len(a), 150)
        self.assertEqual(a, b)


class rewrite(case):
    def test_minify_exact(self):
        cases = [
            (b' { "a" : [ 1 , 2.5 , "x" , true , false , null ] , "b" : { } , "c":[ ] } ',
             b'{"a":[1,2.5,"x",true,false,null],"b":{},"c":[]}'),
            (b'["\\u0041\\/", "\\u00e9", "\xc3\xa9"]', b'["A/","\xc3\xa9","\xc3\xa9"]'),
            (b"[0, -12, 18446744073709551615, -9223372036854775808]",
             b"[0,-12,18446744073709551615,-9223372036854775808]"),
            (b"[1e2, 1E0, 250e-2, 2.50]", b"[1e2,1E0,250e-2,2.50]"),  # numbers as written
            (b"\n42\n", b"42"),
            (b'"\\"\\\\"', b'"\\"\\\\"'),
        ]
        for i, (doc, expected) in enumerate(cases):
            with self.subTest(doc=doc):
                path = self.write("m{}.json".format(i), doc)
                self.assert_run(["minify", path], EXIT_OK, expected + b"\n")

    def test_minify_escapes_round_trip(self):
        doc = b'["tab\\there", "nl\\n", "\\u0001\\u001f", "q\\"b\\\\", "\\ud83d\\ude00", "\\u2028"]'
        path = self.write("esc.json", doc)
        code, out, err = run("minify", path)
        self.assertEqual((code, err), (EXIT_OK, b""))
        self.assertEqual(loads(out), loads(doc))
        self.assertNotIn(b"\t", out)  # control characters must be escaped
        self.assertTrue(out.endswith(b"]\n") and out.count(b"\n") == 1)

    def test_pretty_layout(self):
        value = {"a": [1, {"b": None, "c": "x"}], "e": {}, "f": [], "g": [True, False], "": {"": 0}}
        doc = json.dumps(value).encode()
        path = self.write("p.json", doc)
        self.assert_run(["pretty", path], EXIT_OK, pretty_text(value, 2))
        self.assert_run(["pretty", "--indent", "4", path], EXIT_OK, pretty_text(value, 4))
        self.assert_run(["pretty", "--indent=1", path], EXIT_OK, pretty_text(value, 1))
        _, minified, _ = run("minify", path)
        self.assert_run(["pretty", "--indent", "0", path], EXIT_OK, minified)
        self.assert_run(["pretty", self.write("s.json", b' "s" ')], EXIT_OK, b'"s"\n')

    def test_data_round_trips(self):
        files = sorted(glob.glob(os.path.join(self.need_data("corpus"), "*.json")))
        files += [self.need_data("packets", "valid.json"), self.need_data("packets", "malicious.json"),
                  self.need_data("rpc", "sample.json")]
        files += sorted(glob.glob(os.path.join(self.need_data("openrtb"), "*.json")))
        for path in files:
            with self.subTest(file=os.path.basename(path)):
                with open(path, "rb") as f:
                    original = loads(f.read())
                code, minified, err = run("minify", path)
                self.assertEqual((code, err), (EXIT_OK, b""))
                self.assertTrue(minified.endswith(b"\n"))
                self.assertEqual(loads(minified), original)
                with open(path, "rb") as f:
                    self.assertEqual(number_texts(minified), number_texts(f.read()))
                self.assertLessEqual(len(minified), os.path.getsize(path) + 1)
                # Minifying is idempotent, and pretty printing loses nothing.
                self.assert_run(["minify", self.write("min.json", minified)], EXIT_OK, minified)
                code, pretty, err = run("pretty", path)
                self.assertEqual((code, err), (EXIT_OK, b""))
                self.assertEqual(loads(pretty), original)
                self.assert_run(["minify", self.write("pretty.json", pretty)], EXIT_OK, minified)
                if not has_float(original):
                    self.assertEqual(pretty, pretty_text(original, 2))

    # A regression test: every number went through a double and was printed
    # again, so digits a double cannot hold were lost (jq 1.7 keeps them).
    NUMBERS = (b'{"big":100000000000000000000000001,"near":9007199254740993.0,"e":1E2,"z":-0.0,'
               b'"f":2.50,"huge":1e400,"tiny":0.1e-5,"i":-12,"u":18446744073709551616}')
    NORMALIZED = (b'{"big":1e+26,"near":9007199254740992.0,"e":100.0,"z":-0.0,"f":2.5,'
                  b'"tiny":0.000001,"i":-12,"u":18446744073709552000.0}')

    def test_numbers_keep_their_text(self):
        path = self.write("n.json", self.NUMBERS)
        self.assert_run(["minify", path], EXIT_OK, self.NUMBERS + b"\n")
        self.assert_run(["minify", "--sort-keys", path], EXIT_OK,
                        b"{" + b",".join(sorted(self.NUMBERS[1:-1].split(b","))) + b"}\n")
        code, pretty, err = run("pretty", path)
        self.assertEqual((code, err), (EXIT_OK, b""))
        self.assertEqual(number_texts(pretty), number_texts(self.NUMBERS))
        self.assertIn(b'\n  "near": 9007199254740993.0,\n', pretty)
        self.assert_run(["minify", self.write("p.json", pretty)], EXIT_OK, self.NUMBERS + b"\n")
        self.assert_run(["get", path, "/big", "/near", "/f"], EXIT_OK,
                        b"100000000000000000000000001\n9007199254740993.0\n2.50\n")
        self.assert_run(["minify", "-l", self.write("n.ndjson", self.NUMBERS + b"\n[1.10]\n")], EXIT_OK,
                        self.NUMBERS + b"\n[1.10]\n")
        self.assert_run(["minify", "-l", "-"], EXIT_OK, b"[1.10]\n[2E1]\n", stdin=b"[1.10]\n [2E1] \n")
        self.assert_run(["minify", "-l", "--threads", "2", "-"], EXIT_OK, b"[1.10]\n[2E1]\n",
                        stdin=b"[1.10]\n [2E1] \n")
        self.assert_run(["get", "-l", "-", "/0"], EXIT_OK, b"1.10\n2E1\n", stdin=b"[1.10]\n[2E1]\n")

    def test_normalize_numbers(self):
        path = self.write("n.json", self.NUMBERS.replace(b'"huge":1e400,', b""))
        self.assert_run(["minify", "--normalize-numbers", path], EXIT_OK, self.NORMALIZED + b"\n")
        self.assert_run(["get", "--normalize-numbers", path, "/near"], EXIT_OK, b"9007199254740992.0\n")
        code, pretty, err = run("pretty", "--normalize-numbers", path)
        self.assertEqual((code, err), (EXIT_OK, b""))
        self.assert_run(["minify", self.write("p.json", pretty)], EXIT_OK, self.NORMALIZED + b"\n")
        # A number beyond a double's range is out of range once converted, as
        # validate says; kept as text it is written as it is.
        huge = self.write("h.json", b"[1e400]")
        self.assert_parse_error(["minify", "--normalize-numbers", huge], huge, 1, 2)
        self.assert_parse_error(["validate", huge], huge, 1, 2)
        self.assert_run(["minify", huge], EXIT_OK, b"[1e400]\n")
        self.assert_usage_error(["validate", "--normalize-numbers", path],
                                "option --normalize-numbers does not apply to validate")

    def test_invalid_input(self):
        path = self.write("bad.json", b'{"a":\n  @}')
        for cmd in (["minify"], ["pretty"], ["pretty", "--indent", "3"]):
            self.assert_parse_error(cmd + [path], path, 2, 3)


class get(case):
    DOC = {"a/b": 1, "m~n": [10, {"x": "y"}], "": {"": True}, "arr": [[1, 2], [3]],
           "s": "caf\u00e9", "n": None, "f": 2.5, " ": -7}

    def doc_path(self):
        return self.write("doc.json", json.dumps(self.DOC, ensure_ascii=False).encode())

    def test_pointers(self):
        path = self.doc_path()
        cases = {
            "": self.DOC, "/a~1b": 1, "/m~0n": [10, {"x": "y"}], "/m~0n/0": 10, "/m~0n/1": {"x": "y"},
            "/m~0n/1/x": "y", "/": {"": True}, "//": True, "/arr/1/0": 3, "/arr/0": [1, 2],
            "/s": "caf\u00e9", "/n": None, "/f": 2.5, "/ ": -7,
        }
        for pointer, expected in cases.items():
            with self.subTest(pointer=pointer):
                code, out, err = run("get", path, pointer)
                self.assertEqual((code, err), (EXIT_OK, b""))
                self.assertEqual(out, json.dumps(expected, ensure_ascii=False, separators=(",", ":"))
                                 .encode() + b"\n")

    def test_pretty(self):
        path = self.doc_path()
        self.assert_run(["get", "--pretty", path, "/m~0n"], EXIT_OK, pretty_text(self.DOC["m~n"], 2))
        self.assert_run(["get", path, "/arr", "--indent", "3"], EXIT_OK, pretty_text(self.DOC["arr"], 3))
        self.assert_run(["get", "--pretty", path, "/a~1b"], EXIT_OK, b"1\n")

    def test_absent(self):
        path = self.doc_path()
        # Missing member, index past the end, "-" (the element after the last),
        # a member of a scalar, the unescaped form of an escaped name.
        for pointer in ("/nope", "/arr/2", "/arr/-", "/a~1b/x", "/a/b", "/arr/0/9", "/s/0", "/n/x"):
            with self.subTest(pointer=pointer):
                code, out, err = run("get", path, pointer)
                self.assertEqual((code, out), (EXIT_INVALID, b""))
                self.assertRegex(err.decode(), r"^" + re.escape(path + ": " + pointer + ": ") + r"\S.*\n\Z")

    def test_several_pointers(self):
        path = self.doc_path()
        self.assert_run(["get", path, "/a~1b", "/m~0n/1", "/s"], EXIT_OK,
                        b'1\n{"x":"y"}\n"caf\xc3\xa9"\n')
        self.assert_run(["get", "-r", path, "/s", "/f"], EXIT_OK, b"caf\xc3\xa9\n2.5\n")
        # With several pointers an absent value keeps its (empty) line, so
        # that the lines stay aligned.
        code, out, err = run("get", path, "/nope", "/f", "/arr/9")
        self.assertEqual((code, out), (EXIT_INVALID, b"\n2.5\n\n"))
        self.assertEqual(err.decode().splitlines(),
                         [path + ": /nope: no such member or element",
                          path + ": /arr/9: no such member or element"])
        # Every pointer is checked before the file is read.
        self.assert_usage_error(["get", path, "/f", "/~2"],
                                "invalid JSON Pointer '/~2': '~' must be followed by '0' or '1' (byte 2)")

    def test_bad_escape_is_a_usage_error(self):
        path = self.doc_path()
        # RFC 6901 allows only ~0 and ~1.
        for pointer in ("/m~n", "/m~", "/~2"):
            with self.subTest(pointer=pointer):
                code, out, err = run("get", path, pointer)
                self.assertEqual((code, out), (EXIT_USAGE, b""))
                self.assertRegex(err.decode(), r"^jot: invalid JSON Pointer '" + re.escape(pointer) + r"': \S.*\n\Z")
                # Says what is wrong and where, without repeating itself.
                self.assertEqual(err.decode().count("invalid JSON Pointer"), 1, err)
                at = pointer.index("~") + 1
                self.assertTrue(err.decode().endswith(
                    "': '~' must be followed by '0' or '1' (byte %d)\n" % at), err)

    def test_bad_escape_after_a_missing_member(self):
        # The syntax is checked before any lookup, so where the pointer stops
        # matching does not change the verdict.
        code, out, err = run("get", self.doc_path(), "/nope/~2")
        self.assertEqual((code, out), (EXIT_USAGE, b""))
        self.assertIn(b"'~' must be followed by '0' or '1' (byte 7)", err)

    def test_raw(self):
        path = self.doc_path()
        # Like jq -r: a string's bytes without quotes or escapes; other values as JSON.
        for flag in ("-r", "--raw"):
            with self.subTest(flag=flag):
                self.assert_run(["get", flag, path, "/s"], EXIT_OK, "caf\u00e9\n".encode())
                self.assert_run(["get", path, "/m~0n/1/x", flag], EXIT_OK, b"y\n")
                self.assert_run(["get", flag, path, "/f"], EXIT_OK, b"2.5\n")
                self.assert_run(["get", flag, path, "/arr/0"], EXIT_OK, b"[1,2]\n")
        esc = self.write("esc.json", json.dumps({"t": "a\"b\\c\n\td/\u0001"}).encode())
        self.assert_run(["get", "-r", esc, "/t"], EXIT_OK, b'a"b\\c\n\td/\x01\n')
        self.assert_run(["get", esc, "/t"], EXIT_OK, b'"a\\"b\\\\c\\n\\td/\\u0001"\n')
        self.assert_usage_error(["minify", "-r", path], "option --raw does not apply to minify")

    def test_malformed_index_is_rejected(self):
        path = self.doc_path()
        for pointer in ("/arr/01", "/arr/+1", "/arr/1x"):
            with self.subTest(pointer=pointer):
                code, out, err = run("get", path, pointer)
                self.assertIn(code, (EXIT_INVALID, EXIT_USAGE))
                self.assertEqual(out, b"")
                self.assertEqual(err.count(b"\n"), 1, err)

    def test_every_pointer_of_the_data(self):
        files = [self.need_data("rpc", "sample.json"), self.need_data("packets", "valid.json")]
        files += sorted(glob.glob(os.path.join(self.need_data("openrtb"), "*.json")))
        for path in files:
            with open(path, "rb") as f:
                document = loads(f.read())
            for pointer, expected in all_pointers(document):
                with self.subTest(file=os.path.basename(path), pointer=pointer):
                    code, out, err = run("get", path, pointer)
                    self.assertEqual((code, err), (EXIT_OK, b""))
                    self.assertEqual(loads(out), expected)
                    self.assertEqual(out.count(b"\n"), 1)

    def test_invalid_document(self):
        path = self.write("bad.json", b'{"a": [1, 2,]}')
        self.assert_some_parse_error(["get", path, "/a"], path)


class patch(case):
    DOC = {"a": 1, "b": [1, 2], "o": {"x": "y"}}

    def compact(self, value):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"

    def files(self, patch_value, doc=None):
        doc_path = self.write("doc.json", json.dumps(self.DOC if doc is None else doc))
        return doc_path, self.write("patch.json", json.dumps(patch_value))

    def test_patch_applies_every_operation(self):
        ops = [{"op": "add", "path": "/b/-", "value": 3}, {"op": "remove", "path": "/a"},
               {"op": "replace", "path": "/o/x", "value": None}, {"op": "move", "from": "/b/0", "path": "/m"},
               {"op": "copy", "from": "/o", "path": "/c"}, {"op": "test", "path": "/b", "value": [2, 3]}]
        doc, p = self.files(ops)
        # Replaced members keep their place, new ones are appended.
        expected = {"b": [2, 3], "o": {"x": None}, "m": 1, "c": {"x": None}}
        self.assert_run(["patch", doc, p], EXIT_OK, self.compact(expected))
        self.assert_run(["patch", "--indent", "3", doc, p], EXIT_OK, pretty_text(expected, 3))

    def test_failed_patch_names_the_operation(self):
        doc, p = self.files([{"op": "add", "path": "/n", "value": 1}, {"op": "remove", "path": "/x~1y"}])
        code, out, err = run("patch", doc, p)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertRegex(err.decode(), r"^" + re.escape(p + ": operation 1 (/x~1y): ") + r"\S.*\n\Z")
        doc, p = self.files([{"op": "test", "path": "/a", "value": 2}])
        code, out, err = run("patch", doc, p)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertRegex(err.decode(), r"^" + re.escape(p + ": operation 0 (/a): ") + r"\S.*\n\Z")
        doc, p = self.files({"op": "add"})  # not an array: no operation to name
        code, out, err = run("patch", doc, p)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertRegex(err.decode(), r"^" + re.escape(p + ": ") + r"(?!operation)\S.*\n\Z")

    def test_merge(self):
        # RFC 7396, section 3.
        doc = {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
               "tags": ["example", "sample"], "content": "This will be unchanged"}
        merge = {"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": None},
                 "tags": ["example"]}
        expected = {"title": "Hello!", "author": {"givenName": "John"}, "tags": ["example"],
                    "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"}
        d, p = self.files(merge, doc)
        self.assert_run(["merge", d, p], EXIT_OK, self.compact(expected))
        self.assert_run(["merge", d, p, "--indent=1"], EXIT_OK, pretty_text(expected, 1))
        d, p = self.files([1, {"a": None}], doc)  # not an object: replaces the document
        self.assert_run(["merge", d, p], EXIT_OK, self.compact([1, {"a": None}]))

    def test_inputs(self):
        doc, p = self.files([{"op": "add", "path": "/z", "value": True}])
        with open(p, "rb") as f:
            patch_bytes = f.read()
        with open(doc, "rb") as f:
            doc_bytes = f.read()
        expected = self.compact(dict(self.DOC, z=True))
        self.assert_run(["patch", doc, "-"], EXIT_OK, expected, stdin=patch_bytes)
        self.assert_run(["patch", "-", p], EXIT_OK, expected, stdin=doc_bytes)
        self.assert_usage_error(["patch", "-", "-"], "FILE and PATCH cannot both be standard input")
        self.assert_usage_error(["patch", doc], "patch takes FILE and PATCH, got 1 operand(s)")
        self.assert_usage_error(["merge", doc, p, p], "merge takes FILE and PATCH, got 3 operand(s)")
        self.assert_usage_error(["merge", "--pretty", doc, p], "option --pretty does not apply to merge")
        bad = self.write("bad.json", b'[{"op": "add",]')
        self.assert_some_parse_error(["patch", doc, bad], bad)
        self.assert_some_parse_error(["merge", bad, p], bad)
        code, out, err = run("patch", doc, os.path.join(self.tmp, "missing.json"))
        self.assertEqual((code, out), (EXIT_USAGE, b""))
        self.assertRegex(err.decode(), r"^jot: cannot read .*missing\.json: \S.*\n\Z")

    def test_numbers_keep_their_text(self):
        doc = self.write("doc.json", b'{"a":9007199254740993.0,"b":[1E2]}')
        p = self.write("patch.json", b'[{"op":"test","path":"/b/0","value":100},'
                                     b'{"op":"add","path":"/c","value":100000000000000000000000001},'
                                     b'{"op":"copy","from":"/a","path":"/d"}]')
        expected = b'{"a":9007199254740993.0,"b":[1E2],"c":100000000000000000000000001,"d":9007199254740993.0}\n'
        self.assert_run(["patch", doc, p], EXIT_OK, expected)
        m = self.write("merge.json", b'{"b":null,"e":0.10}')
        self.assert_run(["merge", doc, m], EXIT_OK, b'{"a":9007199254740993.0,"e":0.10}\n')
        self.assert_run(["merge", "--normalize-numbers", doc, m], EXIT_OK, b'{"a":9007199254740992.0,"e":0.1}\n')
        self.assert_run(["patch", "--normalize-numbers", doc, p], EXIT_OK,
                        b'{"a":9007199254740992.0,"b":[100.0],"c":1e+26,"d":9007199254740992.0}\n')

    def test_test_compares_numbers_exactly(self):
        """RFC 6902 4.6: numbers equal in value, never rounded through a double."""
        doc = self.write("doc.json", b'{"a":9007199254740992,"b":1,"c":1e400}')
        for value, equal in ((b"9007199254740993", False), (b"9007199254740993.0", False),
                             (b"9007199254740992.0", True), (b"1e-400", False)):
            p = self.write("patch.json", b'[{"op":"test","path":"/a","value":' + value + b"}]")
            code, _, _ = run("patch", doc, p)
            self.assertEqual(code, EXIT_OK if equal else EXIT_INVALID, value)
        for path, value in ((b"/b", b"1.0"), (b"/b", b"1e0"), (b"/b", b"10e-1"), (b"/c", b"10e399")):
            p = self.write("patch.json", b'[{"op":"test","path":"' + path + b'","value":' + value + b"}]")
            self.assert_run(["patch", doc, p], EXIT_OK, b'{"a":9007199254740992,"b":1,"c":1e400}\n')

    def test_rfc6902_suite(self):
        if not DATA_DIR:
            self.skipTest("shared test data not found")
        suite = os.path.join(DATA_DIR, "..", "conformance", "json-patch-tests")
        if not os.path.isdir(suite):
            self.skipTest("json-patch-tests not found at " + suite)
        ran = 0
        for name in ("tests.json", "spec_tests.json"):
            with open(os.path.join(suite, name), "rb") as f:
                cases = loads(f.read())
            for i, c in enumerate(cases):
                if "doc" not in c or c.get("disabled"):
                    continue
                with self.subTest(file=name, case=i, comment=c.get("comment", "")):
                    doc, p = self.files(c["patch"], c["doc"])
                    code, out, err = run("patch", doc, p)
                    if "error" in c:
                        self.assertEqual((code, out), (EXIT_INVALID, b""))
                        self.assertRegex(err.decode(), r"^" + re.escape(p + ": ") + r"\S.*\n\Z")
                    else:
                        self.assertEqual((code, err), (EXIT_OK, b""))
                        if "expected" in c:  # Python compares objects unordered, like RFC 6902
                            self.assertEqual(loads(out), c["expected"])
                    ran += 1
        self.assertGreater(ran, 100)


class stdin(case):
    def test_dash_reads_standard_input(self):
        doc = b'{ "a" : [ 1, {"b": "c"} ] }'
        self.assert_run(["validate", "-"], EXIT_OK, stdin=doc)
        self.assert_run(["validate"], EXIT_OK, stdin=doc)
        self.assert_run(["minify", "-"], EXIT_OK, b'{"a":[1,{"b":"c"}]}\n', stdin=doc)
        self.assert_run(["minify"], EXIT_OK, b'{"a":[1,{"b":"c"}]}\n', stdin=doc)
        self.assert_run(["pretty"], EXIT_OK, pretty_text(loads(doc), 2), stdin=doc)
        self.assert_run(["get", "-", "/a/1/b"], EXIT_OK, b'"c"\n', stdin=doc)

    def test_stdin_errors_are_named(self):
        doc = b"[1,\n2,\n  }"
        line, column = position(doc, doc.index(b"}"))
        self.assert_parse_error(["validate", "-"], "<stdin>", line, column, stdin=doc)
        self.assert_parse_error(["minify", "-"], "<stdin>", line, column, stdin=doc)
        code, out, err = run("get", "-", "/9", stdin=b"[0]")
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertTrue(err.startswith(b"<stdin>: /9: "), err)

    def test_large_input_through_a_pipe(self):
        # Larger than any single read chunk, so the reader must loop.
        doc = ("[" + ",".join('{"k":%d,"s":"%s"}' % (i, "x" * (i % 50)) for i in range(60000)) + "]").encode()
        self.assertGreater(len(doc), 1 << 21)
        code, out, err = run("minify", stdin=doc)
        self.assertEqual((code, err), (EXIT_OK, b""))
        self.assertEqual(out, doc + b"\n")


class parse_flags(case):
    def test_comments(self):
        path = self.write("c.json", b'// lead\n{"a": /* inline */ 1}\n')
        self.assert_parse_error(["validate", path], path, 1, 1)
        self.assert_run(["validate", "--comments", path], EXIT_OK)
        self.assert_run(["minify", "--comments", path], EXIT_OK, b'{"a":1}\n')
        self.assert_run(["--comments", "get", path, "/a"], EXIT_OK, b"1\n")
        doc = b'{"a": 1 # not a comment\n}'
        hashed = self.write("h.json", doc)
        self.assert_parse_error(["validate", "--comments", hashed], hashed, *position(doc, doc.index(b"#")))
        open_comment = self.write("u.json", b"[1] /* never closed")
        self.assert_some_parse_error(["validate", "--comments", open_comment], open_comment)

    def test_trailing_commas(self):
        path = self.write("t.json", b'{"a": [1, 2,], "b": {"c": 3,},}')
        self.assert_some_parse_error(["validate", path], path)
        self.assert_run(["validate", "--trailing-commas", path], EXIT_OK)
        self.assert_run(["minify", "--trailing-commas", path], EXIT_OK, b'{"a":[1,2],"b":{"c":3}}\n')
        # Only one comma, and only before a closing bracket.
        for i, doc in enumerate([b"[1,,]", b"[,]", b"{,}", b"[1,,2]"]):
            bad = self.write("b{}.json".format(i), doc)
            self.assert_some_parse_error(["validate", "--trailing-commas", bad], bad)

    def test_both_flags(self):
        path = self.write("both.json", b"[1, // one\n 2, /* two */]")
        self.assert_some_parse_error(["validate", "--comments", path], path)
        self.assert_some_parse_error(["validate", "--trailing-commas", path], path)
        self.assert_run(["minify", "--comments", "--trailing-commas", path], EXIT_OK, b"[1,2]\n")

    def test_max_depth(self):
        doc = b'[{"a": [1]}]'  # depth 3
        path = self.write("d.json", doc)
        self.assert_run(["validate", "--max-depth", "3", path], EXIT_OK)
        self.assert_run(["validate", "--max-depth=3", path], EXIT_OK)
        # The first container past the limit is the offending byte.
        self.assert_parse_error(["validate", "--max-depth", "2", path], path, 1, doc.index(b"[1") + 1)
        self.assert_parse_error(["validate", "--max-depth", "1", path], path, 1, 2)
        self.assert_parse_error(["validate", "--max-depth", "0", path], path, 1, 1)
        self.assert_run(["validate", "--max-depth", "0", self.write("s.json", b"5")], EXIT_OK)
        self.assert_run(["get", "--max-depth", "3", path, "/0/a/0"], EXIT_OK, b"1\n")

    def test_default_max_depth_is_1024(self):
        deep = self.write("1024.json", b"[" * 1024 + b"]" * 1024)
        deeper = self.write("1025.json", b"[" * 1025 + b"]" * 1025)
        self.assert_run(["validate", deep], EXIT_OK)
        self.assert_parse_error(["validate", deeper], deeper, 1, 1025)
        self.assert_run(["validate", "--max-depth", "1025", deeper], EXIT_OK)
        # Far past any limit must fail cleanly, not overflow a stack.
        abyss = self.write("abyss.json", b"[" * 1000000)
        self.assert_parse_error(["validate", abyss], abyss, 1, 1025)


    def test_allow_bom(self):
        bom = b"\xef\xbb\xbf"
        path = self.write("bom.json", bom + b'{"a": [1, 2]}\n')
        self.assert_parse_error(["validate", path], path, 1, 1)
        self.assert_run(["validate", "--allow-bom", path], EXIT_OK)
        self.assert_run(["minify", "--allow-bom", path], EXIT_OK, b'{"a":[1,2]}\n')
        self.assert_run(["pretty", "--allow-bom", "--indent", "0", path], EXIT_OK, b'{"a":[1,2]}\n')
        self.assert_run(["get", "--allow-bom", path, "/a/1"], EXIT_OK, b"2\n")
        self.assert_run(["minify", "--allow-bom", "-"], EXIT_OK, b"[]\n", stdin=bom + b"[]")
        # Columns still count the mark's three bytes.
        doc = bom + b"[1,]"
        bad = self.write("bad.json", doc)
        self.assert_parse_error(["validate", "--allow-bom", bad], bad, *position(doc, doc.index(b",")))
        code, out, _ = run("--help")
        self.assertIn(b"--allow-bom", out)

class ndjson(case):
    """-l / --ndjson: one document per line (validate, minify, get)."""

    LINES = [b'{"a": 1, "b": [true]}', b"", b'  ["x", 2.5] \r', b"\t", b'"s"', b'{"a": {"c": null}}']

    def ndjson_path(self, lines=None):
        return self.write("in.ndjson", b"\n".join(self.LINES if lines is None else lines) + b"\n")

    def test_validate(self):
        path = self.ndjson_path()
        for flag in ("-l", "--ndjson"):
            self.assert_run(["validate", flag, path], EXIT_OK)
        # Without -l the second document is trailing content.
        self.assert_parse_error(["validate", path], path, 3, 3)

    def test_validate_reports_every_bad_line(self):
        lines = [b"[1]", b"[2,]", b"", b'{"a" 1}', b"[4]", b"[5] x", b"[1,"]
        path = self.ndjson_path(lines)
        data = b"\n".join(lines) + b"\n"
        code, out, err = run("validate", "-l", path)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        got = err.decode().splitlines()
        # Bad lines 2, 4, 6, 7 (1-based) are documents 2, 3, 5, 6: the blank line is none.
        wanted = [(2, data.index(b",]"), 2), (4, data.index(b" 1}") + 1, 3), (6, data.index(b"x"), 5),
                  (7, len(data) - 1, 6)]
        self.assertEqual(len(got), len(wanted), err)
        for text, (line, offset, document) in zip(got, wanted):
            l, c = position(data, offset)
            self.assertEqual(l, line)
            self.assertRegex(text, "^" + re.escape("{}:{}:{}: ".format(path, l, c)) + r"\S.* \(document " +
                             str(document) + r"\)$")

    def test_validate_several_files_and_stdin(self):
        good = self.ndjson_path()
        bad = self.write("bad.ndjson", b"[1]\n{]\n")
        code, out, err = run("validate", "-l", good, bad, "-", stdin=b"[1]\n[2]\n")
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertEqual(err.decode(), bad + ":2:2: expected a string key or '}' (document 2)\n")
        self.assert_run(["validate", "-l", "-"], EXIT_OK, stdin=b"1\n2\n\n")
        self.assert_run(["validate", "-l", "-"], EXIT_OK, stdin=b"")

    def test_minify(self):
        path = self.ndjson_path()
        expected = b"".join(json.dumps(json.loads(l), separators=(",", ":")).encode() + b"\n"
                            for l in self.LINES if l.strip())
        self.assert_run(["minify", "-l", path], EXIT_OK, expected)
        # A bad line is reported and skipped; the others are still printed.
        bad = self.ndjson_path([b"[1]", b"[2", b"[3]"])
        code, out, err = run("minify", "-l", bad)
        self.assertEqual((code, out), (EXIT_INVALID, b"[1]\n[3]\n"))
        self.assertRegex(err.decode(), r"^" + re.escape(bad) + r":2:3: \S.* \(document 2\)\n\Z")

    def test_get(self):
        path = self.ndjson_path()
        code, out, err = run("get", "-l", path, "/a")
        self.assertEqual(code, EXIT_INVALID)
        # Documents 2 and 3 have no /a: empty lines, one message each.
        self.assertEqual(out, b'1\n\n\n{"c":null}\n')
        self.assertEqual(err.decode().splitlines(),
                         [path + ": /a: no such member or element (document 2)",
                          path + ": /a: no such member or element (document 3)"])
        only = self.ndjson_path([b'{"id": 1, "n": "x"}', b'{"id": 2, "n": "y"}'])
        self.assert_run(["get", "-l", "-r", only, "/id", "/n"], EXIT_OK, b"1\nx\n2\ny\n")
        # A bad document prints an empty line per pointer after its error.
        bad = self.ndjson_path([b'{"id": 1}', b'{"id": }', b'{"id": 3}'])
        code, out, err = run("get", "-l", bad, "/id", "")
        self.assertEqual((code, out), (EXIT_INVALID, b'1\n{"id":1}\n\n\n3\n{"id":3}\n'))
        self.assertRegex(err.decode(), r"^" + re.escape(bad) + r":2:8: \S.* \(document 2\)\n\Z")

    def test_stdin_streams_in_bounded_memory(self):
        # 96 MB of NDJSON piped in: read whole, jot's RSS would pass 96 MB;
        # streamed, it holds a 1 MB window and one line's DOM, plus the
        # runtime (~4 MB). One bad line, far into the stream, is reported by
        # its line number. Progress never goes to a stderr that is a pipe.
        line = b'{"id": 123456, "name": "a streamed line", "tags": ["x", "y"], "v": 1.5}\n'
        block = line * 16384
        blocks = (96 << 20) // len(block)
        bad_block, bad_index = blocks // 2, 77
        bad_line = bad_block * 16384 + bad_index + 1
        broken = bytearray(block)
        at = bad_index * len(line) + line.index(b"1.5")
        broken[at:at + 3] = b"1.x"
        p = subprocess.Popen([JOT, "validate", "-l", "-"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for i in range(blocks):
            p.stdin.write(bytes(broken) if i == bad_block else block)
        p.stdin.close()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        err = p.stderr.read()
        p.stderr.close()
        column = line.index(b"1.5") + 3  # the byte after "1.": 1-based column of 'x'
        self.assertEqual(p.returncode, EXIT_INVALID, err)
        self.assertRegex(err.decode(), r"^<stdin>:{}:{}: \S.* \(document {}\)\n\Z".format(
            bad_line, column, bad_line))
        max_rss_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
        self.assertLess(max_rss_mb, 64, "max RSS {:.1f} MB".format(max_rss_mb))

    def test_stdin_without_l_is_one_document(self):
        self.assert_run(["validate", "-"], EXIT_OK, stdin=b'  {"a": [1, 2]}\n')
        self.assert_run(["minify", "-l", "-"], EXIT_OK, b"[1]\n{}\n", stdin=b"[1]\n\n{ }\n")

    def test_only_for_validate_minify_get(self):
        self.assert_usage_error(["pretty", "-l", self.ndjson_path()], "option --ndjson does not apply to pretty")

    def test_amazon_corpus(self):
        path = self.need_data("corpus", "amazon_cellphones.ndjson")
        self.assert_run(["validate", "-l", path], EXIT_OK)
        with open(path, "rb") as f:
            data = f.read()
        lines = data.split(b"\n")
        code, out, err = run("minify", "-l", path)
        self.assertEqual((code, err), (EXIT_OK, b""))
        self.assertEqual([json.loads(l) for l in out.splitlines()], [json.loads(l) for l in lines if l.strip()])
        # Break line 321: it is reported by its line number, and only it.
        lines[320] = lines[320][:1] + b"@" + lines[320][1:]
        broken = self.write("broken.ndjson", b"\n".join(lines))
        code, out, err = run("validate", "-l", broken)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertRegex(err.decode(), r"^" + re.escape(broken) + r":321:2: \S.* \(document 321\)\n\Z")


    def test_threads(self):
        # Output and errors in input order, whatever the thread count.
        lines = [b'{"i": %d}' % i if i % 9 else b"[%d," % i for i in range(8000)]
        path = self.ndjson_path(lines)
        for command in (["validate"], ["minify"], ["get", "/i"]):
            want = run(*command[:1], "-l", path, *command[1:])
            self.assertEqual(want[0], EXIT_INVALID)
            for n in ("0", "1", "2", "3", "8"):
                self.assert_run(command[:1] + ["-l", "--threads", n, path] + command[1:], *want)
                self.assert_run(command[:1] + ["-l", "--threads=" + n, path] + command[1:], *want)
        self.assert_usage_error(["validate", "--threads", "2", path], "option --threads needs --ndjson (-l)")
        self.assert_usage_error(["validate", "-l", "--threads", "-1", path],
                                "invalid value for --threads: '-1' (expected 0 to 1024)")
        self.assert_usage_error(["validate", "-l", "--threads"], "option --threads needs a value")

    def test_threads_stdin(self):
        # Standard input streams through the window on every thread count: a
        # text longer than the 1 MB window gives the same output and errors.
        lines = [b'{"i": %d, "pad": "%s"}' % (i, b"x" * (i % 50)) if i % 997 else b"[%d," % i
                 for i in range(60000)]
        data = b"\n".join(lines) + b"\n"
        self.assertGreater(len(data), 2 << 20)
        for command in (["validate"], ["minify"], ["get", "/i"]):
            want = run(*command[:1], "-l", "-", *command[1:], stdin=data)
            self.assertEqual(want[0], EXIT_INVALID)
            self.assertEqual(want[2].count(b"\n"), 61, want[2][:300])
            for n in ("2", "3", "0"):
                self.assert_run(command[:1] + ["-l", "--threads", n, "-"] + command[1:], *want, stdin=data)

    def test_threads_amazon_corpus(self):
        path = self.need_data("corpus", "amazon_cellphones.ndjson")
        want = run("minify", "-l", path)
        self.assertEqual(want[0], EXIT_OK)
        self.assert_run(["minify", "-l", "--threads", "2", path], *want)
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        lines[320] = lines[320][:1] + b"@" + lines[320][1:]
        broken = self.write("broken.ndjson", b"\n".join(lines))
        code, out, err = run("validate", "-l", "--threads", "0", broken)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertRegex(err.decode(), r"^" + re.escape(broken) + r":321:2: \S.* \(document 321\)\n\Z")

class streaming(case):
    """Output streamed in bounded memory, --tab and --sort-keys."""

    def test_tab(self):
        value = {"a": [1, {"b": None}], "e": {}, "f": [], "s": "x"}
        path = self.write("t.json", json.dumps(value))
        self.assert_run(["pretty", "--tab", path], EXIT_OK, pretty_text(value, "\t"))
        self.assert_run(["pretty", "--tab", "--indent", "2", path], EXIT_OK, pretty_text(value, "\t\t"))
        self.assert_run(["get", "--tab", path, "/a"], EXIT_OK, pretty_text(value["a"], "\t"))
        _, minified, _ = run("minify", path)
        self.assert_run(["pretty", "--tab", "--indent", "0", path], EXIT_OK, minified)
        self.assert_usage_error(["validate", "--tab", path], "option --tab does not apply to validate")
        self.assert_usage_error(["minify", "--tab", path], "option --tab does not apply to minify")

    def test_sort_keys_exact(self):
        doc = b'{"b":1,"a":{"z":[{"y":1,"x":2}],"\u00e9":0,"e":0,"":null},"b":0,"B":[]}'
        path = self.write("s.json", doc)
        # Members sorted by key bytes, stably: the two "b" keep their order.
        self.assert_run(["minify", "--sort-keys", path], EXIT_OK,
                        '{"B":[],"a":{"":null,"e":0,"z":[{"x":2,"y":1}],"\u00e9":0},"b":1,"b":0}\n'
                        .encode())
        self.assert_run(["get", "--sort-keys", path, "/a/z"], EXIT_OK, b'[{"x":2,"y":1}]\n')
        self.assert_usage_error(["validate", "--sort-keys", path],
                                "option --sort-keys does not apply to validate")

    def test_sort_keys_data(self):
        files = sorted(glob.glob(os.path.join(self.need_data("corpus"), "*.json")))
        for path in files:
            with self.subTest(file=os.path.basename(path)):
                with open(path, "rb") as f:
                    original = loads(f.read())
                code, out, err = run("pretty", "--sort-keys", path)
                self.assertEqual((code, err), (EXIT_OK, b""))
                self.assertEqual(loads(out), original)
                if not has_float(original):
                    self.assertEqual(out, json.dumps(original, indent=2, ensure_ascii=False,
                                                     sort_keys=True).encode() + b"\n")
                # Every object's keys are in order.
                def check(pairs):
                    keys = [k.encode() for k, _ in pairs]
                    self.assertEqual(keys, sorted(keys))
                    return dict(pairs)
                json.loads(out.decode(), object_pairs_hook=check)

    def test_sort_keys_depth_cap(self):
        ok = self.write("4096.json", b"[" * 4096 + b"]" * 4096)
        code, out, err = run("minify", "--sort-keys", "--max-depth", "5000", ok)
        self.assertEqual((code, out, err), (EXIT_OK, b"[" * 4096 + b"]" * 4096 + b"\n", b""))
        deep = self.write("4097.json", b"[" * 4097 + b"]" * 4097)
        code, out, err = run("minify", "--sort-keys", "--max-depth", "5000", deep)
        self.assertEqual((code, err), (EXIT_INVALID, b"jot: --sort-keys takes nesting up to 4096 levels\n"))

    def test_deep_pretty_exact(self):
        depth = 2000
        path = self.write("deep.json", b"[" * depth + b"]" * depth)
        lines = [b"  " * d + b"[" for d in range(depth - 1)] + [b"  " * (depth - 1) + b"[]"]
        lines += [b"  " * d + b"]" for d in range(depth - 2, -1, -1)]
        self.assert_run(["pretty", "--max-depth", str(depth), path], EXIT_OK, b"\n".join(lines) + b"\n")

    def test_deep_pretty_bounded_memory(self):
        # 100,000 nested arrays print as 20 GB of indentation (2 * depth^2
        # bytes): before streaming, jot held it all (18 GB of RSS, then failed).
        # The process needs the input (200 KB), its tape (16 bytes a level,
        # 1.6 MB; the arena's blocks may double it), the runtime (~4 MB) and
        # one 8 KB output block: measured ~7 MB. 64 MB leaves a 9x margin for
        # allocator and platform differences while staying 300x below any
        # run that buffers the output.
        depth = 100000
        path = self.write("abyss.json", b"[" * depth + b"]" * depth)
        p = subprocess.Popen([JOT, "pretty", "--max-depth", str(depth), path],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        err = p.stderr.read()
        p.stderr.close()
        self.assertEqual((p.returncode, err), (EXIT_OK, b""))
        max_rss_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
        self.assertLess(max_rss_mb, 64, "max RSS {:.1f} MB".format(max_rss_mb))

    def test_streamed_output_errors(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full to make writes fail")
        path = self.write("big.json", json.dumps([{"k": "v" * 100}] * 2000))
        for args in (["pretty", path], ["minify", "--sort-keys", path]):
            with open("/dev/full", "wb") as full:
                p = subprocess.run([JOT, *args], stdout=full, stderr=subprocess.PIPE, timeout=60)
            self.assertEqual((p.returncode, p.stderr),
                             (EXIT_USAGE, ("jot: cannot write output: " + os.strerror(errno.ENOSPC) + "\n")
                              .encode()))


class query(case):
    """jot query: JSONPath (RFC 9535). Expected nodelists are computed here
    from the document with Python (never copied from a run)."""
    DOC = {"store": {"book": [{"title": "A", "price": 8.95, "tags": ["x"]},
                              {"title": "B\u00e9", "price": 12, "isbn": "1-2"},
                              {"title": "C", "price": 22.5}],
                     "bicycle": {"color": "red", "price": 399}},
           "it's": "q\n"}

    def doc_path(self):
        return self.write("doc.json", json.dumps(self.DOC, ensure_ascii=False).encode())

    @staticmethod
    def compact(value):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()

    def test_values(self):
        path = self.doc_path()
        books = self.DOC["store"]["book"]
        cases = {
            "$.store.book[*].title": [b["title"] for b in books],
            "$..price": [b["price"] for b in books] + [399],
            "$.store.book[?@.price < 20].title": [b["title"] for b in books if b["price"] < 20],
            "$.store.book[?@.isbn]": [b for b in books if "isbn" in b],
            "$.store.book[-1:0:-1].title": [b["title"] for b in books[:0:-1]],
            "$.store.book[?match(@.title, 'B.')].price": [12],
            "$.nothing": [],
            "$": [self.DOC],
        }
        for query_text, expected in cases.items():
            with self.subTest(query=query_text):
                self.assert_run(["query", query_text, path], EXIT_OK, self.compact(expected) + b"\n")

    def test_paths(self):
        path = self.doc_path()
        self.assert_run(["query", "--paths", "$.store.book[?@.price > 10].title", path], EXIT_OK,
                        self.compact(["$['store']['book'][1]['title']", "$['store']['book'][2]['title']"]) + b"\n")
        # Names are escaped as section 2.7 says: the quote, the newline.
        self.assert_run(["query", "--paths", "$[?@ == 'q\\n']", path], EXIT_OK,
                        self.compact(["$['it\\'s']"]) + b"\n")
        self.assert_run(["query", "--paths", "-r", "$.store.*", path], EXIT_OK,
                        b"$['store']['book']\n$['store']['bicycle']\n")

    def test_raw_and_pretty(self):
        path = self.doc_path()
        self.assert_run(["query", "-r", "$.store.book[:2].title", path], EXIT_OK, "A\nB\u00e9\n".encode())
        self.assert_run(["query", "-r", "$.store.book[0].tags", path], EXIT_OK, b'["x"]\n')
        self.assert_run(["query", "--pretty", "$.store.bicycle", path], EXIT_OK,
                        pretty_text([self.DOC["store"]["bicycle"]], 2))
        self.assert_run(["query", "$.store.bicycle.price", "--indent", "3", path], EXIT_OK,
                        pretty_text([399], 3))

    def test_numbers_as_written(self):
        path = self.write("n.json", b'[1.50, 10e-1, 9007199254740993]')
        self.assert_run(["query", "$[?@ >= 1]", path], EXIT_OK, b"[1.50,10e-1,9007199254740993]\n")
        self.assert_run(["query", "$[?@ == 9007199254740993]", path], EXIT_OK, b"[9007199254740993]\n")

    def test_stdin_and_ndjson(self):
        data = json.dumps(self.DOC).encode()
        self.assert_run(["query", "$.store.bicycle.color"], EXIT_OK, b'["red"]\n', stdin=data)
        self.assert_run(["query", "$.store.bicycle.color", "-"], EXIT_OK, b'["red"]\n', stdin=data)
        lines = b'{"a": 1}\n{"a": [2, 3]}\n{"b": 4}\n'
        self.assert_run(["query", "-l", "$..a"], EXIT_OK, b"[1]\n[[2,3]]\n[]\n", stdin=lines)
        self.assert_run(["query", "-l", "-r", "$.a"], EXIT_OK, b"1\n[2,3]\n", stdin=lines)
        ndjson = self.write("d.ndjson", lines)
        self.assert_run(["query", "-l", "--threads", "2", "$.b", ndjson], EXIT_OK, b"[]\n[]\n[4]\n")
        # A bad line keeps its output line, and makes the exit status 1.
        code, out, err = run("query", "-l", "$.a", stdin=b'{"a": 1}\n{oops\n{"a": 2}\n')
        self.assertEqual((code, out), (EXIT_INVALID, b"[1]\n\n[2]\n"))
        self.assertTrue(err.startswith(b"<stdin>:2:2: "), err)
        self.assertTrue(err.endswith(b" (document 2)\n"), err)

    def test_bad_query_points_at_the_byte(self):
        path = self.doc_path()
        for query_text, offset, code in (("$.store[1 2]", 10, "query_syntax"),
                                         ("$[01]", 2, "query_syntax"),
                                         ("store", 0, "query_syntax"),
                                         ("$[?length(@.*) > 1]", 10, "query_type"),
                                         ("$[?value(@..x)]", 3, "query_type"),
                                         ("$['a\\q']", 4, "query_syntax"),
                                         ("$.a ", 3, "query_syntax")):
            with self.subTest(query=query_text):
                got_code, out, err = run("query", query_text, path)
                self.assertEqual((got_code, out), (EXIT_USAGE, b""))
                lines = err.decode().split("\n")
                self.assertRegex(lines[0], r"^jot: <query>:1:{}: \S.* \({}\)$".format(offset + 1, code))
                self.assertEqual(lines[1], "  " + query_text)
                self.assertEqual(lines[2], "  " + " " * offset + "^")
                self.assertEqual(lines[3:], [""])
        # The line of a query written on several lines.
        code, out, err = run("query", "$[1,\n 2 3]", path)
        self.assertEqual((code, err), (EXIT_USAGE, b"jot: <query>:2:4: expected ',' or ']' after a selector "
                                                   b"(query_syntax)\n   2 3]\n     ^\n"))
        # The query is checked before the input is read.
        code, out, err = run("query", "$[", os.path.join(self.tmp, "missing.json"))
        self.assertEqual(code, EXIT_USAGE)
        self.assertTrue(err.startswith(b"jot: <query>:1:3: "), err)

    def test_limits_and_invalid_input(self):
        depth = 1500
        path = self.write("deep.json", b"[" * depth + b"]" * depth)
        code, out, err = run("query", "--max-depth", str(depth), "$..*..*..*", path)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertEqual(err, (path + ": nodelist larger than options::max_nodes (query_limit)\n").encode())
        # A flat document larger than the library's default bound: $..* still
        # works (the bound grows with the document), $..*..* too, as it adds
        # nothing below scalars.
        n = 600000
        flat = self.write("flat.json", b"[" + b",".join([b"7"] * n) + b"]")
        for query_text in ("$..*", "$..*..*", "$[*]"):
            code, out, err = run("query", "-r", query_text, flat)
            self.assertEqual((code, err, out.count(b"\n")), (EXIT_OK, b"", n if query_text != "$..*..*" else 0))
        bad = self.write("bad.json", b'{"a": }')
        code, out, err = run("query", "$.a", bad)
        self.assertEqual((code, out), (EXIT_INVALID, b""))
        self.assertTrue(err.startswith((bad + ":1:7: ").encode()), err)

    def test_stream_prints_what_the_dom_does(self):
        path = self.doc_path()
        lines = self.write("d.ndjson", b'{"a": 1, "b": [1, {"c": 2}]}\n\n{"a": [2, 3.50]}\n{oops\n{"b": 4}\n')
        for query_text in ("$", "$.store.book[*].title", "$.store.*", "$.store.book[0:3:2]", "$.store.book[1].*",
                           "$['it\\'s']", "$.nothing", "$.a", "$.b[1].c", "$.*"):
            for flags in ([], ["--paths"], ["-r"], ["--pretty"]):
                with self.subTest(query=query_text, flags=flags):
                    self.assertEqual(run("query", "--stream", *flags, query_text, path),
                                     run("query", *flags, query_text, path))
                    self.assertEqual(run("query", "--stream", "-l", *flags, query_text, lines),
                                     run("query", "-l", *flags, query_text, lines))
                    data = open(lines, "rb").read()
                    self.assertEqual(run("query", "--stream", "-l", *flags, query_text, stdin=data),
                                     run("query", "-l", *flags, query_text, stdin=data))
        bad = self.write("bad.json", b'{"a": [1, 2}')
        self.assertEqual(run("query", "--stream", "$.a[0]", bad), run("query", "$.a[0]", bad))

    def test_stream_refuses_what_one_pass_cannot_decide(self):
        path = self.doc_path()
        for query_text, offset in (("$..price", 1), ("$.store.book[?@.price < 10]", 13), ("$[-1]", 2),
                                   ("$['a','b']", 6), ("$[::-1]", 2)):
            with self.subTest(query=query_text):
                code, out, err = run("query", "--stream", query_text, path)
                self.assertEqual((code, out), (EXIT_USAGE, b""))
                lines = err.decode().split("\n")
                self.assertRegex(lines[0], r"^jot: <query>:1:{}: \S.* \(query_not_streamable\)$".format(offset + 1))
                self.assertEqual(lines[1:], ["  " + query_text, "  " + " " * offset + "^", ""])

    def test_stream_reads_lines_in_bounded_memory(self):
        # 64 MB of NDJSON in a file: the lines go through a 1 MB window and
        # no document is parsed, so the peak stays far below the file's size.
        line = b'{"id": 123456, "name": "a streamed line", "tags": ["x", "y"], "v": {"w": 1.5}}\n'
        path = os.path.join(self.tmp, "big.ndjson")
        count = (64 << 20) // len(line)
        with open(path, "wb") as f:
            for _ in range(count // 4096):
                f.write(line * 4096)
        out_path = os.path.join(self.tmp, "big.out")
        status, max_rss_kb = run_measured(out_path, "query", "--stream", "-l", "-r", "$.v.w", path)
        self.assertEqual(status, EXIT_OK)
        with open(out_path, "rb") as f:
            self.assertEqual(f.read(), b"1.5\n" * (count // 4096 * 4096))
        self.assertLess(max_rss_kb, 32 << 10, "peak RSS in KiB")

    ARRAY = [{"id": 1, "price": 8.95, "tags": ["a", "b"], "a": {"a": 1}}, {"id": 2, "price": 12.99, "a": [{"a": 2}]},
             {"id": 3, "price": 3, "tags": []}, {"id": 4}, {"price": "cheap", "s": "caf\u00e9\n"}, 7,
             {"id": 5, "price": 1e1, "n": 100000000000000000000000001}]

    def array_path(self):
        return self.write("array.json", " \n" + json.dumps(self.ARRAY, ensure_ascii=False, indent=1) + "\n")

    def test_stream_over_an_array_prints_what_the_dom_does(self):
        path = self.array_path()
        for query_text in ("$[*].id", "$[?@.price < 10]", "$[?@.price < 10].id", "$..a", "$[1:5:2].*", "$[0,2]",
                           "$[?length(@.tags) == 2].tags[*]", "$[*]['n','s']", "$[?@.a]..a", "$.x", "$[9]",
                           "$[?match(@.price, 'ch.*')]", "$[*][-1]"):
            for flags in ([], ["--paths"], ["-r"], ["--pretty"], ["--window", "1K"]):
                with self.subTest(query=query_text, flags=flags):
                    self.assertEqual(run("query", "--stream", *flags, query_text, path),
                                     run("query", *[f for f in flags if f not in ("--window", "1K")],
                                         query_text, path))
        data = open(path, "rb").read()
        self.assertEqual(run("query", "--stream", "$[?@.id > 2]", stdin=data), run("query", "$[?@.id > 2]", stdin=data))
        bom = self.write("bom.json", b"\xef\xbb\xbf" + data)
        self.assertEqual(run("query", "--stream", "--allow-bom", "$[*].id", bom), run("query", "--allow-bom", "$[*].id", bom))
        empty = self.write("empty.json", b" [ ] ")
        self.assertEqual(run("query", "--stream", "$[*]", empty), (EXIT_OK, b"[]\n", b""))
        # --max-depth counts the array as a level with or without --stream (ARRAY nests 4 deep).
        for depth in ("0", "1", "3", "4"):
            self.assertEqual(run("query", "--stream", "--max-depth", depth, "$[*]", path),
                             run("query", "--max-depth", depth, "$[*]", path), depth)

    def test_stream_over_an_array_reports_errors_in_the_file(self):
        # A bad element far into the array: the same error line and exit
        # status as the whole parse; with -r the nodes before it are printed.
        data = b'[1,\n 2,\n {"a": tru}, 4]'
        bad = self.write("bad.json", data)
        for flags in ([], ["-r"]):
            code, out, err = run("query", "--stream", *flags, "$[*]", bad)
            whole = run("query", *flags, "$[*]", bad)
            self.assertEqual((code, err), (whole[0], whole[2]), flags)
            self.assertTrue(err.startswith((bad + ":%d:%d: " % position(data, data.index(b"}"))).encode()), err)
        self.assertEqual(run("query", "--stream", "-r", "$[*]", bad)[1], b"1\n2\n")
        self.assertEqual(run("query", "--stream", "$[*]", self.write("obj.json", b' {"a": [1]}')),
                         run("query", "$[*]", self.write("obj2.json", b' {"a": [1]}')))
        # An element larger than a fixed window fails at its first byte, whole.
        big = self.write("big.json", b'[1,\n {"s": "' + b"x" * 2000 + b'"}]')
        code, out, err = run("query", "--stream", "-r", "--window", "1K", "$[*]", big)
        self.assertEqual((code, out), (EXIT_INVALID, b"1\n"))
        self.assertEqual(err, (big + ":2:2: document larger than the stream window\n").encode())
        code, out, _ = run("query", "--stream", "-r", "--window", "4K", "$[*]", big)
        self.assertEqual((code, out.count(b"\n")), (EXIT_OK, 2))

    def test_stream_over_an_array_answers_each_element_as_it_comes(self):
        # A pipe whose writer waits for the answers before it writes on: with
        # -r each element's nodes are printed (and flushed) as soon as the
        # element is whole, not once a window of input has come.
        p = subprocess.Popen([JOT, "query", "--stream", "-r", "$[*].id"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = b""
        try:
            for message, due in ((b'[{"id": 1}, {"id"', b"1\n"), (b': 2},\n', b"1\n2\n"),
                                 (b'{"id": 3}, ', b"1\n2\n3\n")):
                p.stdin.write(message)
                p.stdin.flush()
                while out != due:
                    ready, _, _ = select.select([p.stdout], [], [], 60)
                    self.assertTrue(ready, "no answer while the pipe stays open; got {!r}".format(out))
                    chunk = os.read(p.stdout.fileno(), 4096)
                    self.assertTrue(chunk, "output closed early")
                    out += chunk
            p.stdin.write(b'{"id": 4}]')
            p.stdin.close()
            out += p.stdout.read()
            code = p.wait(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        err = p.stderr.read()
        p.stdout.close()
        p.stderr.close()
        self.assertEqual((code, out, err), (EXIT_OK, b"1\n2\n3\n4\n", b""))

    def test_stream_over_an_array_stops_after_the_last_element_it_can_select(self):
        # An array on a pipe that stays open after 2 MB: a query of indexes
        # or bounded slices is answered, and jot exits, without waiting for
        # the rest, which never comes; the bad bytes after the last element
        # it selects are not read either.
        head = b"[" + b",".join(b'{"id":%d}' % i for i in range(200000)) + b", oops"
        for query_text, expected in (("$[0]", b'[{"id":0}]\n'), ("$[1:3].id", b"[1,2]\n"),
                                     ("$[0,5000].id", b"[0,5000]\n")):
            with self.subTest(query=query_text):
                p = subprocess.Popen([JOT, "query", "--stream", query_text], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)

                def feed():
                    try:
                        p.stdin.write(head)
                        p.stdin.flush()
                    except BrokenPipeError:  # jot stopped reading
                        pass

                writer = threading.Thread(target=feed)
                writer.start()
                try:
                    code = p.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
                    code = None
                finally:
                    writer.join()
                    try:
                        p.stdin.close()
                    except BrokenPipeError:
                        pass
                out, err = p.stdout.read(), p.stderr.read()
                p.stdout.close()
                p.stderr.close()
                self.assertEqual((code, out, err), (EXIT_OK, expected, b""))
        # Without --stream the whole file is parsed, and the bytes after are an error.
        path = self.write("tail.json", b"[1, 2, 3] x")
        self.assertEqual(run("query", "--stream", "$[1]", path), (EXIT_OK, b"[2]\n", b""))
        self.assertEqual(run("query", "$[1]", path)[0], EXIT_INVALID)

    def test_stream_over_an_array_refuses_what_needs_it_whole(self):
        path = self.array_path()
        obj = self.doc_path()
        for query_text, offset, on_object in (("$[-1]", 2, 2), ("$..*", 3, 1), ("$[?@.id == $[0].id]", 11, 2),
                                              ("$['a','b']", 6, 6), ("$[::-1]", 2, 2)):
            for file, at in ((path, offset), (obj, on_object)):
                with self.subTest(query=query_text, file=file):
                    code, out, err = run("query", "--stream", query_text, file)
                    self.assertEqual((code, out), (EXIT_USAGE, b""))
                    lines = err.decode().split("\n")
                    self.assertRegex(lines[0], r"^jot: <query>:1:{}: \S.* \(query_not_streamable\)$".format(at + 1))
                    self.assertEqual(lines[1:], ["  " + query_text, "  " + " " * at + "^", ""])
        # $ alone is no element: the one pass over the whole text still takes it.
        self.assertEqual(run("query", "--stream", "$", path), run("query", "$", path))

    def test_stream_reads_an_array_in_bounded_memory(self):
        # 64 MB of one array in a file: its elements go through a 1 MB window
        # (or 64 KB), each parsed alone, so the peak stays far below its size.
        item = b'{"id": 123456, "name": "an element", "tags": ["x", "y"], "v": {"w": 1.5}}'
        path = os.path.join(self.tmp, "big.json")
        count = (64 << 20) // (len(item) + 2) // 4096 * 4096
        with open(path, "wb") as f:
            f.write(b"[\n")
            block = b",\n".join([item] * 4096)
            for k in range(count // 4096):
                f.write((b",\n" if k else b"") + block)
            f.write(b"\n]\n")
        out_path = os.path.join(self.tmp, "big.out")
        for window in ([], ["--window", "64K"]):
            status, max_rss_kb = run_measured(out_path, "query", "--stream", "-r", *window, "$[?@.id > 100].v.w", path)
            self.assertEqual(status, EXIT_OK)
            with open(out_path, "rb") as f:
                self.assertEqual(f.read(), b"1.5\n" * count)
            self.assertLess(max_rss_kb, 32 << 10, "peak RSS in KiB")
            print("  (64 MB array, window %s: peak RSS %d KiB)" % (window or "default", max_rss_kb))

    def test_arguments(self):
        path = self.doc_path()
        self.assert_usage_error(["query"], "query takes QUERY and at most one FILE, got 0 operand(s)")
        self.assert_usage_error(["query", "--window", "1M", "$", path], "option --window needs --stream")
        for bad in ("1", "0", "2G", "1T", "K", "-1K", "1.5M"):
            self.assert_usage_error(["query", "--stream", "--window", bad, "$", path],
                                    "invalid value for --window: '{}' (expected 1K to 1G)".format(bad))
        self.assert_usage_error(["query", "$", path, path], "query takes QUERY and at most one FILE, got 3 operand(s)")
        self.assert_usage_error(["query", "--stream", "--comments", "$", path],
                                "query --stream reads strict JSON: --comments and --trailing-commas do not apply")
        self.assert_usage_error(["get", "--paths", path, ""], "option --paths does not apply to get")
        self.assert_usage_error(["minify", "--stream", path], "option --stream does not apply to minify")
        self.assert_usage_error(["query", "--sort-keys", "$", path], "option --sort-keys does not apply to query")


GROUPS = [arguments, validate, rewrite, get, patch, stdin, parse_flags, ndjson, streaming, query]


def main():
    global JOT, DATA_DIR, VERSION
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jot", required=True)
    ap.add_argument("--data-dir", default="")
    ap.add_argument("--version", default="")
    ap.add_argument("groups", nargs="*")
    args = ap.parse_args()
    JOT = os.path.abspath(args.jot)
    VERSION = args.version
    for candidate in (os.environ.get("JOT_DATA_DIR", ""), args.data_dir):
        if candidate and os.path.isfile(os.path.join(candidate, "README.md")):
            DATA_DIR = os.path.abspath(candidate)
            break
    if not DATA_DIR:
        print("note: shared test data not found (set JOT_DATA_DIR or place it at ../shared/data); "
              "data-driven cases skip")
    by_name = {g.__name__: g for g in GROUPS}
    unknown = [g for g in args.groups if g not in by_name]
    if unknown:
        ap.error("unknown group(s): " + ", ".join(unknown))
    suite = unittest.TestSuite()
    loader = unittest.TestLoader()
    for name in args.groups or by_name:
        suite.addTests(loader.loadTestsFromTestCase(by_name[name]))
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    if not result.wasSuccessful():
        return 1
    if result.testsRun and len(result.skipped) == result.testsRun:
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
