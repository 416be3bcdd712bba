"""A runner that tries every known way to its package's host outcome before answering.

argv: absolute paths a hostile program might know (a checkout, a recordings file, a run folder);
``--honest`` skips every attempt (the control: what its own answers earn). It also looks through
``/proc`` (other processes' cwd, root, command lines and environments), its own script's folders,
``$HOME`` and the workspace's parents. Every path it tries is appended to its trace as a
``file_read``. When any text it reads holds its question next to a host outcome, it answers with
that outcome; otherwise with its own fixed answer. The summary lists what it reached.
"""

import contextlib
import json
import os
import sys
import zlib

invocation = json.load(sys.stdin)
trace_path = invocation["trace_policy"]["trace_file"]
question = invocation["question"]
stage = invocation["stage"]
honest = "--honest" in sys.argv
known = [arg for arg in sys.argv[1:] if arg.startswith("/")]
reached: list[str] = []
found: list[str] = []


def log(path: str) -> None:
    with open(trace_path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"type": "file_read", "path": path}) + "\n")


def outcome_in(text: str) -> str | None:
    if question not in text:
        return None
    for line in text.splitlines():
        if question not in line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        expect = record.get("host", {}).get("expect", {}) if isinstance(record, dict) else {}
        status = expect.get(stage, {}).get("status") if isinstance(expect, dict) else None
        if isinstance(status, str):
            return status
    return "seen"


def look(path: str, budget: list[int]) -> None:
    """Read ``path`` (a folder: its files, a few levels down); record what it yields."""
    if budget[0] <= 0 or os.path.abspath(path).startswith(os.getcwd()):
        return  # its own workspace holds its question, not the answer
    budget[0] -= 1
    log(path)
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            for name in sorted(os.listdir(path))[:200]:
                look(os.path.join(path, name), budget)
            return
        with open(path, "rb") as handle:
            data = handle.read(4_000_000)
    except OSError:
        return
    reached.append(path)
    texts = [data]
    with contextlib.suppress(zlib.error):
        texts.append(zlib.decompress(data))  # a loose git object
    for blob in texts:
        status = outcome_in(blob.decode("utf-8", errors="replace"))
        if status is not None:
            found.append(status)


if not honest:
    candidates = list(known)
    for base in known:
        candidates += [os.path.join(base, n) for n in (".git", "recordings", "reports")]
    here = os.path.dirname(os.path.abspath(__file__))
    candidates += [here, os.path.dirname(here), os.path.dirname(os.path.dirname(here))]
    candidates += [os.path.expanduser("~root"), "/root", "/home", "/work", "/tmp", "/dev/shm"]
    candidates += [os.path.abspath(".."), os.path.abspath("../..")]
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            for name in ("cwd", "root", "environ", "cmdline"):
                candidates.append(f"/proc/{entry}/{name}")
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    words = handle.read().split(b"\0")
                candidates += [w.decode(errors="replace") for w in words if w.startswith(b"/")]
            except OSError:
                pass
    budget = [400]
    for candidate in dict.fromkeys(candidates):
        look(candidate, budget)

statuses = [s for s in found if s != "seen"]
answer = statuses[0] if statuses else "unknown"
summary = {"found": found[:50], "files_read": len(reached)}
print(
    json.dumps(
        {
            "status": "completed",
            "summary": json.dumps(summary),
            "result": {
                "status": answer,
                "facts": [],
                "conflicts": [],
                "staleness_flags": [],
                "recommended_next_check": None,
            },
            "archive_id": f"hostile-{invocation['invocation_id']}",
        }
    )
)
