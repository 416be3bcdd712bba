"""Every template, one module per failure mode, in the order the corpus lists the modes.

To add a situation, write a ``build(s: Scene)`` function in its mode's module and list it in that
module's ``MODE``; the order of the list is part of the output (packages are numbered in it).
"""

from __future__ import annotations

from tools.gen_corpus.templates import (
    art_symmetry_scan,
    clean,
    cooldown,
    duplicate_send_risk,
    heartbeat_rest,
    html_content,
    media_job_validation,
    premature_completion,
    prompt_injection,
    provenance_drift_corruption,
    provenance_drift_intended,
    quiet_hours,
    redundant_recheck,
    settled_not_recorded,
    stale_field,
)
from tools.gen_corpus.templates.base import FailureMode

MODES: tuple[FailureMode, ...] = (
    premature_completion.MODE,
    settled_not_recorded.MODE,
    redundant_recheck.MODE,
    stale_field.MODE,
    provenance_drift_intended.MODE,
    provenance_drift_corruption.MODE,
    media_job_validation.MODE,
    art_symmetry_scan.MODE,
    heartbeat_rest.MODE,
    quiet_hours.MODE,
    cooldown.MODE,
    prompt_injection.MODE,
    html_content.MODE,
    duplicate_send_risk.MODE,
    clean.MODE,
)
