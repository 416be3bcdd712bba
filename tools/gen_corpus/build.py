"""Small pure helpers every part of the generator shares: digests, timestamps, path pieces.

Nothing here draws randomness, so calling a helper never shifts a package's random stream.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

#: A package, or any part of one, as plain JSON-ready data.
JSON = dict[str, Any]


def sha(*parts: str) -> str:
    """A stable stand-in digest: the same fixed strings always give the same sha256."""
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def minute(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M")


def day(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d")


def hm(moment: datetime) -> str:
    return moment.strftime("%H:%M")


def base(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def stem(path: str) -> str:
    return base(path).rsplit(".", 1)[0]


def slug(text: str) -> str:
    """``"plate 7 scan"`` -> ``"plate-7-scan"``, for ids, threads and task names."""
    return text.replace(" ", "-")
