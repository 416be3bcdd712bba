"""``shadow cassette record|serve``: record model-server exchanges through a loopback proxy, and
replay them (plus hand-written scripts) with no model and no network."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from harness.cassette.server import cassette_server
from harness.cassette.store import CassetteError


def add_parser(sub: Any) -> None:
    p = sub.add_parser("cassette", help="record and replay model-server exchanges (cassettes)")
    actions = p.add_subparsers(dest="cassette_command", metavar="ACTION", required=True)
    record = actions.add_parser(
        "record", help="proxy to --upstream on 127.0.0.1, storing each exchange under --out"
    )
    record.add_argument(
        "--upstream", required=True, help="upstream base URL, e.g. http://127.0.0.1:8000/v1"
    )
    record.add_argument("--out", type=Path, required=True, help="cassette folder")
    record.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    serve = actions.add_parser("serve", help="replay a cassette folder; a miss is an HTTP 404")
    serve.add_argument("folder", type=Path)
    serve.add_argument("--port", type=int, default=0, help="port (default: a free one)")


def run(args: argparse.Namespace) -> int:
    recording = args.cassette_command == "record"
    folder: Path = args.out if recording else args.folder
    if not recording and not folder.is_dir():
        print(f"error: {folder}: no such cassette folder", file=sys.stderr)
        return 2
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    try:
        with cassette_server(
            folder, upstream=args.upstream if recording else None, port=args.port
        ) as running:
            state = running.state
            mode = f"recording {args.upstream} into" if recording else "replaying"
            print(
                f"{mode} {folder}: {len(state.cassette.exchanges)} stored, {len(state.scripts)} scripted"
            )
            print(running.base_url, flush=True)
            stopping.wait()
            print(
                f"stopped: {state.hits} replayed, {state.recorded} recorded, {state.misses} missed",
                file=sys.stderr,
            )
    except (CassetteError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
