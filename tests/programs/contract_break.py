"""A valid envelope whose result breaks the reconcile contract (status 'maybe', no facts list)."""

import json
import sys

sys.stdin.read()
print(json.dumps({"status": "completed", "result": {"status": "maybe", "facts": "none"}}))
