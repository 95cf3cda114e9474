#!/usr/bin/env python3
"""Compile time of enum names: a translation unit with 20 enums of 20
enumerators each, every one used with enum_name and enum_from_name, against
the same unit without the calls, with g++ and clang++ at -O2.

Usage: bench/reflect/enum_compile_time.py [--runs 5] [--enums 20]
Prints a markdown table of CPU seconds per enum (the fastest runs).
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_time import compile_seconds  # noqa: E402


def unit(enums, underlying, used):
    text = '#include <cstdint>\n#include "jot/reflect.h"\n'
    for k in range(enums):
        names = ", ".join(f"v{k}_{i}" for i in range(20))
        text += f"enum class e{k} : {underlying} {{ {names} }};\n"
    text += "int main(int argc, char** argv) {\n  int r = 0;\n"
    for k in range(enums if used else 0):
        text += (f"  {{ e{k} v{{}}; r += int(jot::reflect::enum_name(static_cast<e{k}>(argc)).size())"
                 f" + jot::reflect::enum_from_name(argv[0], v); }}\n")
    return text + "  return r;\n}\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--enums", type=int, default=20)
    args = parser.parse_args()
    print("| compiler | underlying type | seconds per enum |")
    print("| --- | --- | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        def seconds(compiler, name, text):
            path = os.path.join(tmp, name + ".cpp")
            with open(path, "w") as f:
                f.write(text)
            return compile_seconds(compiler, path, args.runs)[0]

        for compiler in (c for c in ("g++", "clang++") if shutil.which(c)):
            base = seconds(compiler, "base", unit(args.enums, "int", False))
            for underlying in ("int", "std::uint8_t"):
                used = seconds(compiler, "used", unit(args.enums, underlying, True))
                print(f"| {compiler} | {underlying} | {(used - base) / args.enums:.3f} s |", flush=True)


if __name__ == "__main__":
    main()
