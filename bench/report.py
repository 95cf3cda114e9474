#!/usr/bin/env python3
"""Merges the runners' outputs into results.json, results.md and one SVG chart per workload.

    report.py --out DIR [--build DIR] [--title TEXT] RAW.json...

Each RAW.json is {"meta": {...}, "records": [...]} as printed by jot_bench
(one per C++ build: GCC, clang with libc++), jot-bench-rs and jot-bench-go.
results.json keeps the records as a list under "records" and puts every
runner's metadata under "meta" (docs/benchmarks.md). A C++ record names its
build in "compiler"; jot's ratio to a C++ row is always taken against jot's row
of the same build, and the Rust and Go rows are compared with the first C++
runner given (bench/run.sh gives the GCC one first). Standard library only.
"""
import argparse
import json
import os
import platform
import re
import sys
from collections import OrderedDict
from xml.sax.saxutils import escape

WORKLOAD_ORDER = ["dom_parse", "dom_serialize", "packets", "typed_decode", "typed_encode", "ndjson", "build", "patch", "stream", "query",
                  "query_cli"]
WORKLOAD_NAME = {
    "dom_parse": "DOM parse",
    "dom_serialize": "DOM serialize, minified",
    "packets": "Packets: parse + scan every string",
    "typed_decode": "Typed decode",
    "typed_encode": "Typed encode",
    "ndjson": "NDJSON, one parse per line",
    "build": "Build from C++ values + serialize",
    "patch": "JSON Patch, 10 operations",
    "stream": "Stream: elements of a 1 GiB array, peak RSS in the notes",
    "query": "JSONPath query on a parsed DOM (compile + evaluate)",
    "query_cli": "Query CLI, whole command (jot query, jq), peak RSS in the notes",
}
OUTPUT_WORKLOADS = ("dom_serialize", "typed_encode", "build")  # their MB/s count output bytes
# Every note a runner writes when a check fails (bench/runner/main.cpp,
# bench/runner/edit_rows.cpp, bench/rust/src, bench/go): ROUND TRIP / DECODE /
# ENCODE / OUTPUT / SIZE MISMATCH,
# REJECTS A VALID PACKET, ACCEPTS THE INVALID PACKET, REJECTS THE INPUT (a
# corpus file; the row has no figures), DECODE FAILS; the query rows'
# (bench/runner/query_rows.cpp, bench/query_cli.py) COUNT MISMATCH, REJECTS THE QUERY.
CHECK_FAILED = re.compile(r"MISMATCH|ACCEPTS|REJECTS|FAILS")
LANG_COLOR = {"c++": "#4f7fc7", "rust": "#9775c9", "go": "#3aa88f"}
JOT_COLOR = "#e8590c"


def label(r):
    v = r.get("variant") or ""
    return r["library"] + (" (" + v + ")" if v else "")


def build(r):
    """The runner a record comes from: its C++ compiler and standard library
    ("GCC 12.2.0 + libstdc++ 12"), else its language."""
    return r.get("compiler") or r["language"]


def short_build(b):
    """"clang 19.1.7 + libc++ 19.1" -> "clang 19 + libc++"; a language stays as it is."""
    m = re.match(r"(\S+) (\d+)[.\d]* \+ (\S+)", b)
    return "%s %s + %s" % m.groups() if m else b


# The C++ build whose jot the Rust and Go rows are compared with: the first one
# loaded (set_primary).
PRIMARY = [None]


def set_primary(records):
    PRIMARY[0] = next((build(r) for r in records if r["language"] == "c++"), None)


def tag(r):
    """What follows a row's label to name its runner: nothing for the first C++
    build, the build for another, the language for Rust and Go."""
    b = build(r)
    return "" if b == PRIMARY[0] else " [%s]" % short_build(b)


def lower_is_better(r):
    return r["metric"] == "latency"


