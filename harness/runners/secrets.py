"""Which runner options are secrets: their values never reach run.json, reports or logs."""

from __future__ import annotations

import re
from collections.abc import Mapping

REDACTED = "<redacted>"
#: Words of an option name that mark its value a secret (``api_key``, ``access_token``). Matched
#: as whole words, so ``max_tokens`` (a setting a reader of run.json needs) is kept.
SECRET_WORDS = frozenset(
    {"key", "apikey", "token", "secret", "password", "credential", "credentials", "auth", "bearer"}
)


def is_secret(option: str) -> bool:
    return not SECRET_WORDS.isdisjoint(re.split(r"[^a-z0-9]+", option.lower()))


def redacted(options: Mapping[str, str]) -> dict[str, str]:
    return {k: REDACTED if is_secret(k) else v for k, v in options.items()}
