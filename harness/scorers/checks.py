"""Check kinds and targets as the host means them: a vocabulary of check families with their
synonyms, and targets compared by their words and ids (``render-0412`` is not ``render-0413``).

``inbox_recheck``, ``recheck_inbox``, ``dm_poll`` and "check messages" are one family; the words
that only say "look again" (check, recheck, poll, verify) name no family of their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from harness.scorers.reopen_names import GLUED
from harness.text.names import PLATFORMS
from harness.text.normal import clean, lower_ascii

#: Family -> the words that name it in check kinds and in prose.
FAMILIES: dict[str, frozenset[str]] = {
    "inbox": frozenset(
        {
            "inbox",
            "dm",
            "dms",
            "message",
            "messages",
            "reply",
            "replies",
            "mail",
            "email",
            "thread",
            "conversation",
            "chat",
            "unread",
            "mentions",
        }
    ),
    "delivery": frozenset(
        {
            "receipt",
            "receipts",
            "delivery",
            "deliveries",
            "delivered",
            "send",
            "sent",
            "outbox",
            "queue",
            "relay",
            "dispatch",
            "handoff",
            "courier",
            "arrived",
            "arrival",
            "shipment",
            "tracking",
        }
    ),
    "render": frozenset(
        {
            "render",
            "renders",
            "rendering",
            "job",
            "jobs",
            "frame",
            "frames",
            "media",
            "encode",
            "export",
            "output",
            "outputs",
        }
    ),
    "journal": frozenset({"journal", "log", "diary", "entry", "entries"}),
    "registry": frozenset(
        {"registry", "register", "registration", "catalog", "catalogue", "listing"}
    ),
    "provenance": frozenset(
        {
            "provenance",
            "seal",
            "sealed",
            "hash",
            "hashes",
            "digest",
            "checksum",
            "sha256",
            "signature",
            "signing",
            "integrity",
            "drift",
        }
    ),
    "reminder": frozenset({"reminder", "reminders", "alarm", "todo"}),
    "focus": frozenset({"focus", "wip", "priority", "priorities"}),
    # a task board's cards and their status: "board_check" and "task_status" are one check
    "task": frozenset({"task", "tasks", "board", "card", "cards", "kanban", "ticket", "tickets"}),
    "archive": frozenset({"archive", "archives", "archived", "backup", "backups", "cold"}),
    "schedule": frozenset(
        {
            "schedule",
            "calendar",
            "cooldown",
            "booking",
            "appointment",
            "window",
            "maintenance",
            "slot",
            "slots",
            "reservation",
        }
    ),
    # a certificate's validity: "tls_expiry_check" and "cert_check" are one check
    "certificate": frozenset(
        {"cert", "certs", "certificate", "certificates", "tls", "ssl", "expiry", "renewal"}
    ),
    "deploy": frozenset(
        {
            "deploy",
            "deploys",
            "deployed",
            "deployment",
            "deployments",
            "rollout",
            "install",
            "installs",
            "installed",
            "installation",
        }
    ),
    # a copy kept in step: "sync_status" and "mirror_check" are one check
    "mirror": frozenset({"mirror", "mirrors", "sync", "synced", "replication", "replica"}),
    "payment": frozenset(
        {
            "payment",
            "invoice",
            "pay",
            "paid",
            "billing",
            "bank",
            "remittance",
            "refund",
            "refunds",
            "payout",
            "payouts",
        }
    ),
    # a thing taken down: "withdrawal_check" and "delete_status" are one check
    "delete": frozenset(
        {
            "delete",
            "deleted",
            "deletion",
            "withdrawal",
            "withdrawn",
            "yank",
            "yanked",
            "removal",
            "removed",
            "purge",
            "purged",
        }
    ),
    # a branch's merge: "merge_check", "merge_status" and "branch_recheck" are one check
    "merge": frozenset({"merge", "merged", "branch", "branches", "pr", "prs", "pull"}),
    "feed": frozenset({"feed", "post", "posts", "publish", "published", "blog", "timeline"}),
    "artifact": frozenset(
        {
            "artifact",
            "file",
            "files",
            "readback",
            "read-back",
            "upload",
            "uploads",
            "uploaded",
            "ingest",
            "layers",
            "scan",
            "symmetry",
            "measure",
            "measurement",
        }
    ),
    "heartbeat": frozenset({"heartbeat", "status", "health", "liveness"}),
    # a CI run by any of its names ("ci_status" of "pipeline_check" or "build_status")
    "ci": frozenset({"ci", "pipeline", "pipelines", "workflow", "workflows", "build", "builds"}),
}
#: Words that say only "look again": they name no family.
_LOOK_WORDS = frozenset(
    {"check", "checks", "recheck", "re", "verify", "reverify", "poll", "scan", "review", "look",
     "lookup", "confirm", "inspect", "audit", "again", "the", "a", "for", "of", "on", "new",
     "status", "state", "latest", "query", "fetch", "read", "reread", "sweep", "probe"}
)  # fmt: skip
_REGISTRY_NOUNS = frozenset({"registry", "catalog", "catalogue"})
#: Words a target written as prose joins its parts with ("PL-118 at Millbrook"): no part of it.
_PLACE_WORDS = frozenset({"at", "in", "to", "from", "by", "with", "and"})
_WORD_FAMILY: dict[str, str] = {w: f for f, ws in FAMILIES.items() for w in ws}
_SPLIT = re.compile(r"[\s_.:/#,;()-]+")
_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")


def _tokens(text: str) -> list[str]:
    """Lower-case words, possessives folded ("Patrick's thread" -> patrick, thread)."""
    return [t.removesuffix("'s").strip("'") for t in _SPLIT.split(lower_ascii(clean(text))) if t]


@lru_cache(maxsize=4096)
def kind_families(kind: str) -> frozenset[str]:
    """The families a check kind names (``recheck_inbox`` -> inbox; ``status`` alone -> none)."""
    found: set[str] = set()
    for token in _tokens(kind):
        for word in (token, token.removeprefix("re"), token.removesuffix("s")):
            family = _WORD_FAMILY.get(word)
            if family is not None and word not in _LOOK_WORDS:
                found.add(family)
                break
    if not found and any(t == "status" or t == "heartbeat" for t in _tokens(kind)):
        found.add("heartbeat")
    # A registry holds each file's expected hash: auditing it (with only look words beside it,
    # "registry_audit", "audit registry") is recomputing hashes against it, a provenance check.
    # Writing to it ("registry_update", "register") is not.
    if found == {"registry"} and all(
        t in _LOOK_WORDS or t in _REGISTRY_NOUNS for t in _tokens(kind)
    ):
        found.add("provenance")
    return frozenset(found)


def same_kind(a: str, b: str) -> bool:
    if _tokens(a) == _tokens(b):
        return True
    fa, fb = kind_families(a), kind_families(b)
    if fa and fb:
        return bool(fa & fb)
    # a kind no family names is named by its own word: "ci_status" and "check_ci", "doi_status"
    # and "check_doi_minting" look at the same thing
    own_a, own_b = (set(_tokens(k)) - _LOOK_WORDS for k in (a, b))
    return bool(own_a & own_b)


def _number(token: str) -> str:
    return token.lstrip("0") or "0"


@lru_cache(maxsize=4096)
def target_parts(target: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(words, ids, dates) of a target: ids keep their digits (``0412`` and ``412`` are one id),
    a lone letter, a Roman numeral or a platform is a word marked ``#`` (``#b`` of set-b),
    dates (``2026-08-20``) are kept apart, a ``thread:`` or ``task:`` kind prefix is dropped."""
    text = lower_ascii(clean(target))
    prefix = re.match(r"^([a-z]+):(?!\s)", text)
    if prefix and prefix[1] in _KIND_PREFIXES:
        text = text.split(":", 1)[1]
    dates = frozenset(m.group() for m in _DATE.finditer(text))
    text = _DATE.sub(" ", text)
    words: set[str] = set()
    ids: set[str] = set()
    for token in _tokens(text):
        glued = GLUED.fullmatch(token)
        if glued is not None and len(glued[1]) >= 3 and glued[1] not in _LOOK_WORDS:
            # "unit7" is "unit 7": a word glued to its number, as prose writes it apart
            words.add(glued[1])
            ids.add(_number(glued[2]))
        elif any(c.isdigit() for c in token):
            ids.add(_number(token) if token.isdigit() else token)
        elif len(token) == 1 or token in PLATFORMS or _ROMAN.fullmatch(token):
            # a letter or a platform tells one of a series apart (set-a is not set-b, the arm
            # build is not the x86 one), but only against another: "ines-k" is Ines K.
            words.add(f"#{token}")
        elif token not in _LOOK_WORDS and token not in _PLACE_WORDS:
            words.add(token[:-1] if len(token) > 3 and token.endswith("s") else token)
    return frozenset(words), frozenset(ids), dates


