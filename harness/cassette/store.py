"""Cassette files: one JSON file per recorded exchange, ``<key>.json``, plus hand-written scripts
(``*.yaml``, see ``scripted``) in the same folder.

A recorded exchange keeps the normalised request (so a miss can name the nearest stored one) and
the response as the server sent it: status, content type and body text, an SSE stream included.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class CassetteError(ValueError):
    pass


class StoredResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: int = Field(ge=100, le=599)
    content_type: str = "application/json"
    body: str
    streamed: bool = False


class Exchange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    request: dict[str, Any]
    response: StoredResponse
    latency_s: float = Field(default=0.0, ge=0)


@dataclass
class Cassette:
    folder: Path
    exchanges: dict[str, Exchange]

    def write(self, exchange: Exchange) -> Path:
        """Atomically (temp file + rename), so a concurrent reader never sees half a file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{exchange.key}.json"
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(exchange.model_dump_json(indent=1))
            handle.write("\n")
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would keep a committed cassette from its readers
        os.replace(tmp, path)
        self.exchanges[exchange.key] = exchange
        return path


def load_cassette(folder: Path) -> Cassette:
    """Every ``<key>.json`` in ``folder``; a bad file is an error naming it and the field."""
    exchanges: dict[str, Exchange] = {}
    if folder.exists() and not folder.is_dir():
        raise CassetteError(f"{folder}: not a folder")
    for path in sorted(folder.glob("*.json")) if folder.exists() else []:
        try:
            exchange = Exchange.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except json.JSONDecodeError as exc:
            raise CassetteError(f"{path}:{exc.lineno}: not JSON ({exc.msg})") from None
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CassetteError(f"{path}: {where}: {first['msg']}") from None
        if exchange.key != path.stem:
            raise CassetteError(f"{path}: key: {exchange.key!r} does not match the file name")
        exchanges[exchange.key] = exchange
    return Cassette(folder=folder, exchanges=exchanges)
