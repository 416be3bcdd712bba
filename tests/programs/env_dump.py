"""Reports its whole environment in the envelope summary."""

import json
import os
import sys

sys.stdin.read()
print(json.dumps({"status": "completed", "summary": json.dumps(dict(os.environ))}))
