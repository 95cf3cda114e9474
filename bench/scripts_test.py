#!/usr/bin/env python3
"""Checks the benchmark's Python scripts: shuffle_keys.py (every object of two
or more members reordered, every token and whitespace run kept, the same bytes
every run, its check catching an object left in order) and report.py (jot's
ratio taken within one C++ build). `make test` runs it (bench/bench.mk);
`python3 bench/scripts_test.py [DATA_DIR]` also shuffles the shared typed inputs.
Standard library only.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402
import shuffle_keys  # noqa: E402

SAMPLE = (b'{\n  "a": 1, "b": {"x": [1, 2.50e+3, {"p": "\\u00e9\\"", "q": null}], "y": true},\n'
          b'  "c": "two\\nlines", "d": {}, "e": [], "f": {"only": -0.0}, "g": {"r": 1, "s": 2}\n}\n')


class ShuffleKeys(unittest.TestCase):
    def shuffle(self, text, seed="t"):
        v, lead, trail = shuffle_keys.parse(text)
        return v, lead + shuffle_keys.shuffled(v, random.Random(seed)) + trail

    def test_every_object_moves_and_every_byte_stays(self):
        v, out = self.shuffle(SAMPLE)
        self.assertEqual(sorted(out), sorted(SAMPLE))  # the same bytes, only moved
        w, _, _ = shuffle_keys.parse(out)
        self.assertEqual(shuffle_keys.check(v, w), 4)  # the root, b, the object in b.x and g; not d or f
        self.assertEqual(json.loads(out), json.loads(SAMPLE))

    def test_the_check_catches_an_object_in_order(self):
        v, _, _ = shuffle_keys.parse(SAMPLE)
        with self.assertRaisesRegex(ValueError, "kept their order"):
            shuffle_keys.check(v, v)

    def test_the_check_catches_a_changed_token(self):
        v, out = self.shuffle(SAMPLE)
        w, _, _ = shuffle_keys.parse(out.replace(b"2.50e+3", b"2500.0 "))
        with self.assertRaisesRegex(ValueError, "token"):
            shuffle_keys.check(v, w)

    def test_deterministic(self):
        self.assertEqual(self.shuffle(SAMPLE, "62:x")[1], self.shuffle(SAMPLE, "62:x")[1])

    def test_an_object_that_cannot_move_is_refused(self):
        v, _, _ = shuffle_keys.parse(b'{"k": 1, "k": 2}')
        with self.assertRaisesRegex(ValueError, "cannot change its order"):
            shuffle_keys.shuffled(v, random.Random(1))

    def test_bad_json_is_refused(self):
        for bad in (b'{"a" 1}', b'[1,]', b'{"a": 1} x', b'"open'):
            with self.assertRaises(ValueError):
                shuffle_keys.parse(bad)

    def test_shared_inputs(self):
        data = os.environ.get("JOT_DATA_DIR") or os.path.join(HERE, "..", "..", "shared", "data")
        if not os.path.isfile(os.path.join(data, "README.md")):
            self.skipTest("no shared data at %s" % data)
        with tempfile.TemporaryDirectory() as out:
            r = subprocess.run([sys.executable, os.path.join(HERE, "shuffle_keys.py"), "--quiet", "--data", data,
                                "--out", out], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            for rel in shuffle_keys.FILES:
                with open(os.path.join(data, rel), "rb") as a, open(os.path.join(out, rel), "rb") as b:
                    x, y = a.read(), b.read()
                self.assertEqual(len(x), len(y), rel)
                self.assertNotEqual(x, y, rel)


def rec(library, build, median, variant="", language="c++", note="", workload="dom_parse", metric="throughput",
        unit="MB/s"):
    r = {"workload": workload, "dataset": "twitter", "library": library, "language": language, "version": "1",
         "variant": variant, "metric": metric, "unit": unit, "median": median, "min": median,
         "max": median, "reps": 5, "note": note}
    if build:
        r["compiler"] = build
    return r


class Report(unittest.TestCase):
    GCC, CLANG = "GCC 12.2.0 + libstdc++ 12", "clang 19.1.7 + libc++ 19.1"

    def test_ratios_stay_within_a_build(self):
        rows = [rec("jot", self.GCC, 1000), rec("yyjson", self.GCC, 500), rec("jot", self.CLANG, 400),
                rec("yyjson", self.CLANG, 800), rec("serde_json", None, 250, language="rust")]
        report.set_primary(rows)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[1]), rows[1]), 2.0)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[3]), rows[3]), 0.5)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[4]), rows[4]), 4.0)  # the first build's jot
        self.assertEqual(report.best_peer(rows, self.CLANG)[0], 0.5)
        self.assertEqual(report.tag(rows[2]), " [clang 19 + libc++]")
        self.assertEqual(report.tag(rows[0]), "")
        self.assertEqual(report.cpp_builds(rows[::-1]), [self.GCC, self.CLANG])  # the first loaded first

    def test_a_flagged_peer_is_not_the_best(self):
        rows = [rec("jot", self.GCC, 1000), rec("fast", self.GCC, 5000, note="DECODE MISMATCH"),
                rec("slow", self.GCC, 800)]
        report.set_primary(rows)
        x, r = report.best_peer(rows, self.GCC)
        self.assertEqual((x, r["library"]), (1.25, "slow"))

    def test_query_rows(self):
        # In-process rows are latencies compared within a C++ build; the CLI rows'
        # jq is compared with jot's CLI row, not with jot's in-process row.
        q = dict(workload="query", metric="latency", unit="ns/op")
        rows = [rec("jot", self.GCC, 2000, **q), rec("jsoncons", self.GCC, 10000, variant="jsonpath", **q),
                rec("serde_json_path", None, 6000, language="rust", **q)]
        report.set_primary(rows)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[1]), rows[1]), 5.0)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[2]), rows[2]), 3.0)  # the first build's jot
        c = dict(workload="query_cli", metric="latency", unit="ms/op", language="cli", variant="CLI, whole command")
        cli = [rec("jot", None, 4.0, **c), rec("jq", None, 50.0, **c)]
        self.assertEqual(report.ratio(report.jot_row(rows + cli, cli[1]), cli[1]), 12.5)
        self.assertTrue(report.is_flagged(rec("jq", None, 0, note="COUNT MISMATCH (3 nodes, expected 4)", **c)))
        self.assertTrue(report.is_flagged(rec("jsoncons", self.GCC, 0, note="REJECTS THE QUERY; $[", **q)))
        self.assertEqual(report.title("query_cli", "ms/op"),
                         "%s (ms per command, lower is better)" % report.WORKLOAD_NAME["query_cli"])
        self.assertIn("lower is better", report.title("query", "ns/op"))

    def test_query_lists_agree(self):
        # One list of queries for every engine: each line has its five columns
        # and names a kind once per dataset.
        sys.path.insert(0, HERE)
        import query_cli
        rows = query_cli.read_queries(os.path.join(HERE, "queries.tsv"))
        self.assertGreaterEqual(len(rows), 15)
        self.assertEqual(len({(d, k) for d, _, k, _, _, _ in rows}), len(rows))
        for d, f, k, n, jp, jq in rows:
            self.assertTrue(jp.startswith("$"), jp)
            self.assertTrue(jq and f.endswith(".json") and n > 0, (d, k))

    def test_the_array_row_counts_its_nodes(self):
        # The array query_cli.py writes (the stream row's) and the count its
        # filter must find: derived from the elements, checked on a small one.
        sys.path.insert(0, HERE)
        import query_cli
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "a.json")
            query_cli.write_array(path, 300 << 10)
            with open(path, "rb") as f:
                v = json.loads(f.read())
            self.assertEqual(query_cli.array_elements(path), len(v))
            self.assertGreater(len(v), 3000)
            want = [x["id"] for x in v if x["score"] > 990]
            self.assertEqual(query_cli.array_nodes(len(v)), len(want))
            self.assertEqual([query_cli.array_nodes(n) for n in (990, 991, 1000, 2995)], [0, 1, 10, 25])
            with open(path + ".size") as f:
                self.assertEqual(f.read().split(), [str(300 << 10), str(os.path.getsize(path))])

    def test_records_without_a_compiler(self):
        rows = [rec("jot", None, 1000), rec("yyjson", None, 500)]
        report.set_primary(rows)
        self.assertEqual(report.ratio(report.jot_row(rows, rows[1]), rows[1]), 2.0)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        os.environ["JOT_DATA_DIR"] = sys.argv.pop(1)
    unittest.main(verbosity=1)
