"""Exits 0 but prints prose instead of an envelope."""

import sys

sys.stdin.read()
print("Sure! Here is what I found: the DM was probably sent.")