def title(workload, unit):
    """A heading whose unit is the one the records carry, so that a table of
    docs/s is never headed MB/s."""
    if unit == "MB/s":
        what = "MB/s of output" if workload in OUTPUT_WORKLOADS else "MB/s of input"
    elif unit == "ns/op":
        what = "ns per packet" if workload == "packets" else "ns per operation"
    elif unit == "ms/op":
        what = "ms per command"
    elif unit == "docs/s":
        what = "documents/s"
    else:
        what = unit
    better = "lower is better" if unit.endswith("/op") else "higher is better"
    return "%s (%s, %s)" % (WORKLOAD_NAME.get(workload, workload), what, better)


def is_jot(r):
    return r["library"] == "jot"


def is_flagged(r):
    return bool(CHECK_FAILED.search(r.get("note") or ""))


def has_figures(r):
    """False for the record of a library that failed its check before timing."""
    return r.get("reps", 1) != 0 and r["median"] > 0


def load(paths):
    meta, records = OrderedDict(), []
    for p in paths:
        try:
            with open(p, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print("report.py: skipping %s: %s" % (p, e), file=sys.stderr)
            continue
        m = doc.get("meta", {})
        key = m.get("language", os.path.basename(p))
        if key == "c++" and m.get("toolchain"):
            key = "c++ " + m["toolchain"]
        meta[key] = m
        records.extend(doc.get("records", []))
    set_primary(records)
    return meta, records


def cpu_features():
    """The SIMD extensions that matter to JSON parsers, from /proc/cpuinfo."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("flags"):
                    have = set(line.split(":", 1)[1].split())
                    # /proc/cpuinfo's spelling; simdjson's icelake kernel needs avx512_vbmi2.
                    return [x for x in ("sse4_2", "avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi",
                                        "avx512_vbmi2") if x in have]
    except OSError:
        pass
    return []


def adapter_costs(build):
    """Compile seconds (from .ninja_log) and object size of each bench adapter."""
    out = []
    if not build:
        return out
    objdir = os.path.join(build, "bench", "CMakeFiles", "jot_bench.dir", "adapters")
    times = {}
    log = os.path.join(build, ".ninja_log")
    if os.path.exists(log):
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 4 and "/adapters/" in parts[3] and parts[3].endswith(".o"):
                    times[os.path.basename(parts[3])] = (int(parts[1]) - int(parts[0])) / 1000.0
    if os.path.isdir(objdir):
        for name in sorted(os.listdir(objdir)):
            if name.endswith(".o"):
                out.append({"adapter": name[:-len(".cpp.o")] if name.endswith(".cpp.o") else name,
                            "object_bytes": os.path.getsize(os.path.join(objdir, name)),
                            "compile_s": times.get(name)})
    return out


def groups(records):
    """(workload, dataset, metric) -> records, in a stable, readable order."""
    g = OrderedDict()
    key = lambda r: (WORKLOAD_ORDER.index(r["workload"]) if r["workload"] in WORKLOAD_ORDER else 99,)
    for r in sorted(records, key=key):
        g.setdefault((r["workload"], r["dataset"], r["metric"]), []).append(r)
    for rows in g.values():  # best first; rows without figures last
        lower = lower_is_better(rows[0])
        rows.sort(key=lambda r: (not has_figures(r), r["median"] if lower else -r["median"]))
    return g


def kind(r):
    """How a row used its library, so that like is compared with like: the
    typed rows of every library (jot's included) come as "fresh", "reused" and
    "..., N threads" variants (or "N threads kept between calls")."""
    v = (r.get("variant") or "").split(", ")
    return ("fresh" in v, any(x.endswith(" threads") or " threads " in x for x in v))


def jot_row(rows, r=None):
    """jot's row that r (a row of the same group) is compared with: one of r's
    build (a Rust or Go row: the first C++ build's, unless jot has a row of
    r's own runner, as the query_cli rows do), one of r's kind when jot has
    one, and among those jot's default row (no variant), then its typed rows,
    then its other variants (a 4 KB buffer, views)."""
    want = PRIMARY[0] if r is None or r["language"] != "c++" else build(r)
    if r is not None and r["language"] != "c++" and any(is_jot(x) and build(x) == build(r) for x in rows):
        want = build(r)
    jots = [x for x in rows if is_jot(x) and build(x) == want]
    if not jots:
        return None

    def rank(x):
        v = x.get("variant") or ""
        return (r is not None and kind(x) != kind(r), 0 if not v else 1 if v.startswith("typed") else 2)

    return min(jots, key=rank)


def ratio(j, r):
    """jot's advantage over r: above 1 means jot is faster."""
    if not j or not has_figures(r) or not has_figures(j):
        return None
    return r["median"] / j["median"] if lower_is_better(r) else j["median"] / r["median"]


def fmt(x):
    if x is None:
        return "-"
    if x >= 1000:
        return "%.0f" % x
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    return "%.2f" % x


def fmt_bytes(b):
    if b is None:
        return "-"
    if b >= 1 << 20:
        return "%.1f MB" % (b / (1 << 20))
    if b >= 1 << 10:
        return "%.1f KB" % (b / (1 << 10))
    return "%.0f B" % b


def cpp_builds(records):
    """The C++ builds of the records, the first loaded (PRIMARY) first."""
    found = OrderedDict.fromkeys(build(r) for r in records if r["language"] == "c++")
    return [PRIMARY[0]] + [b for b in found if b != PRIMARY[0]]


def best_peer(rows, b):
    """(jot's ratio, the row) for the peer row of build b that jot trails most
    (or leads least), like for like (jot_row); None when there is none. Rows
    that failed a check are left out."""
    best = None
    for r in rows:
        if is_jot(r) or build(r) != b or is_flagged(r):
            continue
        x = ratio(jot_row(rows, r), r)
        if x is not None and (best is None or x < best[0]):
            best = (x, r)
    return best


def side_by_side(rows, builds):
    """One line per library and variant, one column per C++ build: "median
    (jot's ratio within that build)"; Rust and Go rows sit in the first
    column, compared with that build's jot."""
    cells = OrderedDict()
    for r in sorted(rows, key=lambda r: (builds.index(build(r)) if build(r) in builds else len(builds))):
        col = builds.index(build(r)) if build(r) in builds else 0
        name = label(r) + ("" if r["language"] == "c++" else " [%s]" % r["language"])
        cells.setdefault(name, [None] * len(builds))[col] = r
    L = ["| library | " + " | ".join(short_build(b) for b in builds) + " |", "| --- |" + " ---: |" * len(builds)]
    for name, per in cells.items():
        first = next(r for r in per if r)
        out = []
        for r in per:
            if r is None:
                out.append("")
                continue
            x = ratio(jot_row(rows, r), r)
            c = fmt(r["median"]) if has_figures(r) else "-"
            c = "**%s**" % c if is_jot(r) else c + ("" if x is None else " (%.2f)" % x)
            if r["version"] != first["version"]:
                c += ", %s" % r["version"]
            out.append(c + (" !" if is_flagged(r) else ""))
        shown = "**%s**" % name if is_jot(first) else name
        L.append("| %s%s | %s |" % ("! " if any(r and is_flagged(r) for r in per) else "", shown, " | ".join(out)))
    return L


def overview(g, builds):
    """A markdown table: per workload and dataset, per C++ build, jot's ratio
    to the peer row it trails most (best_peer) and that row's label."""
    L = ["| workload | dataset | " + " | ".join(short_build(b) for b in builds) + " |",
         "| --- | --- |" + " --- |" * len(builds)]
    for (w, d, m), rows in g.items():
        if m == "docs_per_s":
            continue
        cells = []
        # A group without C++ rows (the query_cli rows: jot's CLI against jq)
        # shows its own runner's comparison in the first column.
        own = None if any(r["language"] == "c++" for r in rows) else build(rows[0])
        for i, b in enumerate(builds):
            best = best_peer(rows, own if own and i == 0 else b)
            cells.append("-" if best is None else "%.2f %s" % (best[0], label(best[1])))
        L.append("| %s | %s | %s |" % (w, d, " | ".join(cells)))
    return L


def write_md(path, meta, g, costs, title):
    L = ["# %s" % title, ""]
    cpps = [m for k, m in meta.items() if k.startswith("c++")]
    cpp = cpps[0] if cpps else {}
    L.append("Machine: %s (%s), %s threads. %s" % (
        cpp.get("cpu", platform.processor() or "unknown CPU"), " ".join(cpu_features()), cpp.get("threads", "?"),
        "Quick mode (fewer, shorter repetitions)." if cpp.get("quick") else ""))
    for m in cpps:
        L.append("C++: %s (%s), `%s`; %s." % (m.get("toolchain", "?"), m.get("compiler", "?"), m.get("flags", "?"),
                                             ", ".join("%s %s" % kv for kv in m.get("versions", {}).items())))
    for lang in ("rust", "go"):
        if lang in meta:
            L.append("%s: %s, %s." % (lang.capitalize(), meta[lang].get("compiler", "?"), meta[lang].get("flags", "?")))
    records = [r for rows in g.values() for r in rows]
    builds = cpp_builds(records)
    L += ["", "Each row: median of %s interleaved repetitions (min-max beside it). **jot x** is jot's ratio to that "
          "row: above 1 means jot is faster; it is taken within one C++ build (jot and the peer compiled by the "
          "same compiler against the same standard library); Rust and Go rows are compared with the %s build's "
          "jot. Rows marked **!** failed a check (see note). allocs/op and alloc "
          "bytes/op are counted in the steady state (state reused); peak heap is the most live heap while one "
          "operation runs on a fresh state, alone in a forked process (C++ only; peak_rss_kb in results.json "
          "is the whole process's)." % (cpp.get("reps", 5), short_build(builds[0] or "first")), ""]
    L += ["## jot ÷ the peer it trails most, per build", "",
          "Like for like (fresh with fresh, reused with reused, threads with threads); rows that failed a check "
          "are left out.", ""] + overview(g, builds) + [""]
    for (w, d, m), rows in g.items():
        unit = rows[0]["unit"]
        L.append("## %s: %s (%s)" % (w, d, unit))
        L.append("")
        if len(builds) > 1:
            L += side_by_side(rows, builds) + [""]
        L.append("| library | build | version | median | min-max | jot x | allocs/op | alloc bytes/op | peak heap | note |")
        L.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
        for r in rows:
            j = jot_row(rows, r)
            x = ratio(j, r)
            name = ("**%s**" % label(r)) if is_jot(r) else label(r)
            if is_flagged(r):
                name = "! " + name
            figs = (fmt(r["median"]), fmt(r["min"]), fmt(r["max"])) if has_figures(r) else ("-", "-", "-")
            L.append("| %s | %s | %s | %s | %s-%s | %s | %s | %s | %s | %s |" % (
                name, short_build(build(r)), r["version"], figs[0], figs[1], figs[2],
                "-" if (x is None or is_jot(r)) else "%.2f" % x, fmt(r.get("allocs_per_op")),
                fmt_bytes(r.get("bytes_per_op")),
                fmt_bytes(r.get("peak_heap_bytes")),
                (r.get("note") or "").replace("|", "/")))
        L.append("")
    if costs:
        L += ["## Adapter build cost", "", "| adapter | compile (s) | object size |", "| --- | ---: | ---: |"]
        for c in costs:
            L.append("| %s | %s | %s |" % (c["adapter"], "-" if c["compile_s"] is None else "%.1f" % c["compile_s"],
                                          fmt_bytes(c["object_bytes"])))
        L.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(L))


def svg_chart(path, workload, panels):
    """One chart per workload: a panel of horizontal bars per dataset, best first."""
    names = [label(r) + tag(r) for _, rows in panels for r in rows]
    LW = max(160, 7 * max(len(n) for n in names) + 16)  # label column (about 7 px per character)
    W, RW = LW + 640, 150  # width, value column
    BH, GAP = 20, 6
    y = 58
    parts = []
    for (d, m), rows in panels:
        rows = [r for r in rows if has_figures(r)]
        if not rows:
            continue
        unit = rows[0]["unit"]
        vmax = max(max(r["max"], r["median"]) for r in rows)
        parts.append('<text x="16" y="%d" class="panel">%s <tspan class="unit">%s</tspan></text>' % (
            y + 14, escape(d), escape(unit + (", lower is better" if lower_is_better(rows[0]) else ""))))
        y += 26
        bw = W - LW - RW - 16
        for r in rows:
            j = jot_row(rows, r)
            jot = is_jot(r)
            color = JOT_COLOR if jot else LANG_COLOR.get(r["language"], "#888")
            wv = max(1.0, bw * r["median"] / vmax)
            lo, hi = sorted((r["min"], r["max"]))
            name = label(r) + tag(r)
            if is_flagged(r):
                name = "! " + name
            cls = "lab jot" if jot else ("lab bad" if is_flagged(r) else "lab")
            parts.append('<text x="%d" y="%d" class="%s" text-anchor="end">%s</text>' % (
                LW - 8, y + BH - 6, cls, escape(name)))
            parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s" rx="2"%s/>' % (
                LW, y, wv, BH, color, ' stroke="#7a2e00" stroke-width="1.5"' if jot else ""))
            parts.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" class="whisk"/>' % (
                LW + bw * lo / vmax, LW + bw * hi / vmax, y + BH // 2, y + BH // 2))
            parts.append('<text x="%.1f" y="%d" class="%s">%s</text>' % (
                LW + max(wv, bw * hi / vmax) + 6, y + BH - 6, "val jot" if jot else "val", fmt(r["median"]) +
                ("" if ratio(j, r) is None or jot else
                 ' <tspan class="ratio">jot %.2f\u00d7</tspan>' % ratio(j, r))))
            y += BH + GAP
        y += 14
    legend = []
    lx = 16
    for name, color in [("jot", JOT_COLOR), ("C++", LANG_COLOR["c++"]), ("Rust", LANG_COLOR["rust"]),
                        ("Go", LANG_COLOR["go"])]:
        legend.append('<rect x="%d" y="34" width="12" height="12" fill="%s" rx="2"/>'
                      '<text x="%d" y="45" class="leg">%s</text>' % (lx, color, lx + 17, name))
        lx += 70
    legend.append('<text x="%d" y="45" class="leg">line: min-max of the repetitions; jot N\u00d7: jot is N times as fast; ! failed a check</text>' % (lx + 10))
    if not any(is_jot(r) for _, rows in panels for r in rows):
        legend.append('<text x="%d" y="24" class="sub">no jot rows in this workload yet</text>' % (W - 220))
    H = y + 8
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (W, H, W, H),
           "<style>text{font-family:Helvetica,Arial,sans-serif;fill:#222}.title{font-size:17px;font-weight:bold}"
           ".panel{font-size:14px;font-weight:bold}.unit{font-weight:normal;fill:#666}.lab{font-size:12px}"
           ".val{font-size:12px;fill:#333}.jot{font-weight:bold;fill:#b8420a}.leg{font-size:12px;fill:#444}.ratio{fill:#888;font-size:11px}.bad{fill:#c92a2a}.sub{font-size:12px;fill:#666}"
           ".whisk{stroke:#222;stroke-width:1.2;opacity:.55}</style>",
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="16" y="24" class="title">%s</text>' % escape(title(workload, panels[0][1][0]["unit"]))]
    svg += legend + parts + ["</svg>"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(svg))


