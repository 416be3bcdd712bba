"""Leaves a grandchild behind that would sleep for ten minutes, then answers at once.

With ``--detach`` the grandchild starts its own session (escapes the process group); without it,
it stays in the group. Its command line carries the invocation id so a test can look for it.
"""

import json
import subprocess
import sys

invocation = json.load(sys.stdin)
subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(600)", invocation["invocation_id"]],
    start_new_session="--detach" in sys.argv,
    stdin=subprocess.DEVNULL,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
print(json.dumps({"status": "completed", "summary": "left a sleeper behind"}))
