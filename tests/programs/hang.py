"""Never answers: sleeps past any wall-clock limit."""

import sys
import time

sys.stdin.read()
time.sleep(3600)
