"""JSON, but not an envelope: an unknown status and claims of the wrong type."""

import json
import sys

sys.stdin.read()
print(json.dumps({"status": "done", "claims": "all good"}))
