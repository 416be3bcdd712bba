"""Repeat-check reduction, duplicate-action warnings and loops.

Against the host's ``checks`` (redundant or needed) and ``settled`` matters: which redundant checks
the output made unnecessary, which needed checks it wrongly suppressed, which settled matters it
reopened without newer evidence; whether it warned about outward actions that could be repeated;
and whether the trace repeats one tool call with the same arguments three or more times.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from harness.metrics.spec import Difference, Positive, Value, pooled, rate
from harness.schema import EvidenceItem, HostCheck, ToolCall
from harness.scorers.base import Score, ScoreContext, ratio, result_list, scorer
from harness.scorers.checks import kind_families
from harness.scorers.evidence import analyse
from harness.scorers.judged import judged_reopens, seen_context
from harness.scorers.reopen_names import mentions_matter
from harness.scorers.reopen_settles import settles
from harness.scorers.reopening import reopens_sentence
from harness.scorers.values import RepeatChecksValues
from harness.text.names import name_variants
from harness.text.normal import clean, iter_strings
from harness.text.sentences import sentences

LOOP_MIN = 3

_REPEAT_WORDS = re.compile(
    r"\b(?:redundant|repeat\w*|already|again|no change|unchanged|unnecessary|settled|closed|"
    r"recently verified|just verified|re-?check\w*|duplicate\w*|twice|second)\b"
)
_WARN_WORDS = re.compile(
    r"\b(?:already|duplicate\w*|again|second|twice|repeat\w*|re-?send\w*|re-?post\w*|"
    r"re-?run\w*|re-?render\w*|do not|don't|avoid|previously|earlier|risk)\b"
)
_DATE_TOKEN = re.compile(r"^\d[\d-]*$")
#: Natural words for an action verb, so "do not send Patrick another DM" warns about message.send.
_ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "send": ("send", "sent", "resend", "re-send", "dm", "message", "note", "reply"),
    "deliver": ("deliver", "delivery", "redeliver", "send"),
    "render": ("render", "re-render", "rerender", "rendering"),
    "publish": ("publish", "post", "repost", "re-post"),
    "append": ("journal", "append", "entry"),
    "register": ("register", "registry", "re-register"),
    "seal": ("seal", "reseal", "re-seal"),
    "ack": ("ack", "acknowledge", "reminder"),
}


def _words(kind: str) -> set[str]:
    return {w for w in re.split(r"[\s_.:/-]+", kind.lower()) if w and not _DATE_TOKEN.match(w)}


def _mentions_matter(text: str, matter: str) -> bool:
    return mentions_matter(text, matter)


def _output_texts(ctx: ScoreContext) -> Iterator[tuple[str, str]]:
    env = ctx.envelope
    yield "summary", env.summary
    for i, step in enumerate(env.next_steps):
        yield f"next_steps[{i}]", step
    for i, item in enumerate(env.uncertainties):
        yield f"uncertainties[{i}]", item
    yield from iter_strings(ctx.result, "result", frozenset({"evidence", "citations"}))


def _flagged(ctx: ScoreContext) -> list[tuple[str, str]]:
    """(where, text) of every repeat-risk flag: preflight repeat_risk entries, and each sentence
    with a repeat word (a check it names is flagged)."""
    flags: list[tuple[str, str]] = []
    risks = ctx.result.get("repeat_risk")
    # A model's result is untrusted: a number or a bare object where a list belongs is no flag.
    for i, risk in enumerate(risks if isinstance(risks, list) else []):
        if isinstance(risk, dict):
            flags.append(
                (f"result.repeat_risk[{i}]", f"{risk.get('kind', '')} {risk.get('reason', '')}")
            )
        elif isinstance(risk, str):
            flags.append((f"result.repeat_risk[{i}]", risk))
    for where, text in _output_texts(ctx):
        if (
            where.startswith("result.repeat_risk")
            or "next_check" in where
            or where.endswith(".kind")
        ):
            continue
        # One flag per sentence: a long answer with "already" in one sentence and a check's
        # target in another flags nothing about that check.
        parts = sentences(text) if text else []
        for i, sentence in enumerate(parts):
            if _REPEAT_WORDS.search(clean(sentence)):
                flags.append((where if len(parts) == 1 else f"{where} sentence {i + 1}", sentence))
    return flags


def _risk_kind(where: str, text: str) -> str:
    """The kind of a preflight repeat_risk entry (its first word), or "" for prose flags."""
    return text.split(" ", 1)[0] if where.startswith("result.repeat_risk") and text else ""


def _flag_covers(flag: str, check: HostCheck, risk_kind: str = "") -> bool:
    """A flag covers a host check it names by kind (literally, or a repeat_risk kind of the same
    family: ``dm_poll`` for ``inbox_recheck``) or by its target's name."""
    text = clean(flag)
    kind_words = _words(check.kind) - {"recheck", "check", "re"}
    plain = text.replace("_", " ").replace("-", " ")
    if check.kind.lower() in text or (kind_words and all(w in plain for w in kind_words)):
        return True
    # Families are read from a repeat_risk entry's own kind, never from prose, where "DM" may be
    # a send as well as an inbox.
    if risk_kind and kind_families(check.kind) & kind_families(risk_kind):
        return True
    return any(v in text for v in name_variants(check.target))


