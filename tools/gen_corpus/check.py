"""The validation every package passes before anything is written."""

from __future__ import annotations

from pydantic import ValidationError

from harness.schema import Package
from tools.gen_corpus.build import JSON
from tools.gen_corpus.templates.base import C, E


def corpus_rules(pkg: JSON) -> list[str]:
    """Rules of recordings/README.md that the pydantic model does not enforce."""
    problems: list[str] = []
    ctx = {item["id"]: item for item in pkg["context"]}
    if not 4 <= len(ctx) <= 12:
        problems.append(f"{len(ctx)} evidence items (want 4-12)")
    if not 1 <= len(pkg["host"]["decisive_evidence"]) <= 3:
        problems.append("decisive_evidence needs 1-3 ids")
    for item in pkg["context"]:
        if item["at"] > pkg["recorded_at"]:
            problems.append(f"{item['id']} dated after recorded_at")
        if not "2026-08-01" <= item["at"][:10] <= "2026-10-31":
            problems.append(f"{item['id']} outside Aug-Oct 2026")
    for receipt in pkg["host"]["receipts"]:
        shown = ctx.get(receipt["id"])
        if receipt["at"] <= pkg["recorded_at"]:
            if shown is None or shown["data"]["status"] != receipt["status"]:
                problems.append(f"{receipt['id']}: receipt and evidence disagree")
        elif shown is not None:
            problems.append(f"{receipt['id']}: a receipt from after recorded_at is in the context")
    expect = pkg["host"]["expect"]
    if sorted(expect) != sorted(pkg["stages"]):
        problems.append("expect must cover exactly the listed stages")
    critique = expect.get(C)
    if critique is not None:
        for claim in critique["unsupported_claims"]:
            if claim not in pkg["subject"]["draft"]:
                problems.append(f"unsupported claim not quoted from the draft: {claim!r}")
    execute = expect.get(E)
    if execute is not None and not all(p.startswith("output/") for p in execute["artifacts"]):
        problems.append("execute artifacts must lie under output/")
    return problems


def problems(pkg: JSON) -> list[str]:
    """Everything wrong with ``pkg``: the corpus rules, then the schema's own complaints."""
    found = corpus_rules(pkg)
    try:
        Package.model_validate(pkg)
    except ValidationError as exc:
        found.append(str(exc))
    return found
