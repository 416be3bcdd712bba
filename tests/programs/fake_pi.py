"""A stand-in for the pi CLI in ``--mode json``: emits an event stream shaped like pi's.

The scenario is the ``--model`` value: ``fake/ok`` (reads the prompt and evidence index, calls
read, grep and bash, answers with a fenced JSON envelope), ``fake/error`` (the provider fails),
``fake/silent`` (no assistant message), ``fake/noise`` (``ok`` with non-JSON lines mixed in).
Checks the flags the runner must pass and exits 2 when one is missing, like a CLI would.
"""

import json
import os
import sys
import time
from typing import Any

args = sys.argv[1:]


def flag(name: str) -> str | None:
    return args[args.index(name) + 1] if name in args and args.index(name) + 1 < len(args) else None


if flag("--mode") != "json" or "--print" not in args or "--no-session" not in args:
    print("fake pi: expected --mode json --print --no-session", file=sys.stderr)
    sys.exit(2)
files = [a[1:] for a in args if a.startswith("@")]
if files != ["input/prompt.md"]:
    print(f"fake pi: expected @input/prompt.md, got {files}", file=sys.stderr)
    sys.exit(2)
with open(files[0], encoding="utf-8") as handle:
    prompt = handle.read()
scenario = flag("--model") or "fake/ok"
tools = (flag("--tools") or "").split(",")
clock = [1_760_000_000_000]


def emit(event: dict[str, Any]) -> None:
    if scenario == "fake/noise":
        print("(node:42) ExperimentalWarning: this line is not JSON")
    print(json.dumps(event), flush=True)


def usage(tokens_in: int, tokens_out: int, cost: float) -> dict[str, Any]:
    return {
        "input": tokens_in,
        "output": tokens_out,
        "cacheRead": 0,
        "cacheWrite": 0,
        "totalTokens": tokens_in + tokens_out,
        "cost": {
            "input": cost / 2,
            "output": cost / 2,
            "cacheRead": 0,
            "cacheWrite": 0,
            "total": cost,
        },
    }


def assistant(
    content: list[Any], stop: str, tokens: tuple[int, int, float], error: str | None = None
) -> dict[str, Any]:
    clock[0] += 1500
    message = {
        "role": "assistant",
        "content": content,
        "api": "openai-completions",
        "provider": "fake",
        "model": scenario,
        "usage": usage(*tokens),
        "stopReason": stop,
        "timestamp": clock[0],
    }
    if error:
        message["errorMessage"] = error
    return message


def tool(call_id: str, name: str, call_args: dict[str, Any], output: str) -> None:
    emit(
        {"type": "tool_execution_start", "toolCallId": call_id, "toolName": name, "args": call_args}
    )
    emit(
        {
            "type": "tool_execution_end",
            "toolCallId": call_id,
            "toolName": name,
            "result": {"content": [{"type": "text", "text": output}], "details": {}},
            "isError": False,
        }
    )


emit(
    {
        "type": "session",
        "version": 3,
        "id": "0b5e",
        "timestamp": "2026-08-25T14:03:00.000Z",
        "cwd": os.getcwd(),
    }
)
emit({"type": "agent_start"})
emit({"type": "turn_start"})
user = {"role": "user", "content": [{"type": "text", "text": prompt[:200]}], "timestamp": clock[0]}
emit({"type": "message_start", "message": user})
emit({"type": "message_end", "message": user})

if scenario == "fake/error":
    failed = assistant([], "error", (10, 0, 0.0), error="401 Unauthorized: invalid api key")
    emit({"type": "message_end", "message": failed})
    emit({"type": "agent_end", "messages": [user, failed]})
    sys.exit(1 if "--exit-nonzero" in args else 0)
if scenario == "fake/silent":
    emit({"type": "agent_end", "messages": [user]})
    sys.exit(0)

index_path = os.path.join(os.getcwd(), "input", "evidence", "index.json")
with open(index_path, encoding="utf-8") as handle:
    index = json.load(handle)
first_id = next(iter(index))
calls = [
    {"type": "toolCall", "id": "call_1", "name": "read", "arguments": {"path": index_path}},
    {
        "type": "toolCall",
        "id": "call_2",
        "name": "grep",
        "arguments": {"pattern": "receipt", "path": "input/evidence"},
    },
    {
        "type": "toolCall",
        "id": "call_3",
        "name": "bash",
        "arguments": {"command": "cat input/invocation.json"},
    },
]
thinking = assistant(
    [{"type": "thinking", "thinking": "look at the index"}, *calls], "toolUse", (1200, 80, 0.0021)
)
emit({"type": "message_start", "message": thinking})
emit(
    {
        "type": "message_update",
        "message": thinking,
        "assistantMessageEvent": {"type": "toolcall_end", "contentIndex": 1},
    }
)
emit({"type": "message_end", "message": thinking})
tool("call_1", "read", {"path": index_path}, json.dumps(index))
tool(
    "call_2",
    "grep",
    {"pattern": "receipt", "path": "input/evidence"},
    "0001-receipt_deleg-77.json:3: queued",
)
tool("call_3", "bash", {"command": "cat input/invocation.json"}, "{...}")
emit({"type": "turn_end", "message": thinking, "toolResults": []})
emit({"type": "turn_start"})
envelope = {
    "status": "completed",
    "summary": "The DM is queued, not sent.",
    "result": {
        "status": "contradicted",
        "facts": [{"claim": "the DM was sent", "evidence": [{"id": first_id}]}],
    },
    "claims": [
        {"text": "the send is only queued", "evidence": [{"id": first_id, "quote": "queued"}]}
    ],
    "confidence": "high",
}
text = "Here is the envelope:\n```json\n" + json.dumps(envelope, indent=1) + "\n```"
final = assistant([{"type": "text", "text": text}], "stop", (1500, 220, 0.0034))
emit({"type": "message_start", "message": final})
emit(
    {
        "type": "message_update",
        "message": final,
        "assistantMessageEvent": {"type": "text_delta", "delta": "Here", "contentIndex": 0},
    }
)
emit({"type": "message_end", "message": final})
emit({"type": "turn_end", "message": final, "toolResults": []})
emit({"type": "agent_end", "messages": [user, thinking, final]})
print(f"fake pi finished; tools allowed: {tools}", file=sys.stderr)
time.sleep(0)
