"""Build the seed's stage invocation from a package: the one step from recordings to runners.

Pure: the same package and stage give the same invocation. A run stores the digest of the one its
runner was given (``invocation_digest``), so a stored run says what its runner saw even after this
builder changes.
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from harness.schema import (
    Budget,
    CancelToken,
    Invocation,
    Limits,
    Package,
    Stage,
    TracePolicy,
    WorkspacePolicy,
)
from harness.stages import spec


@cache
def _result_schema(stage: Stage) -> dict[str, Any]:
    # The contract's shape without its field descriptions: those document the format for hosts
    # (docs/format.md, `shadow schema`); in the prompt they would change what every model is asked,
    # and with it every recorded cassette, whenever a description is reworded.
    schema: dict[str, Any] = _without_field_descriptions(spec(stage).contract.model_json_schema())
    return schema


def _without_field_descriptions(schema: Any) -> Any:
    if isinstance(schema, dict):
        out = {k: _without_field_descriptions(v) for k, v in schema.items()}
        if isinstance(out.get("properties"), dict):
            out["properties"] = {
                name: {k: v for k, v in prop.items() if k != "description"}
                if isinstance(prop, dict)
                else prop
                for name, prop in out["properties"].items()
            }
        return out
    if isinstance(schema, list):
        return [_without_field_descriptions(v) for v in schema]
    return schema


def invocation_id(package_id: str, stage: Stage | str) -> str:
    digest = hashlib.sha256(f"{package_id}\0{stage}".encode()).hexdigest()[:16]
    return f"inv-{digest}"


def invocation_digest(invocation: Invocation) -> str:
    """sha256 of the invocation's JSON: the ``invocation_sha256`` of its run record."""
    return hashlib.sha256(invocation.model_dump_json().encode()).hexdigest()


def build_invocation(
    package: Package,
    stage: Stage | str,
    *,
    phase: int = 0,
    limits: Limits | None = None,
    budget: Budget | None = None,
) -> Invocation:
    stage = Stage(stage)
    if stage not in package.stages:
        raise ValueError(f"package {package.id!r} does not list stage {stage!r}")
    stage_spec = spec(stage)
    inv_id = invocation_id(package.id, stage)
    # Minimized context: only evidence that existed at recorded_at; never host outcome or labels.
    context = [item for item in package.context if item.at <= package.recorded_at]
    return Invocation(
        invocation_id=inv_id,
        package_id=package.id,
        agent=package.agent,
        stage=stage,
        phase=phase,
        goal=f"{stage_spec.question} {package.question}".strip(),
        question=package.question,
        recorded_at=package.recorded_at,
        activation=package.activation,
        context=context,
        constraints=package.constraints,
        subject=package.subject,
        role=stage_spec.role,
        capabilities=list(stage_spec.capabilities),
        forbidden=list(stage_spec.forbidden),
        workspace=WorkspacePolicy(),
        budget=budget or Budget(),
        limits=limits or Limits(),
        cancel=CancelToken(id=f"cancel-{inv_id}"),
        result_schema=_result_schema(stage),
        trace_policy=TracePolicy(),
        acceptance=list(stage_spec.acceptance),
    )