def _settled_by_reconcile(ctx: ScoreContext) -> str | None:
    """A reconcile card that settles the question with valid decisive evidence prevents every
    redundant check of it: the host had the answer without looking again."""
    if ctx.stage != "reconcile" or ctx.result.get("status") not in ("supported", "contradicted"):
        return None
    valid = analyse(ctx).valid_ids
    cited = [d for d in ctx.package.host.decisive_evidence if d in valid]
    return f"reconcile settled it citing {', '.join(cited)}" if cited else None


def _settled_at(ctx: ScoreContext, matter: str) -> datetime | None:
    # Hosts record closure in journals, receipts, focus and reminders: the newest such item about
    # the matter is the settlement; only evidence newer than it justifies reopening.
    times = [
        item.at for item in ctx.package.context
        if settles(item) and item.at <= ctx.package.recorded_at and _item_mentions(item, matter)
    ]  # fmt: skip
    return max(times) if times else None


def _item_mentions(item: EvidenceItem, matter: str) -> bool:
    data = item.data or {}
    if any(isinstance(v, str) and v == matter for v in data.values()):
        return True
    return _mentions_matter(item.text, matter)


def _reopening(ctx: ScoreContext, matter: str) -> str | None:
    """Where the output reopens or re-checks a settled matter, or None."""
    result = ctx.result
    candidates: list[tuple[str, str, bool]] = []  # (where, text, needs a re-check verb)
    next_check = result.get("recommended_next_check")
    if isinstance(next_check, str):
        candidates.append(("result.recommended_next_check", next_check, False))
    for i, work in enumerate(result_list(result, "candidate_work")):
        if isinstance(work, dict):
            text = " ".join(str(v) for v in work.values() if isinstance(v, str))
            candidates.append((f"result.candidate_work[{i}]", text, False))
    for field in ("next_steps", "follow_up_options", "suggested_operations"):
        for where, text in iter_strings(result.get(field) or [], f"result.{field}"):
            candidates.append((where, text, True))
    for i, step in enumerate(ctx.envelope.next_steps):
        candidates.append((f"next_steps[{i}]", step, True))
    # The lexical detector's rules, the ones `shadow calibrate` measures, unless another
    # detector was chosen: a run is judged by what was calibrated, not by a second rule set.
    judge = ctx.chosen_detector("reopens")
    for where, text, _ in candidates:
        if judge is not None:
            why = judged_reopens(ctx, judge, text, matter)
            if why is not None:
                return f"{where}: {text!r} ({judge.name}: {why})"
            continue
        found, why = reopens_sentence(text, [matter], seen_context(ctx), ctx.package.recorded_at)
        if found:
            return f"{where}: {text!r} ({why})"
    return None


def _newer_evidence(ctx: ScoreContext, matter: str) -> str | None:
    settled_at = _settled_at(ctx, matter)
    for check in analyse(ctx).citations:
        item = check.item
        if (
            check.valid
            and item is not None
            and _item_mentions(item, matter)
            and (settled_at is None or item.at > settled_at)
        ):
            return item.id
    return None


def _warned(ctx: ScoreContext, action: str, target: str) -> str | None:
    verb = action.rsplit(".", 1)[-1]
    words = _ACTION_WORDS.get(verb, (verb,))
    risks = ctx.result.get("repeat_risk")
    # A model's result is untrusted: a number or a bare object where a list belongs is no flag.
    for i, risk in enumerate(risks if isinstance(risks, list) else []):
        text = clean(json.dumps(risk, sort_keys=True)) if not isinstance(risk, str) else clean(risk)
        if any(v in text for v in name_variants(target)) or action in text:
            return f"result.repeat_risk[{i}]"
    for where, text in [*_output_texts(ctx), *((f"claims[{i}]", c.text) for i, c in
                                                enumerate(ctx.envelope.claims))]:  # fmt: skip
        lowered = clean(text)
        if not any(v in lowered for v in name_variants(target)):
            continue
        if (
            action in lowered or any(re.search(rf"\b{re.escape(w)}\b", lowered) for w in words)
        ) and (_WARN_WORDS.search(lowered)):
            return where
    return None


