#!/usr/bin/env python3
"""Compile cost of typed mapping, per C++ library: wall time and object size of
the translation unit that decodes and encodes the OpenRTB schema.

Every benchmark adapter with typed rows (one that calls set_typed_codecs) is
compiled with the benchmark's own command, taken from the compile_commands.json
of a bench build (same compiler, flags, include paths and standard; glaze's
unit is C++23), twice: with no typed schema (-DJOT_BENCH_TYPED_SCHEMAS=0) and
with the OpenRTB decoder and encoder only (=1, bench/runner/bench.h). The first
is the library's headers and the adapter's other rows; the difference is what
OpenRTB's typed code costs. Each compile runs alone, --runs times (default 3);
the fastest wall time is reported (the machine may be shared).

jot's unit (bench/adapters/jot_typed.cpp, compiled with jot.cpp's flags when the
build has no JOT_BENCH_TYPED) is measured only when it links against libjot:
jot/typed.h declares jot::read and jot::write, and until their definitions
land the row is skipped with a message.

Usage: bench/typed/compile_cost.py [--build build/release] [--runs 3] [--json FILE]
(`make bench-compile` configures and builds what it needs first.)
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADAPTERS = os.path.join(ROOT, "bench", "adapters")


def load_commands(build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except OSError:
        sys.exit("compile_cost: %s not found: configure the bench first (make bench-compile does)" % path)
    return {os.path.realpath(e["file"]): e for e in entries}


def typed_adapters(commands):
    """(name, source, directory, argv) per adapter with typed rows; jot_typed.cpp
    borrows jot.cpp's command when the build does not compile it."""
    out = []
    for name in sorted(os.listdir(ADAPTERS)):
        src = os.path.realpath(os.path.join(ADAPTERS, name))
        if not name.endswith(".cpp"):
            continue
        with open(src, encoding="utf-8") as f:
            if "set_typed_codecs(" not in f.read():
                continue
        entry = commands.get(src)
        if entry is None and name == "jot_typed.cpp":
            entry = dict(commands.get(os.path.realpath(os.path.join(ADAPTERS, "jot.cpp"))) or {})
            if entry:
                entry["command"] = entry["command"].replace(entry["file"], src)
        if not entry:
            print("compile_cost: %s is not in this build (its peer was not found); skipped" % name)
            continue
        argv = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        out.append((name[:-len(".cpp")], src, entry["directory"], argv))
    return out


def with_output(argv, obj, schemas):
    """The compile command writing obj, with JOT_BENCH_TYPED_SCHEMAS=schemas."""
    cmd, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        cmd.append(a)
    return cmd + ["-DJOT_BENCH_TYPED_SCHEMAS=%d" % schemas, "-Wno-unused-function", "-o", obj]


def measure(directory, cmd, runs):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run(cmd, cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        el = time.perf_counter() - t
        if r.returncode != 0:
            raise RuntimeError(r.stdout[-2000:])
        best = el if best is None else min(best, el)
    return best


def find_libjot(build):
    for name in ("libjot.a", "libjot.so"):
        p = os.path.join(build, name)
        if os.path.exists(p):
            return p
    return None


def jot_links(build, directory, argv, obj):
    """None when the OpenRTB unit links against libjot, else why not."""
    lib = find_libjot(build)
    if lib is None:
        return "libjot not built in %s" % build
    compiler = argv[0]
    with tempfile.TemporaryDirectory() as tmp:
        stub = os.path.join(tmp, "main.cpp")
        with open(stub, "w", encoding="utf-8") as f:
            f.write("int main() { return 0; }\n")
        r = subprocess.run([compiler, "-std=c++20", stub, obj, lib, "-pthread", "-o", os.path.join(tmp, "a.out")],
                           cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode == 0:
        return None
    undefined = [l for l in r.stdout.splitlines() if "undefined reference" in l]
    return (undefined[0].split("undefined reference to", 1)[1].strip() if undefined else r.stdout.strip()[-300:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "release"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", help="also write the rows to this file")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    adapters = typed_adapters(load_commands(build))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, src, directory, argv in adapters:
            base_o, rtb_o = os.path.join(tmp, name + ".0.o"), os.path.join(tmp, name + ".1.o")
            try:
                # OpenRTB first: for jot, a unit that cannot link is not measured.
                subprocess.run(with_output(argv, rtb_o, 1), cwd=directory, check=True, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            except subprocess.CalledProcessError as e:
                print("compile_cost: %s does not compile:\n%s" % (name, e.stdout.decode(errors="replace")[-2000:]))
                continue
            if name == "jot_typed":
                why = jot_links(build, directory, argv, rtb_o)
                if why:
                    print("compile_cost: jot skipped: its typed API does not link yet (undefined: %s)" % why)
                    rows.append({"adapter": name, "skipped": "jot::read / jot::write do not link yet"})
                    continue
            print("compile_cost: %s (%d runs each)" % (name, args.runs), flush=True)
            t0 = measure(directory, with_output(argv, base_o, 0), args.runs)
            t1 = measure(directory, with_output(argv, rtb_o, 1), args.runs)
            rows.append({"adapter": name, "compile_s_without": round(t0, 2), "compile_s_openrtb": round(t1, 2),
                         "object_bytes_without": os.path.getsize(base_o),
                         "object_bytes_openrtb": os.path.getsize(rtb_o)})
    if not adapters:
        return
    compiler = subprocess.run([adapters[0][3][0], "--version"], stdout=subprocess.PIPE, text=True).stdout
    print("\nOpenRTB typed decode + encode: compile wall time (best of %d) and object size, %s\n" %
          (args.runs, compiler.splitlines()[0] if compiler else adapters[0][3][0]))
    print("| adapter | compile, no typed code | compile, OpenRTB | OpenRTB adds "
          "| .o, no typed code | .o, OpenRTB | OpenRTB adds |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        if "skipped" in r:
            print("| %s | %s | | | | | |" % (r["adapter"], r["skipped"]))
            continue
        t0, t1 = r["compile_s_without"], r["compile_s_openrtb"]
        b0, b1 = r["object_bytes_without"], r["object_bytes_openrtb"]
        print("| %s | %.2f s | %.2f s | %.2f s | %d | %d | %d |" % (r["adapter"], t0, t1, t1 - t0, b0, b1, b1 - b0))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"runs": args.runs, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
