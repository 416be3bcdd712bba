"""Answers at once: a valid reconcile envelope, two trace events and one artifact in output/."""

import json
import sys

invocation = json.load(sys.stdin)
trace_file = invocation["trace_policy"]["trace_file"]
first = invocation["context"][0]["id"] if invocation["context"] else "none"
with open(trace_file, "a", encoding="utf-8") as trace:
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
    trace.write(json.dumps({"type": "message", "text": f"read {first}", "t": 0.01}) + "\n")
with open("output/note.txt", "w", encoding="utf-8") as note:
    note.write("checked\n")
envelope = {
    "status": "completed",
    "summary": f"{invocation['stage']} for {invocation['package_id']}",
    "result": {"status": "ambiguous", "facts": []},
    "claims": [{"text": "the first item exists", "evidence": [{"id": first}]}],
    "artifacts": [{"path": "output/note.txt"}],
    "usage": {"input_tokens": 12, "output_tokens": 3},
}
print(json.dumps(envelope))