def loops(ctx: ScoreContext) -> list[dict[str, Any]]:
    calls = [(i, e) for i, e in enumerate(ctx.trace) if isinstance(e, ToolCall)]
    # A tool called fewer than LOOP_MIN times cannot loop with any args: only the others' args
    # are written out to compare them (the dump is most of this scorer's cost on long traces).
    by_tool = Counter(e.tool for _, e in calls)
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], int] = {}
    for index, event in calls:
        if by_tool[event.tool] >= LOOP_MIN:
            key = (event.tool, json.dumps(event.args, sort_keys=True, default=str))
            counts[key] += 1
            first.setdefault(key, index)
    return [
        {"kind": "loop", "tool": tool, "args": args, "calls": n, "first_event": first[(tool, args)]}
        for (tool, args), n in sorted(counts.items())
        if n >= LOOP_MIN
    ]


@scorer(
    "repeat_checks",
    values=RepeatChecksValues,
    detector="lexical",
    metrics=[
        pooled(
            "reduction",
            kind="mean",
            # Pooled over runs: checks a stage added count against it even in runs with no
            # redundant host check, which a mean of per-run reductions (None there) would miss.
            numerator=Difference(Value("prevented"), Value("added")),
            denominator="redundant_host_checks",
            better="higher",
            description="(prevented - added) / redundant host checks (pooled)",
        ),
        rate(
            "suppressed_needed",
            of=Positive(Value("suppressed_needed")),
            better="lower",
            description="share of runs that suppressed a needed check",
        ),
    ],
)
def repeat_checks(ctx: ScoreContext) -> Score[RepeatChecksValues]:
    host = ctx.package.host
    details: list[dict[str, Any]] = []
    # The flags only answer the host's checks: a package with none needs no sentence read.
    flags = _flagged(ctx) if host.checks else []
    by_reconcile = _settled_by_reconcile(ctx)
    redundant = [c for c in host.checks if c.redundant]
    prevented = suppressed = 0
    for check in host.checks:
        hit = next((w for w, text in flags if _flag_covers(text, check, _risk_kind(w, text))),
                   None)  # fmt: skip
        reason = f"flagged as repeat risk in {hit}" if hit else None
        if check.redundant and reason is None and by_reconcile:
            reason = by_reconcile
        if check.redundant:
            prevented += reason is not None
            verdict = "prevented" if reason else "not prevented"
        else:
            suppressed += hit is not None
            verdict = "suppressed a needed check" if hit else "needed, left alone"
        details.append({"kind": "host_check", "check": check.kind, "target": check.target,
                        "redundant": check.redundant, "verdict": verdict,
                        "why": reason or "no flag in the output names it"})  # fmt: skip
    added = 0
    for matter in sorted({*host.settled, *ctx.package.constraints.closed}):
        where = _reopening(ctx, matter)
        newer = _newer_evidence(ctx, matter) if where else None
        if where and newer is None:
            added += 1
        details.append({"kind": "settled", "matter": matter, "reopened": where is not None,
                        "added": bool(where) and newer is None,
                        "why": (f"reopened at {where}" + (f", justified by newer {newer}" if newer
                                else " without evidence newer than the settlement"))
                        if where else "not reopened"})  # fmt: skip
    warned = 0
    for risk in host.duplicate_risks:
        where = _warned(ctx, risk.action, risk.target)
        warned += where is not None
        details.append({"kind": "duplicate_risk", "action": risk.action, "target": risk.target,
                        "receipt": risk.receipt, "warned": where is not None,
                        "why": f"warned in {where}" if where else "no warning in the output"})  # fmt: skip
    found_loops = loops(ctx)
    details.extend(found_loops)
    values: RepeatChecksValues = {
        "redundant_host_checks": len(redundant),
        "prevented": prevented,
        "suppressed_needed": suppressed,
        "added": added,
        "reduction": ratio(prevented - added, len(redundant)),
        "duplicate_risks": len(host.duplicate_risks),
        "duplicate_warned": warned,
        "loops": len(found_loops),
    }
    parts = [f"prevented {prevented}/{len(redundant)} redundant host checks"]
    if suppressed:
        parts.append(f"suppressed {suppressed} needed checks")
    if added:
        reopened = [d["matter"] for d in details if d.get("added")]
        parts.append(f"reopened settled {', '.join(reopened)} without newer evidence")
    if host.duplicate_risks:
        parts.append(f"warned of {warned}/{len(host.duplicate_risks)} duplicate-action risks")
    if found_loops:
        parts.append(
            f"loop: {found_loops[0]['tool']} called {found_loops[0]['calls']}x with the same args"
        )
    return Score(values, "; ".join(parts), details, detector=ctx.detector_name("reopens"))