def write_summary(path, g):
    """Compact markdown for docs/benchmarks.md: per workload, libraries x datasets,
    each cell "median (jot's ratio)"."""
    L = []
    by_w = OrderedDict()
    for (w, d, m), rows in g.items():
        if m != "docs_per_s":
            by_w.setdefault(w, OrderedDict())[d] = rows
    for w, per_d in by_w.items():
        datasets = list(per_d)
        libs = OrderedDict()
        for d in datasets:
            for r in per_d[d]:
                libs.setdefault(label(r) + tag(r), {})[d] = r
        L += ["### %s" % title(w, next(iter(per_d.values()))[0]["unit"]), "",
              "| library | " + " | ".join(datasets) + " |", "| --- |" + " ---: |" * len(datasets)]
        for shown, cells in libs.items():
            row = []
            for d in datasets:
                r = cells.get(d)
                if not r:
                    row.append("-")
                    continue
                x = ratio(jot_row(per_d[d], r), r)
                cell = fmt(r["median"]) if has_figures(r) else "-"
                if is_jot(r):
                    cell = "**%s**" % cell
                elif x is not None:
                    cell += " (%.2f)" % x
                if is_flagged(r):
                    cell += " !"
                row.append(cell)
            L.append("| %s | %s |" % ("**%s**" % shown if shown.startswith("jot") else shown, " | ".join(row)))
        L.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(L))


