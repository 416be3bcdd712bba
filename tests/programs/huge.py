"""Floods stdout without end."""

import sys

sys.stdin.read()
block = "x" * 65536
while True:
    sys.stdout.write(block)
