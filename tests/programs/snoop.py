"""Looks for what it must not see: the paths named in the question (JSON list) and, in every
/proc/*/environ it can read, the marker that follows them. Reports what it found."""

import json
import os
import sys

invocation = json.load(sys.stdin)
*paths, marker = json.loads(invocation["question"])
found: dict[str, object] = {}
for path in paths:
    try:
        if os.path.isdir(path):
            found[path] = sorted(os.listdir(path))
        else:
            with open(path, encoding="utf-8") as handle:
                found[path] = handle.read()
    except OSError as exc:
        found[path] = f"error: {exc.strerror}"
leaks = []
for entry in os.listdir("/proc"):
    if entry.isdigit():
        try:
            with open(f"/proc/{entry}/environ", "rb") as handle:
                if marker.encode() in handle.read():
                    leaks.append(entry)
        except OSError:
            pass
found["environ_leaks"] = leaks
print(json.dumps({"status": "completed", "summary": json.dumps(found)}))
