"""Echoes everything it was told: stdin, argv, environment and every file under input/."""

import json
import os
import sys

told = {"stdin": sys.stdin.read(), "argv": sys.argv, "env": dict(os.environ), "files": {}}
for dirpath, _dirs, files in os.walk("input"):
    for name in files:
        path = os.path.join(dirpath, name)
        with open(path, encoding="utf-8") as handle:
            told["files"][path] = handle.read()
print(json.dumps({"status": "completed", "summary": json.dumps(told)}))
