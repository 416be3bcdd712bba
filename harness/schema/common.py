"""Shared vocabulary of the formats: stage names, model base classes, timestamps."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict


class Stage(StrEnum):
    """The eight Pi stages of the seed, in the order an activation meets them."""

    reconcile = "reconcile"
    preflight = "preflight"
    inquire = "inquire"
    analyze = "analyze"
    plan = "plan"
    execute = "execute"
    critique = "critique"
    draft = "draft"


STAGES: tuple[Stage, ...] = tuple(Stage)


def _require_tz(value: datetime) -> datetime:
    # Packages are compared across hosts and time zones; a naive time is ambiguous.
    if value.tzinfo is None:
        raise ValueError("timestamp must carry a time zone (e.g. 2026-08-25T14:03:00Z)")
    return value


def _refuse_numbers(value: object) -> object:
    # pydantic reads a number as seconds since 1970 (or milliseconds, past a size): a host that
    # wrote a counter or a duration would get a plausible date, silently.
    if isinstance(value, int | float):
        raise ValueError(
            "timestamp must be an ISO 8601 string (e.g. 2026-08-25T14:03:00Z), not a number"
        )
    return value


AwareDatetime = Annotated[datetime, BeforeValidator(_refuse_numbers), AfterValidator(_require_tz)]


class Strict(BaseModel):
    """Formats we own: unknown fields are errors, so typos surface at load time."""

    # No NaN or infinity in any number field: JSON has none, and one stored comes back as null.
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


class Open(BaseModel):
    """Formats a model writes: additive fields are kept, never rejected."""

    model_config = ConfigDict(extra="allow", populate_by_name=True, allow_inf_nan=False)