def print_table(g):
    builds = cpp_builds([r for rows in g.values() for r in rows])
    for (w, d, m), rows in g.items():
        print("\n%s / %s (%s)" % (w, d, rows[0]["unit"]))
        for r in sorted(rows, key=lambda r: builds.index(build(r)) if build(r) in builds else len(builds)):
            x = ratio(jot_row(rows, r), r)
            print("  %-40s %-18s %10s   %s%s" % (label(r)[:40], short_build(build(r))[:18],
                                              fmt(r["median"]) if has_figures(r) else "-",
                                             "" if (x is None or is_jot(r)) else "jot x %.2f" % x,
                                             ("   " + r["note"]) if is_flagged(r) else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--build", default="")
    ap.add_argument("--title", default="jot benchmark results")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--summary", default="", help="also write a compact markdown summary here")
    ap.add_argument("raw", nargs="+")
    a = ap.parse_args()
    meta, records = load(a.raw)
    if not records:
        print("report.py: no records", file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    costs = adapter_costs(a.build)
    full_meta = OrderedDict([("schema", "records: list of {workload, dataset, library, language, version, "
                                        "variant, metric, unit, median, min, max, allocs_per_op, bytes_per_op, "
                                        "peak_rss_kb, peak_heap_bytes (C++ only), reps, iters_per_rep, note}"),
                             ("machine", {"cpu": next((m.get("cpu") for k, m in meta.items() if k.startswith("c++")),
                                                      platform.processor()),
                                          "cpu_features": cpu_features(), "logical_cpus": os.cpu_count(),
                                          "system": platform.platform(), "python": platform.python_version()}),
                             ("runners", meta), ("adapters", costs)])
    with open(os.path.join(a.out, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"meta": full_meta, "records": records}, f, indent=1)
        f.write("\n")
    g = groups(records)
    write_md(os.path.join(a.out, "results.md"), meta, g, costs, a.title)
    if a.summary:
        write_summary(a.summary, g)
    by_w = OrderedDict()
    for (w, d, m), rows in g.items():
        if m == "docs_per_s":
            continue  # the ndjson chart shows MB/s; docs/s is in the table
        by_w.setdefault(w, []).append(((d, m), rows))
    for w, panels in by_w.items():
        svg_chart(os.path.join(a.out, "%s.svg" % w), w, panels)
    if not a.quiet:
        print_table(g)
        print("\njot ÷ the peer row it trails most, like for like, per C++ build:")
        print("\n".join(overview(g, cpp_builds(records))))
        print("\nwrote %s/results.json, results.md and %d charts" % (a.out, len(by_w)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
