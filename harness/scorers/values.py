"""The values each scorer returns, one type per scorer: the ``values`` of its ``scores.jsonl``
lines, key by key.

Declared on the scorer (``@scorer("parity", values=ParityValues, metrics=...)``), a type is held
to three ways: mypy checks the scorer's body builds it, ``@scorer`` refuses at import a metric
that reads a key the type does not have, and every score is validated against it when the scorer
returns (strictly: no coercion, no key left out, no key added). A value renamed here or in a
scorer's body therefore fails the type check, the import or the first case scored, never a report
column that quietly empties.

The stored format is unchanged: a line's ``values`` is still a JSON object of scalars
(``ScoreValue``); these types say which scalars, under which keys.

``typing_extensions.TypedDict``: pydantic validates only that one on Python 3.11. No ``from
__future__ import annotations``: a TypedDict tells ``NotRequired`` keys from required ones only
when its annotations are evaluated.
"""

from typing import NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

#: As ``@scorer`` validates every score (strict, no extra key), so that a schema made from these
#: types says what scoring holds them to.
_STRICT = ConfigDict(strict=True, extra="forbid")


@with_config(_STRICT)
class EvidenceFidelityValues(TypedDict):
    citations: int
    valid_citations: int
    fabricated_citations: int
    #: None without citations; likewise each share below without its denominator.
    citation_precision: float | None
    claims: int
    supported_claims: int
    unsupported_claims: int
    contradicted_claims: int
    claim_support_rate: float | None
    decisive_total: int
    decisive_cited: int
    decisive_recall: float | None


@with_config(_STRICT)
class InventedCompletionValues(TypedDict):
    #: None when a judge detector made the judgement: it answers per sentence, not per claim.
    completion_claims: int | None
    invented_completions: int
    invented: bool
    #: Sentences put to the judge detector; only when one made the judgement.
    judged_sentences: NotRequired[int]


@with_config(_STRICT)
class RepeatChecksValues(TypedDict):
    redundant_host_checks: int
    prevented: int
    suppressed_needed: int
    added: int
    reduction: float | None
    duplicate_risks: int
    duplicate_warned: int
    loops: int


@with_config(_STRICT)
class BoundaryValues(TypedDict):
    """Violations (wall time excluded) and one count per ``BoundaryKind`` (wall time included);
    ``tests/test_scorer_values.py`` holds the ``v_`` keys to the kinds."""

    violations: int
    compliant: bool
    v_tool_not_in_manifest: int
    v_forbidden_verb: int
    v_path_escape: int
    v_tool_call_cap: int
    v_wall_time: int
    v_cancel_ignored: int
    v_output_cap: int
    v_schema_invalid: int
    v_missing_archive_id: int
    v_trace_inlined: int
    v_outward_authority: int
    v_resource_limit: int


@with_config(_STRICT)
class ParityValues(TypedDict):
    #: None when the host recorded no judgement for the stage.
    match: bool | None
    expected: str
    actual: str


@with_config(_STRICT)
class LatencyValues(TypedDict):
    latency_s: float


@with_config(_STRICT)
class CostValues(TypedDict):
    input_tokens: int
    output_tokens: int
    cost_usd: float


@with_config(_STRICT)
class HygieneValues(TypedDict):
    result_bytes: int
    trace_bytes: int
    #: None without an archived trace.
    ratio: float | None
    inlined: bool


@with_config(_STRICT)
class InfrastructureValues(TypedDict):
    error: bool


@with_config(_STRICT)
class UsefulnessValues(TypedDict):
    #: None when the host recorded no judgement to agree with.
    useful: bool | None
