"""A valid envelope, and a trace file mixing good events with garbage lines."""

import json
import sys

invocation = json.load(sys.stdin)
with open(invocation["trace_policy"]["trace_file"], "a", encoding="utf-8") as trace:
    trace.write(json.dumps({"type": "file_read", "path": "input/invocation.json"}) + "\n")
    trace.write("this is not json\n")
    trace.write(json.dumps({"type": "teleport", "to": "mars"}) + "\n")
    trace.write(json.dumps({"type": "message", "text": "done"}) + "\n")
print(json.dumps({"status": "completed", "summary": "ok"}))
