#!/usr/bin/env python3
"""Checks the benchmark's Python scripts: shuffle_keys.py (every object of two
or more members reordered, every token and whitespace run kept, the same bytes
every run, its check catching an object left in order). `make test` runs it (bench/bench.mk);
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


if __name__ == "__main__":
    if len(sys.argv) > 1:
        os.environ["JOT_DATA_DIR"] = sys.argv.pop(1)
    unittest.main(verbosity=1)