#: A part numbered in Roman numerals ("tidewater-iv"), up to xxxix.
_ROMAN = re.compile(r"(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})")
#: Prefixes that say what kind of thing a target is ("thread:okafor"); any other ("pypi:",
#: "crates:") says where it is, and tells it apart.
_KIND_PREFIXES = frozenset({"thread", "task", "matter", "item", "focus", "reminder", "render"})


def same_target(a: str, b: str) -> bool:
    """Do two targets name the same thing? Words: one side's within the other's; ids: equal
    where both carry some; dates: equal where both carry some."""
    wa, ia, da = target_parts(a)
    wb, ib, db = target_parts(b)
    if ia and ib and ia != ib:
        return False
    if da and db and da != db:
        return False
    if (ia or ib) and not (ia and ib):
        # An id or version only one side carries sets it apart: "0412" against "inbox" names
        # something the other cannot be, and "lute-diagrams-v2" is an edition of its own, not
        # "lute-diagrams".
        return False
    ma, mb = ({w for w in ws if w.startswith("#")} for ws in (wa, wb))
    if ma and mb and ma != mb:
        return False
    wa, wb = wa - ma, wb - mb
    if not wa or not wb:
        return bool(ia and ib and ia == ib)
    # with the same id on both sides, a word may be cut to two letters ("SH-4471" of
    # "ship-4471"): the id already says which thing
    short = 2 if ia and ia == ib else 3
    return _within(wa, wb, short) or _within(wb, wa, short)


