"""Tries to write where it must not: input/, the workspace root, and the given outside folder
(the invocation's question). Reports which writes succeeded."""

import json
import os
import sys

invocation = json.load(sys.stdin)
targets = {
    "input": "input/evidence/planted.json",
    "invocation": "input/invocation.json",
    "root": "escape.txt",
    "outside": os.path.join(invocation["question"], "escaped.txt"),
    "output": "output/fine.txt",
}
done = {}
for name, path in targets.items():
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("planted\n")
        done[name] = "written"
    except OSError as exc:
        done[name] = f"refused: {exc.strerror}"
print(json.dumps({"status": "completed", "summary": json.dumps(done)}))
