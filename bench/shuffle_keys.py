#!/usr/bin/env python3
"""Writes the typed benchmark inputs with the members of every object reordered.

    shuffle_keys.py --data DIR --out DIR [--seed N] [FILE...]

FILE is a path relative to --data (default: the five typed inputs); each result
goes to the same relative path under --out. The members of every object come in
an order drawn from a generator seeded by N and the file's path, so the files
are the same on every machine and Python version, and no object of two or more
members keeps its key sequence. Only members move: every token keeps its bytes
(strings with their escapes, numbers as written) and every stretch of
whitespace stays where it was, so the file keeps its size and layout. Before
a file is written it is parsed back and checked against the input: same values,
object members matched by key, and a new key sequence in every object of two or
more members. Standard library only; bench/run.sh runs it before the runners.
"""
import argparse
import os
import random
import re
import sys

FILES = ["corpus/twitter.json", "corpus/citm_catalog.json", "openrtb/banner.json", "openrtb/video_app.json",
         "rpc/sample.json"]
SEED = 62

WS = re.compile(rb"[ \t\n\r]*")
STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
SCALAR = re.compile(rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null")


class Object:
    """An object as parsed: members[i] = (key token, the text from the key to the
    value, the value); gaps[i] = (whitespace before member i, after it)."""

    def __init__(self, members, gaps, empty_ws):
        self.members, self.gaps, self.empty_ws = members, gaps, empty_ws


class Array:
    def __init__(self, items, gaps, empty_ws):
        self.items, self.gaps, self.empty_ws = items, gaps, empty_ws


def parse(text):
    """(value, leading whitespace, trailing whitespace) of one JSON document."""
    pos = 0

    def ws():
        nonlocal pos
        m = WS.match(text, pos)
        pos = m.end()
        return m.group()

    def fail(what):
        raise ValueError("%s at byte %d" % (what, pos))

    def value():
        nonlocal pos
        c = text[pos:pos + 1]
        if c == b"{" or c == b"[":
            close = b"}" if c == b"{" else b"]"
            pos += 1
            entries, gaps = [], []
            before = ws()
            if text[pos:pos + 1] == close:
                pos += 1
                return (Object if c == b"{" else Array)([], [], before)
            while True:
                start = pos
                if c == b"{":
                    m = STRING.match(text, pos)
                    if not m:
                        fail("expected a key")
                    key, pos = m.group(), m.end()
                    ws()
                    if text[pos:pos + 1] != b":":
                        fail("expected ':'")
                    pos += 1
                    ws()
                    entries.append((key, text[start:pos], value()))
                else:
                    entries.append(value())
                after = ws()
                gaps.append((before, after))
                sep = text[pos:pos + 1]
                pos += 1
                if sep == close:
                    return (Object if c == b"{" else Array)(entries, gaps, b"")
                if sep != b",":
                    fail("expected ',' or a closing bracket")
                before = ws()
        m = STRING.match(text, pos) or SCALAR.match(text, pos)
        if not m:
            fail("unexpected byte")
        pos = m.end()
        return m.group()

    lead = ws()
    v = value()
    trail = ws()
    if pos != len(text):
        fail("trailing content")
    return v, lead, trail


def shuffled(v, rng):
    """The text of v with every object's members reordered (arrays keep their order)."""
    if isinstance(v, Object):
        if not v.members:
            return b"{" + v.empty_ws + b"}"
        order = list(range(len(v.members)))
        keys = [m[0] for m in v.members]
        if len(order) > 1:
            if len(set(keys)) == 1:
                raise ValueError("an object whose %d keys are all %s cannot change its order" % (len(keys), keys[0]))
            while [keys[i] for i in order] == keys:
                rng.shuffle(order)
        parts = [b"{"]
        for slot, i in enumerate(order):
            _, head, value = v.members[i]
            before, after = v.gaps[slot]
            parts += [before, head, shuffled(value, rng), after, b"," if slot + 1 < len(order) else b"}"]
        return b"".join(parts)
    if isinstance(v, Array):
        if not v.items:
            return b"[" + v.empty_ws + b"]"
        parts = [b"["]
        for slot, item in enumerate(v.items):
            before, after = v.gaps[slot]
            parts += [before, shuffled(item, rng), after, b"," if slot + 1 < len(v.items) else b"]"]
        return b"".join(parts)
    return v


def check(a, b, where="$"):
    """Raises unless b holds a's values with every object of 2+ members in a new
    key order; returns how many such objects there are."""
    if isinstance(a, Object):
        if not isinstance(b, Object) or len(a.members) != len(b.members):
            raise ValueError("%s: not the same object" % where)
        ka, kb = [m[0] for m in a.members], [m[0] for m in b.members]
        if sorted(ka) != sorted(kb):
            raise ValueError("%s: not the same keys" % where)
        if len(ka) > 1 and ka == kb:
            raise ValueError("%s: the members kept their order" % where)
        n = 1 if len(ka) > 1 else 0
        # Keys are matched in order of appearance, so repeated keys pair up too.
        rest = list(b.members)
        for key, _, value in a.members:
            j = next(j for j, m in enumerate(rest) if m[0] == key)
            n += check(value, rest.pop(j)[2], where + "/" + key.decode("utf-8", "replace").strip('"'))
        return n
    if isinstance(a, Array):
        if not isinstance(b, Array) or len(a.items) != len(b.items):
            raise ValueError("%s: not the same array" % where)
        return sum(check(x, y, "%s/%d" % (where, i)) for i, (x, y) in enumerate(zip(a.items, b.items)))
    if a != b:
        raise ValueError("%s: token %r became %r" % (where, a[:40], b[:40]))
    return 0


def shuffle_file(data, out, rel, seed):
    with open(os.path.join(data, rel), "rb") as f:
        text = f.read()
    v, lead, trail = parse(text)
    rng = random.Random("%d:%s" % (seed, rel))  # string seeds hash the same in every Python 3
    result = lead + shuffled(v, rng) + trail
    w, _, _ = parse(result)
    reordered = check(v, w)
    if len(result) != len(text):
        raise ValueError("the size changed: %d -> %d bytes" % (len(text), len(result)))
    dest = os.path.join(out, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest + ".part", "wb") as f:
        f.write(result)
    os.replace(dest + ".part", dest)
    return reordered


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("files", nargs="*", default=FILES)
    a = ap.parse_args()
    for rel in a.files:
        try:
            n = shuffle_file(a.data, a.out, rel, a.seed)
        except (OSError, ValueError) as e:
            print("shuffle_keys.py: %s: %s" % (rel, e), file=sys.stderr)
            return 1
        if not a.quiet:
            print("shuffle_keys.py: %s: %d objects reordered" % (rel, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
