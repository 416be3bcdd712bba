"""Tries to reach a TCP port on the host's loopback (the port is the invocation's question)."""

import json
import socket
import sys

invocation = json.load(sys.stdin)
port = int(invocation["question"])
try:
    with socket.create_connection(("127.0.0.1", port), timeout=2):
        outcome = "connected"
except OSError as exc:
    outcome = f"blocked: {exc}"
print(json.dumps({"status": "completed", "summary": outcome}))
