#!/usr/bin/env python3
"""The query_cli rows: `jot query` against jq, each timed as a whole command
(start, read the file, parse, query, print the nodelist as one compact JSON
array to /dev/null, exit) on the queries of bench/queries.tsv.

    query_cli.py --jot PATH --data DIR --out FILE [--quick] [--queries FILE]

jq runs `jq -c '[PROGRAM]' FILE` with the tsv's jq program, so that both print
one array. Before timing, each command runs once and its output is parsed: its
node count must be the tsv's, else the row gets no figures and its note says
COUNT MISMATCH. Time: the median (fastest, slowest) of REPS runs of each
command, interleaved, wall clock in ms. Peak memory: the child's peak RSS
(ru_maxrss) from one run under /usr/bin/time, which forks from its own small
process (a child forked from this Python process would carry Python's peak
into its own at exec). Writes {"meta": ..., "records": [...]} as the runners
do (bench/report.py); records have language "cli". Standard library only.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def read_queries(path):
    """(dataset, file, kind, nodes, jsonpath, jq) for each line of bench/queries.tsv."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) >= 6:
                rows.append((cols[0], cols[1], cols[2], int(cols[3]), cols[4], cols[5]))
    return rows


def commands(jot, jsonpath, jq, path):
    """The two commands of one row: (library, argv)."""
    return [("jot", [jot, "query", jsonpath, path]), ("jq", ["jq", "-c", "[" + jq + "]", path])]


def count(argv):
    """The number of nodes the command prints (one JSON array), or None when it fails."""
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        return None
    try:
        v = json.loads(r.stdout)
    except ValueError:
        return None
    return len(v) if isinstance(v, list) else None


def wall_ms(argv):
    t = time.perf_counter()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ms = (time.perf_counter() - t) * 1e3
    return ms if r.returncode == 0 else None


def peak_rss_kb(argv):
    """The command's peak RSS in kB through /usr/bin/time, or None."""
    if not os.access("/usr/bin/time", os.X_OK):
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as f:
        r = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", f.name] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            return int(f.read().split()[-1]) if r.returncode == 0 else None
        except (ValueError, IndexError):
            return None


def version(argv):
    try:
        r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError:
        return "?"
    return r.stdout.strip().split()[-1].lstrip("jq-") if r.stdout.strip() else "?"


def record(dataset, library, ver, times, rss, note):
    ok = bool(times)
    s = sorted(times)
    return {"workload": "query_cli", "dataset": dataset, "library": library, "language": "cli", "version": ver,
            "variant": "CLI, whole command", "metric": "latency", "unit": "ms/op",
            "median": round(statistics.median(s), 3) if ok else 0, "min": round(s[0], 3) if ok else 0,
            "max": round(s[-1], 3) if ok else 0, "allocs_per_op": None, "bytes_per_op": None,
            "peak_rss_kb": rss, "peak_heap_bytes": None, "reps": len(s), "iters_per_rep": 1, "note": note}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jot", required=True, help="the jot command-line tool")
    ap.add_argument("--data", required=True, help="the shared data directory")
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--queries", default=os.path.join(HERE, "queries.tsv"))
    a = ap.parse_args()
    if not os.access(a.jot, os.X_OK):
        print("note: %s not built; query_cli rows skipped" % a.jot, file=sys.stderr)
        return 0
    have_jq = shutil.which("jq") is not None
    if not have_jq:
        print("note: jq not found (apt-get install jq); its query_cli rows skipped", file=sys.stderr)
    reps = 3 if a.quick else 7
    versions = {"jot": version([a.jot, "--version"])}
    if have_jq:
        versions["jq"] = version(["jq", "--version"])
    records = []
    for dataset, rel, kind, nodes, jsonpath, jq in read_queries(a.queries):
        path = os.path.join(a.data, rel)
        label = "%s: %s" % (dataset, kind)
        cmds = [c for c in commands(a.jot, jsonpath, jq, path) if have_jq or c[0] != "jq"]
        counts = [count(argv) for _, argv in cmds]
        times = [[] for _ in cmds]
        runnable = [n == nodes for n in counts]
        for _ in range(reps):  # interleaved: a slow spell of the machine hits both
            for i, (_, argv) in enumerate(cmds):
                if runnable[i]:
                    ms = wall_ms(argv)
                    if ms is not None:
                        times[i].append(ms)
        for i, (lib, argv) in enumerate(cmds):
            shown = jsonpath if lib == "jot" else "[" + jq + "]"
            if counts[i] is None:
                note, rss = "REJECTS THE QUERY; " + shown, None
            elif not runnable[i]:
                note, rss = "COUNT MISMATCH (%d nodes, expected %d); %s" % (counts[i], nodes, shown), None
            else:
                rss = peak_rss_kb(argv)
                note = "%d nodes, peak RSS %s; %s" % (counts[i], "?" if rss is None else "%.1f MB" % (rss / 1024),
                                                      shown)
            r = record(label, lib, versions.get(lib, "?"), times[i] if runnable[i] else [], rss, note)
            records.append(r)
            print("  %-10s %-26s %-5s %10s ms  %s" % ("query_cli", label, lib,
                                                      "%.2f" % r["median"] if r["reps"] else "-", note),
                  file=sys.stderr)
    meta = {"language": "cli", "quick": a.quick, "reps": reps, "versions": versions,
            "timing": "wall clock of the whole command (Python's subprocess), output to /dev/null",
            "peak_rss": "ru_maxrss of one run under /usr/bin/time -f %M"}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "records": records}, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
