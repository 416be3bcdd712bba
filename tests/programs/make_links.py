"""Leaves two symlinks in output/ (one out of the workspace, one inside it) and reads through
both, writing each read to its trace."""

import json
import os
import sys

invocation = json.load(sys.stdin)
os.symlink("/etc", "output/outside")
os.symlink(".", "output/inside")
with open(invocation["trace_policy"]["trace_file"], "a", encoding="utf-8") as trace:
    for path in ("output/outside/hostname", "output/inside/note.txt"):
        trace.write(json.dumps({"type": "file_read", "path": path}) + "\n")
print(json.dumps({"status": "completed", "summary": "made links", "result": {}}))
