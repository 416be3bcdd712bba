"""``shadow schema [--out DIR]``: write one JSON Schema per public model, so hosts can write packages."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from harness.schema import (
    CONTRACTS,
    Envelope,
    Invocation,
    Package,
    RecordedOutput,
    RunRecord,
    ScoreRecord,
)

PUBLIC_MODELS: dict[str, type[BaseModel]] = {
    "package": Package,
    "invocation": Invocation,
    "envelope": Envelope,
    "recorded-output": RecordedOutput,
    "run-record": RunRecord,
    "score-record": ScoreRecord,
    **{f"result-{stage}": model for stage, model in CONTRACTS.items()},
}


def add_parser(sub: Any) -> None:
    p = sub.add_parser("schema", help="write JSON Schemas of the public formats")
    p.add_argument(
        "--out", type=Path, default=Path("schemas"), help="folder to write (default: schemas)"
    )


def write_schemas(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in PUBLIC_MODELS.items():
        path = out / f"{name}.schema.json"
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **model.model_json_schema(),
        }
        path.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


def run(args: argparse.Namespace) -> int:
    for path in write_schemas(args.out):
        print(path)
    return 0
