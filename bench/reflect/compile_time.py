#!/usr/bin/env python3
"""Compile time of reflection: one translation unit per struct size, compiled
with g++ and clang++ at -O2, against the same unit without reflection.

Each unit defines a struct of N members of mixed types (int, double, bool,
std::string, std::vector<int>, std::optional<int>, a nested aggregate) and uses
everything: member_count, member_names, member_index, for_each_member,
visit_member. The baseline unit includes the same standard headers and
defines the same struct, so the difference is what reflection costs.

Usage: bench/reflect/compile_time.py [--runs 5] [--sizes 10,100,256]
Prints a markdown table of CPU time (user + system): the fastest run, and
the median of the differences.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TYPES = ["int", "double", "bool", "std::string", "std::vector<int>", "std::optional<int>", "inner"]
WORDS = "id name created updated status price amount city email score owner width".split()

PRELUDE = """#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
struct inner { int a; double b; };
"""

USE = """
std::size_t use(big& value, std::string_view key) {
  std::size_t n = jot::reflect::member_count<big> + jot::reflect::member_names<big>[0].size();
  jot::reflect::for_each_member(value, [&](auto, std::string_view k, auto& member) {
    n += k.size() + sizeof(member);
  });
  const std::size_t i = jot::reflect::member_index<big>(key);
  (void)jot::reflect::visit_member(value, i, [&](auto, std::string_view, auto& m) { n += sizeof(m); });
  return n + i;
}
"""


def struct(n):
    members = "\n".join(f"  {TYPES[i % len(TYPES)]} {WORDS[i % len(WORDS)]}_{i};" for i in range(n))
    return f"struct big {{\n{members}\n}};\n"


def units(n):
    return {
        "baseline": PRELUDE + struct(n) + "int main() { big b{}; return sizeof(b) == 0; }\n",
        "include only": PRELUDE + '#include "jot/reflect.h"\n' + struct(n) +
                        "int main() { big b{}; return sizeof(b) == 0; }\n",
        "reflected": PRELUDE + '#include "jot/reflect.h"\n' + struct(n) + USE +
                     'int main() { big b{}; return use(b, "id_0") == 0; }\n',
    }


def compile_seconds(compiler, path, runs):
    """CPU seconds (user + system) of the compiler and its children: on a
    shared machine, wall time measures the neighbours too."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([compiler, "-std=c++20", "-O2", "-I", os.path.join(ROOT, "include"), "-c",
                        path, "-o", os.devnull], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times), statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="10,100,256")
    args = parser.parse_args()
    compilers = [c for c in ("g++", "clang++") if shutil.which(c)]
    sizes = [int(s) for s in args.sizes.split(",")]
    print("| compiler | members | baseline | + include reflect.h | + reflect everything | reflection cost |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for compiler in compilers:
            for n in sizes:
                row = {}
                for name, text in units(n).items():
                    path = os.path.join(tmp, f"unit_{n}_{name.replace(' ', '_')}.cpp")
                    with open(path, "w") as f:
                        f.write(text)
                    row[name] = compile_seconds(compiler, path, args.runs)
                base, inc, full = row["baseline"], row["include only"], row["reflected"]
                print(f"| {compiler} | {n} | {base[0]:.2f} s | {inc[0]:.2f} s | {full[0]:.2f} s "
                      f"| {full[0] - base[0]:.2f} s (median {full[1] - base[1]:.2f} s) |", flush=True)


if __name__ == "__main__":
    main()
