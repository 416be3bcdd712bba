"""Ignores SIGTERM and keeps running: only SIGKILL ends it."""

import signal
import sys
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
sys.stdin.read()
print("ready", file=sys.stderr, flush=True)
while True:
    time.sleep(0.05)
