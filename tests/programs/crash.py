"""Crashes with a traceback before answering."""

import sys

sys.stdin.read()
raise RuntimeError("adapter exploded while reading evidence")
