#!/usr/bin/env python3
"""Prints the compact tables of docs/benchmarks.md ("Latest figures") from a
results.json written by `make bench`: one table per workload, one column per
dataset, each cell the median and jot's ratio to that row (above 1: jot is
faster). Usage: python3 bench/summarize.py build/release/bench/results.json
"""
import json
import sys

WORKLOADS = [
    ("dom_parse", "DOM parse (MB/s of input, higher is better)"),
    ("dom_serialize", "DOM serialize, minified (MB/s of output, higher is better)"),
    ("packets", "Packets: parse + scan every string (ns per packet, lower is better)"),
    ("typed_decode", "Typed decode (MB/s of input, higher is better)"),
    ("typed_encode", "Typed encode (MB/s of output, higher is better)"),
    ("ndjson", "NDJSON, one parse per line (MB/s of input, higher is better)"),
]


def name(r):
    n = r["library"] + (" (%s)" % r["variant"] if r.get("variant") else "")
    return n + ("" if r["language"] == "c++" else " [%s]" % r["language"])


def fmt(v):
    return "%.0f" % v if v >= 100 else "%.3g" % v


def main(path):
    records = json.load(open(path))["records"]
    for workload, title in WORKLOADS:
        rows = [r for r in records if r["workload"] == workload]
        if not rows:
            continue
        datasets = list(dict.fromkeys(r["dataset"] for r in rows))
        lower_is_better = rows[0]["unit"].startswith("ns")
        jot = {r["dataset"]: r["median"] for r in rows if r["library"] == "jot" and not r.get("variant")}
        libs = list(dict.fromkeys(name(r) for r in rows))
        cell = {(name(r), r["dataset"]): r for r in rows}
        first = datasets[0]
        libs.sort(key=lambda l: (cell[(l, first)]["median"] * (1 if lower_is_better else -1))
                  if (l, first) in cell else float("inf"))
        print("#### %s\n" % title)
        print("| library | " + " | ".join(datasets) + " |")
        print("| --- |" + " ---: |" * len(datasets))
        for lib in libs:
            cells = []
            for d in datasets:
                r = cell.get((lib, d))
                if r is None:
                    cells.append("-")
                    continue
                text = fmt(r["median"])
                if lib == "jot":
                    text = "**%s**" % text
                elif d in jot and r["median"] > 0:
                    ratio = r["median"] / jot[d] if lower_is_better else jot[d] / r["median"]
                    text += " (%.2f)" % ratio
                if "MISMATCH" in (r.get("note") or "") or "ACCEPTED" in (r.get("note") or ""):
                    text += " !"
                cells.append(text)
            print("| %s | %s |" % ("**jot**" if lib == "jot" else lib, " | ".join(cells)))
        print()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "build/release/bench/results.json")
