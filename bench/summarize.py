#!/usr/bin/env python3
"""Prints the compact tables of docs/benchmarks.md ("Latest figures") from a
results.json written by `make bench`: one table per workload and unit (NDJSON
has one in MB/s and one in documents/s), one column per dataset (one line per
dataset where datasets outnumber libraries, as the query rows' do), each cell the
median and jot's ratio to that row (above 1: jot is faster; taken against
jot's row of the same C++ build, and for typed rows of the same kind: fresh,
reused, on N threads); "!" marks a row that failed a check. Usage: python3 bench/summarize.py build/release/bench/results.json
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# One definition of units, headings and failed checks for both scripts.
from report import (WORKLOAD_ORDER, has_figures, is_flagged, is_jot, jot_row, label, lower_is_better,  # noqa: E402
                    set_primary, tag, title)


def name(r):
    return label(r) + tag(r)  # a second C++ build's rows and the Rust and Go rows are tagged


def fmt(v):
    return "%.0f" % v if v >= 100 else "%.3g" % v


def text(r, same_dataset, lower):
    """One cell: r's median, and jot's ratio to it (r's rows of its dataset: same_dataset)."""
    if r is None:
        return "-"
    shown = fmt(r["median"]) if has_figures(r) else "-"
    j = jot_row(same_dataset, r)
    if is_jot(r):
        shown = "**%s**" % shown
    elif j is not None and has_figures(j) and has_figures(r):
        shown += " (%.2f)" % (r["median"] / j["median"] if lower else j["median"] / r["median"])
    return shown + (" !" if is_flagged(r) else "")


def table(workload, rows):
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    if len(datasets) > 6 and len(datasets) > len(set(name(r) for r in rows)):
        return transposed(workload, rows, datasets)
    lower = lower_is_better(rows[0])
    by_dataset = {d: [r for r in rows if r["dataset"] == d] for d in datasets}
    libs = list(dict.fromkeys(name(r) for r in rows))
    cell = {(name(r), r["dataset"]): r for r in rows}
    first = datasets[0]

    def order(lib):  # best first on the first dataset; rows without figures last
        r = cell.get((lib, first))
        if r is None or not has_figures(r):
            return float("inf")
        return r["median"] if lower else -r["median"]

    libs.sort(key=order)
    print("#### %s\n" % title(workload, rows[0]["unit"]))
    print("| library | " + " | ".join(datasets) + " |")
    print("| --- |" + " ---: |" * len(datasets))
    for lib in libs:
        cells = [text(cell.get((lib, d)), by_dataset[d], lower) for d in datasets]
        print("| %s | %s |" % ("**%s**" % lib if lib.split(" (")[0].split(" [")[0] == "jot" else lib, " | ".join(cells)))
    print()


def transposed(workload, rows, datasets):
    """Many datasets and few libraries (the query rows: one dataset per query):
    one line per dataset, one column per library."""
    lower = lower_is_better(rows[0])
    libs = list(dict.fromkeys(name(r) for r in rows))
    libs.sort(key=lambda lib: (lib.split(" (")[0].split(" [")[0] != "jot"))
    cell = {(name(r), r["dataset"]): r for r in rows}
    print("#### %s\n" % title(workload, rows[0]["unit"]))
    print("| dataset | " + " | ".join("**%s**" % l if l.startswith("jot") else l for l in libs) + " |")
    print("| --- |" + " ---: |" * len(libs))
    for d in datasets:
        by_dataset = [r for r in rows if r["dataset"] == d]
        cells = [text(cell.get((lib, d)), by_dataset, lower) for lib in libs]
        print("| %s | %s |" % (d, " | ".join(cells)))
    print()


def main(path):
    with open(path, encoding="utf-8") as f:
        records = json.load(f)["records"]
    set_primary(records)
    workloads = WORKLOAD_ORDER + [w for w in dict.fromkeys(r["workload"] for r in records) if w not in WORKLOAD_ORDER]
    for workload in workloads:
        rows = [r for r in records if r["workload"] == workload]
        # One table per unit: a cell holds one figure, and its heading names that figure's unit.
        for unit in dict.fromkeys(r["unit"] for r in rows):
            table(workload, [r for r in rows if r["unit"] == unit])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "build/release/bench/results.json")
