#!/usr/bin/env python3
"""The query_cli rows: `jot query` against jq, each timed as a whole command
(start, read the file, parse, query, print the nodelist as one compact JSON
array to /dev/null, exit) on the queries of bench/queries.tsv.

    query_cli.py --jot PATH --data DIR --out FILE [--quick] [--queries FILE] [--array PATH]

jq runs `jq -c '[PROGRAM]' FILE` with the tsv's jq program, so that both print
one array. Before timing, each command runs once and its output is parsed: its
node count must be the tsv's, else the row gets no figures and its note says
COUNT MISMATCH. Time: the median (fastest, slowest) of REPS runs of each
command, interleaved, wall clock in ms. Peak memory: the child's peak RSS
(ru_maxrss) from one run under /usr/bin/time, which forks from its own small
process (a child forked from this Python process would carry Python's peak
into its own at exec). Writes {"meta": ..., "records": [...]} as the runners
do (bench/report.py); records have language "cli". Standard library only.

With --array, one more row: a filter over the stream row's 128 MiB array of
small objects (bench/runner/stream_row.cpp; written at PATH in its format when
missing), `$[?@.score > 990].id`, by `jot query --stream` (an element at a
time through a window), `jot query` (the whole document), `jq` and `jq -n
--stream` with fromstream (jq's way to read a large array in bounded memory;
it runs once, as it takes minutes). Each run is timed under /usr/bin/time,
which gives its peak RSS too (the largest of the runs).
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


ARRAY_SIZE = 128 << 20
ARRAY_QUERY = "$[?@.score > 990].id"
ARRAY_JQ = "[.[] | select(.score > 990) | .id]"
ARRAY_JQ_STREAM = "[fromstream(1|truncate_stream(inputs)) | select(.score > 990) | .id]"


def write_array(path, size):
    """The stream row's array (make_stream_file in bench/runner/stream_row.cpp):
    elements {"id":N,"name":"item N","tags":["a","b"],"score":N%1000.5,"ok":...},
    one per line, until size bytes; the .size file beside it says it is whole."""
    written, n, block = 0, 0, []
    with open(path, "wb") as f:
        while written < size:
            item = ('%s{"id":%d,"name":"item %d","tags":["a","b"],"score":%d.5,"ok":%s}' % (
                "[\n" if n == 0 else ",\n", n, n, n % 1000, "true" if n % 3 else "false")).encode()
            block.append(item)
            written += len(item)
            n += 1
            if written >= size:
                block.append(b"\n]\n")
                written += 3
            if len(block) >= 16384 or written >= size:
                f.write(b"".join(block))
                block = []
    with open(path + ".size", "w") as f:
        f.write("%d %d\n" % (size, written))


def array_elements(path):
    """The elements of an array written by write_array (one per line)."""
    n = 0
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            n += chunk.count(b"\n{")
    return n


def array_nodes(elements):
    """The nodes ARRAY_QUERY selects in an array of that many elements: ids
    whose score, id % 1000 + 0.5, is above 990."""
    return elements // 1000 * 10 + max(0, elements % 1000 - 990)


def run_timed(argv, out_path):
    """One run under /usr/bin/time, stdout to out_path: (ms, peak RSS kB), or None when it fails."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as f, open(out_path, "wb") as out:
        t = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", f.name] + argv, stdout=out, stderr=subprocess.DEVNULL)
        ms = (time.perf_counter() - t) * 1e3
        try:
            return (ms, int(f.read().split()[-1])) if r.returncode == 0 else None
        except (ValueError, IndexError):
            return None


def array_rows(jot, path, reps, versions, have_jq):
    """The records of the array row: each command's time and peak RSS."""
    if not os.path.isfile(path):
        print("  writing the 128 MiB array %s" % path, file=sys.stderr)
        write_array(path, ARRAY_SIZE)
    nodes = array_nodes(array_elements(path))
    cmds = [("jot", "CLI, --stream: an element at a time", [jot, "query", "--stream", ARRAY_QUERY, path], reps),
            ("jot", "CLI, whole document", [jot, "query", ARRAY_QUERY, path], reps)]
    if have_jq:
        cmds += [("jq", "CLI, whole document", ["jq", "-c", ARRAY_JQ, path], reps),
                 ("jq", "CLI, --stream with fromstream, 1 run", ["jq", "-cn", "--stream", ARRAY_JQ_STREAM, path], 1)]
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, "out.json")
        times, rss, counts = [[] for _ in cmds], [None] * len(cmds), [None] * len(cmds)
        for rep in range(reps):  # interleaved; the first run of each is checked
            for i, (_, _, argv, runs) in enumerate(cmds):
                if rep >= runs or (rep > 0 and counts[i] != nodes):
                    continue
                got = run_timed(argv, out_path)
                if got is None:
                    continue
                if rep == 0:
                    try:
                        with open(out_path, "rb") as f:
                            v = json.loads(f.read())
                        counts[i] = len(v) if isinstance(v, list) else None
                    except ValueError:
                        counts[i] = None
                    if counts[i] != nodes:
                        continue
                times[i].append(got[0])
                rss[i] = max(rss[i] or 0, got[1])
        for i, (lib, variant, argv, _) in enumerate(cmds):
            shown = ARRAY_QUERY if lib == "jot" else argv[-2]
            if counts[i] is None:
                note, kb = "FAILED; " + shown, None
            elif counts[i] != nodes:
                note, kb = "COUNT MISMATCH (%d nodes, expected %d); %s" % (counts[i], nodes, shown), None
            else:
                kb = rss[i]
                note = "%d nodes, peak RSS %.1f MB; %s" % (nodes, kb / 1024, shown)
            r = record("array_128mb: filter", lib, versions.get(lib, "?"), times[i] if counts[i] == nodes else [],
                       kb, note)
            r["variant"] = variant
            records.append(r)
            print("  %-10s %-26s %-5s %10s ms  %s (%s)" % ("query_cli", "array_128mb: filter", lib,
                                                           "%.1f" % r["median"] if r["reps"] else "-", note, variant),
                  file=sys.stderr)
    return records


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jot", required=True, help="the jot command-line tool")
    ap.add_argument("--data", required=True, help="the shared data directory")
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--queries", default=os.path.join(HERE, "queries.tsv"))
    ap.add_argument("--array", help="the 128 MiB array of the stream row (written there when missing)")
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
    if a.array:
        if os.access("/usr/bin/time", os.X_OK):
            records += array_rows(a.jot, a.array, reps, versions, have_jq)
        else:
            print("note: /usr/bin/time not found; the array row skipped", file=sys.stderr)
    meta = {"language": "cli", "quick": a.quick, "reps": reps, "versions": versions,
            "timing": "wall clock of the whole command (Python's subprocess), output to /dev/null",
            "peak_rss": "ru_maxrss of one run under /usr/bin/time -f %M"}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "records": records}, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