def _within(few: frozenset[str], many: frozenset[str], short: int = 3) -> bool:
    """Every word of ``few`` among ``many``, written out or cut short ("invoice 2231" of
    "strikewear-inv-2231")."""
    # cut short by ``short`` letters or more, and at least that long: "inv" of "invoice", never
    # "rao" of "raoul" (three, the default)
    return all(w in many or any(len(m) >= short and len(w) - len(m) >= short and w.startswith(m)
                                for m in many) for w in few)  # fmt: skip


def match_check(kind: str, target: str, host: Sequence[tuple[str, str]]) -> tuple[int | None, str]:
    """The index of the host check the proposed check stands for, or None, and why."""
    candidates = [
        i for i, (k, t) in enumerate(host) if same_kind(kind, k) and same_target(target, t)
    ]
    if not candidates:
        return None, f"no host check of the family of {kind!r} on {target!r}"
    # the closest of several: the same words ("verify seal" is the seal_status check, not the
    # registry audit that verifying also names), then the most families shared
    mine, families = set(_tokens(kind)), kind_families(kind)
    # ... after the very target, written the same ("fw-2.4.0-arm" over "fw-2.4.0")
    index = max(candidates, key=lambda i: (
        lower_ascii(clean(host[i][1])) == lower_ascii(clean(target)),
        _tokens(host[i][0]) == _tokens(kind), len(mine & set(_tokens(host[i][0]))),
        len(families & kind_families(host[i][0])),
        # ... then one called by the family's own name ("seal_verify" is the provenance_check,
        # not the registry audit, which checks provenance too)
        bool(families & set(_tokens(host[i][0]))), -i))  # fmt: skip
    return index, f"stands for host check {index} ({host[index][0]} on {host[index][1]})"
