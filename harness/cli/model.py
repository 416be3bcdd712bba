"""``shadow model serve``: a local OpenAI-compatible endpoint on a model from a PyPI package."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from harness.model.files import KNOWN_MODELS, ModelNotInstalled
from harness.model.server import ServeConfig, ServerError, serving


def add_parser(sub: Any) -> None:
    p = sub.add_parser("model", help="start a local model server (llama-cpp-python, [model] extra)")
    actions = p.add_subparsers(dest="model_command", metavar="ACTION", required=True)
    serve = actions.add_parser(
        "serve", help="serve a GGUF model on 127.0.0.1 until Ctrl-C; prints the base URL"
    )
    serve.add_argument(
        "--model",
        default="smollm2",
        help=f"{' | '.join(KNOWN_MODELS)} | PATH.gguf (default smollm2)",
    )
    serve.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    serve.add_argument(
        "--threads",
        type=int,
        default=2,
        help="CPU threads, for the prompt and the reply (default 2)",
    )
    serve.add_argument(
        "--n-ctx",
        type=int,
        default=8192,
        help="context length (default 8192: the corpus prompts reach 6000 tokens)",
    )
    serve.add_argument("--log", type=Path, default=None, help="append the server's log here")


def run(args: argparse.Namespace) -> int:
    config = ServeConfig(
        model=args.model,
        port=args.port,
        n_threads=args.threads,
        n_ctx=args.n_ctx,
        log_file=args.log,
    )
    stopping = threading.Event()

    def _stop(signum: int, frame: object) -> None:
        stopping.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        with serving(config) as served:
            print(f"serving {served.alias} ({served.model_path.name}), pid {served.pid}")
            print(served.base_url, flush=True)
            while not stopping.wait(1.0):
                if not served.alive():
                    print("error: the model server exited on its own", file=sys.stderr)
                    return 1
    except (ServerError, ModelNotInstalled) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("stopped", file=sys.stderr)
    return 0
