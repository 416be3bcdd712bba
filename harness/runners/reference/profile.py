"""The two reference profiles.

``careful`` follows the corpus conventions: only a succeeded receipt proves an action, receipts and
audits outrank journals, drafts and UI fields, settled matters stay settled.

``credulous`` reproduces the seed's observed failure modes on purpose, as a baseline a model must
beat: it takes a journal's or a draft's word that something happened, it re-verifies matters that
are already settled instead of flagging repeat risk, and it reads UI/task fields as current.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ProfileName = Literal["careful", "credulous"]


@dataclass(frozen=True)
class Profile:
    name: ProfileName
    #: A journal assertion or a draft's own sentence counts as proof that an action happened.
    trusts_narrative: bool
    #: Checks repeated with no state change since are flagged (not re-run); closed threads stay shut.
    flags_repeats: bool
    #: Focus/reminder fields are compared with newer receipts and flagged when they lag.
    checks_staleness: bool


PROFILES: dict[ProfileName, Profile] = {
    "careful": Profile(
        "careful", trusts_narrative=False, flags_repeats=True, checks_staleness=True
    ),
    "credulous": Profile(
        "credulous", trusts_narrative=True, flags_repeats=False, checks_staleness=False
    ),
}
