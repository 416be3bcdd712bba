"""The learned support layer: what it reads of a claim and its cited items, and its weights.

Claim support is three-way (supported, contradicted, unsupported), and the lexical rules' hardest
part is the link: does a cited item speak of the thing the claim names? Of the polarity pairs the
rules got wrong on sets 272-287, about three in five were judged unsupported both ways because
the claim named its thing in words no rule joined to the item ("Channel manager is synced" of an
``artifact.upload`` of rates). The layer is a softmax over hashed features, trained on every
labelled support line (``python -m tools.support_layer train``), so it learns such joins across
many writers at once, with the lexical verdict and reason among its features. Each feature is a
short string a reader can interpret:

- the lexical verdict and the shape of its reason: its first three words and last three, ids,
  numbers and quoted text blanked (``lex=uns``, ``whyend=it asserts``);
- whether the claim is negated (``neg=1``: not, never, no, yet, n't ...), alone and with the verdict;
- the claim's words and word pairs, each also crossed with the lexical verdict;
- each cited item's kind, recorded status and action family, the status crossed with the claim's
  negation (``ist=queuedn1``: a negated claim against a queued receipt);
- each content word of the claim crossed with each item's action family (``cw=told|act=message``):
  the joins between a writer's verbs and the host's actions;
- each item's words crossed with the claim's negation (``n1iw=pending``);
- how much the claim shares with its closest item: words, four-letter stems, numbers, and the
  share of the claim's stems the item covers, crossed with the verdict.

Where the claim sits, its agent and the labeller's ``kind`` field are not features: a real model's
claims carry none of them. Features hash to ``COLUMNS`` columns with crc32 (``layer_features``).
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from harness.detectors.base import SUPPORT_LABELS, SupportLabel, SupportQuestion, Verdict
from harness.detectors.layer_features import COLUMNS, column, content_words, shipped_weights

_WORD = re.compile(r"[a-z']+|\d+")
_NEGATED = re.compile(r"\b(?:not|never|no|none|nothing|nobody|yet|without)\b|n't\b", re.I)
_QUOTED = re.compile(r"'[^']*'|\([^)]*\)")


def _reason_shape(why: str) -> list[str]:
    """The lexical reason's words with what names this claim's things blanked: quoted text and
    parentheses dropped, ids and numbers (any word with a digit or a hyphen) as ``#``."""
    words = _QUOTED.sub(" ", why).split()
    return ["#" if "-" in w or any(c.isdigit() for c in w) else w for w in words]


def _bucket(n: int) -> str:
    return str(min(n, 3))


def support_features(q: SupportQuestion, lexical: Verdict) -> list[str]:
    lex = str(lexical.label)[:3]
    shape = _reason_shape(lexical.why)
    out = [f"lex={lex}", "why=" + " ".join(shape[:3]), "whyend=" + " ".join(shape[-3:]),
           f"{lex}whyend=" + " ".join(shape[-4:])]  # fmt: skip
    neg = int(bool(_NEGATED.search(q.claim)))
    out += [f"neg={neg}", f"{lex}neg={neg}"]
    words = _WORD.findall(q.claim.lower())
    for w in words + [f"{a}_{b}" for a, b in itertools.pairwise(words)]:
        out += [f"w={w}", f"{lex}w={w}"]
    said = content_words(q.claim)
    stems = {w[:4] for w in said if not w.isdigit()}
    numbers = {w for w in said if w.isdigit()}
    shared = shared_stems = shared_numbers = 0
    for item in q.evidence:
        data = item.data or {}
        status = str(data.get("status", ""))
        action = str(data.get("action", "")).split(".")[0]
        out += [f"ik={item.kind}", f"ist={status}", f"ist={status}n{neg}",
                f"{lex}ist={status}n{neg}", f"iact={action}"]  # fmt: skip
        out += [f"cw={w}|act={action or item.kind}" for w in said if not w.isdigit()]
        item_words = content_words(item.text + " " + str(data.get("target", "")).replace("-", " "))
        out += [f"n{neg}iw={w}" for w in item_words if not w.isdigit()]
        shared = max(shared, len(said & item_words))
        shared_stems = max(shared_stems, len(stems & {w[:4] for w in item_words}))
        shared_numbers = max(shared_numbers, len(numbers & item_words))
    cover = round(4 * shared_stems / max(1, len(stems)))
    out += [f"ov={_bucket(shared)}", f"{lex}ov={_bucket(shared)}",
            f"ovs={_bucket(shared_stems)}", f"{lex}ovs={_bucket(shared_stems)}",
            f"ovd={_bucket(shared_numbers)}", f"cov={cover}", f"{lex}cov={cover}n{neg}",
            f"nev={min(len(q.evidence), 3)}"]  # fmt: skip
    return out


@dataclass(frozen=True)
class SupportLayer:
    """The shipped weights (a column per label, in ``SUPPORT_LABELS`` order) and their manifest."""

    weights: NDArray[np.float32]  # (COLUMNS, 3)
    intercepts: NDArray[np.float32]  # (3,)
    manifest: dict[str, Any]

    @classmethod
    def shipped(cls) -> SupportLayer:
        weights, manifest = shipped_weights("support")
        if weights.shape != (COLUMNS, len(SUPPORT_LABELS)):
            raise ValueError(
                f"harness/detectors/layer/support.npy: {weights.shape} weights, the features "
                f"hash to {COLUMNS} columns of {len(SUPPORT_LABELS)} labels "
                "(retrain: python -m tools.support_layer train)"
            )
        if manifest.get("labels") != list(SUPPORT_LABELS):
            raise ValueError(f"harness/detectors/layer/support.json: labels "
                             f"{manifest.get('labels')}, the detector's are {list(SUPPORT_LABELS)}")  # fmt: skip
        intercepts = np.asarray(manifest["intercepts"], dtype=np.float32)
        return cls(weights.astype(np.float32), intercepts, manifest)

    def weigh(self, names: list[str]) -> tuple[dict[SupportLabel, float], list[tuple[str, float]]]:
        """Each label's probability, and each distinct column's feature with its weight towards
        the most probable label."""
        seen: dict[int, str] = {}
        for name in names:
            seen.setdefault(column(name), name)
        z = self.intercepts.astype(np.float64) + self.weights[list(seen)].sum(axis=0)
        top = int(np.argmax(z))
        # Shifted by the largest score before exp(), so that no sum of weights overflows.
        e = [math.exp(float(v - z[top])) for v in z]
        probs = {label: e[i] / sum(e) for i, label in enumerate(SUPPORT_LABELS)}
        weighed = [(name, float(self.weights[col, top])) for col, name in seen.items()]
        return probs, weighed
