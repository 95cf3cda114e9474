#!/usr/bin/env python3
"""Prints the rows of src/write/write_double_table.h: Schubfach's powers of ten.

For k in [-324, 292] the row holds g1, g0 with g = g1 * 2^63 + g0 =
floor(10^-k / 2^r) + 1, r chosen so that 2^125 <= 10^-k / 2^r < 2^126.

Run: python3 src/tables/make_schubfach_table.py (and paste over the rows).
"""
from fractions import Fraction


def main():
    for k in range(-324, 293):
        x = Fraction(10) ** (-k)
        r = x.numerator.bit_length() - x.denominator.bit_length() - 125
        while x / Fraction(2) ** r >= 2 ** 126:
            r += 1
        while x / Fraction(2) ** r < 2 ** 125:
            r -= 1
        g = (x / Fraction(2) ** r).__floor__() + 1
        print("    {0x%016x, 0x%016x},  // %d" % (g >> 63, g & (2 ** 63 - 1), k))


if __name__ == "__main__":
    main()
