"""A complete `command` runner adapter: answers reconcile from receipts alone.

Run it: shadow run --runner command --stage reconcile --model minimal -- python examples/minimal_adapter.py
"""

import json
import sys

inv = json.load(sys.stdin)  # the invocation: stage, goal, context, limits, result_schema, ...
receipts = [e for e in inv["context"] if e["kind"] == "receipt"]
done = [e for e in receipts if (e.get("data") or {}).get("status") == "succeeded"]
status = "supported" if done else ("contradicted" if receipts else "ambiguous")
facts = [
    {"claim": e["text"], "evidence": [{"id": e["id"], "quote": e["text"][:40]}]} for e in receipts
]
with open(inv["trace_policy"]["trace_file"], "a") as trace:  # trace events, one JSON per line
    trace.write(
        json.dumps(
            {
                "type": "tool_call",
                "tool": "artifact.read",
                "args": {"path": "input/evidence/index.json"},
            }
        )
        + "\n"
    )
print(
    json.dumps(
        {
            "status": "completed",
            "summary": f"{len(done)}/{len(receipts)} receipts succeeded",
            "result": {"status": status, "facts": facts},
            "claims": [{"text": f["claim"], "evidence": f["evidence"]} for f in facts],
            "archive_id": f"minimal-{inv['invocation_id']}",
        }
    )
)
