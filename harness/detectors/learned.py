"""The learned detector: layers trained on the labelled sets over the lexical detector's
completion and claim-support verdicts.

The lexical rules, grown from the misses of one blind set, found about three invented completions in
four on the next writer's text (README, "Blind sets"): each new writer's phrasings ("Boat's on for
Tuesday", "Photos online too") are a long tail no list of phrases reaches. The layer is trained on
every labelled completion line the project holds (``python -m tools.learned_layer train``), with
the lexical verdict and its reason as features beside the sentence's words and its overlap with
each receipt (``layer_features``), so it learns what the rules miss across many writers at once.
It reads no field, stage or agent: the first layer did, and learned where the labelled sets'
writers put invented sentences, which a real model's output does not follow.

Claim support has its own layer, a softmax over the three labels (``support_layer``): the rules'
misses there are mostly links between a claim's words and a cited item's action and target, which
the layer learns from the words of many writers. Reopening stays the lexical detector's, and its
verdicts say so (``detector="lexical"``); ``shadow score`` refuses ``reopens=learned``.

The weights and what they were trained on ship in ``layer/`` (``completion.npy``/``.json``,
``support.npy``/``.json``); ``tests/test_learned_detector.py`` and ``tests/test_support_layer.py``
retrain from the shipped sets and check the weights are what that gives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from harness.detectors.base import CompletionQuestion, ReopenQuestion, SupportQuestion, Verdict
from harness.detectors.layer_features import COLUMNS, column, features, shipped_weights
from harness.detectors.lexical import LexicalDetector
from harness.detectors.support_layer import SupportLayer, support_features

#: A sentence is judged invented when the layer's probability is above this: the probability's
#: own midpoint, fixed before any blind set was measured, not tuned to a bar.
THRESHOLD = 0.5
#: Fields whose sentences the stage itself marks as unconfirmed (docs/labelled-sets.md). Not the
#: completion scorer's wider ``FLAG_FIELDS``: labellers read a statement in ``uncertainties`` or
#: ``missing_evidence`` as the stage's own, and the layer finds six such invented lines the rules
#: skip.
FLAGGED_FIELDS = frozenset({"unsupported_claims", "claims_needing_host_confirmation"})


@dataclass(frozen=True)
class Layer:
    """The shipped weights (one per hashed column, the intercept apart) and their manifest."""

    weights: NDArray[np.float32]
    intercept: float
    manifest: dict[str, Any]

    @classmethod
    def shipped(cls) -> Layer:
        weights, manifest = shipped_weights("completion")
        if weights.shape != (COLUMNS,):
            raise ValueError(
                f"harness/detectors/layer/completion.npy: {weights.shape} weights, the features "
                f"hash to {COLUMNS} columns (retrain: python -m tools.learned_layer train)"
            )
        return cls(weights.astype(np.float32), float(manifest["intercept"]), manifest)

    def weigh(self, names: list[str]) -> tuple[float, list[tuple[str, float]]]:
        """The probability of 'invented', and each distinct column's feature with its weight."""
        seen: dict[int, str] = {}
        for name in names:
            seen.setdefault(column(name), name)
        weighed = [(name, float(self.weights[col])) for col, name in seen.items()]
        z = self.intercept + sum(w for _, w in weighed)
        # tanh, not exp: a long sentence of strongly weighted words must not overflow.
        return 0.5 * (1.0 + math.tanh(z / 2.0)), weighed


class LearnedDetector:
    name = "learned"

    def __init__(
        self,
        layer: Layer | None = None,
        lexical: LexicalDetector | None = None,
        support_layer: SupportLayer | None = None,
    ) -> None:
        self.layer = layer or Layer.shipped()
        self.lexical = lexical or LexicalDetector()
        self._support_layer = support_layer

    @property
    def support_layer(self) -> SupportLayer:
        # Loaded on first use: a run scored with completion=learned never asks for support.
        if self._support_layer is None:
            self._support_layer = SupportLayer.shipped()
        return self._support_layer

    def completion(self, q: CompletionQuestion) -> Verdict:
        lexical = self.lexical.completion(q)
        if q.field in FLAGGED_FIELDS:
            # Flagged by its field: not invented by definition (docs/labelled-sets.md), and the
            # layer does not read fields, so it has nothing to add.
            return Verdict(lexical.label, f"learned layer: not asked, the field {q.field} flags "
                           f"the sentence as unconfirmed; lexical reason: {lexical.why}",
                           self.name)  # fmt: skip
        p, weighed = self.layer.weigh(features(q, lexical))
        invented = p > THRESHOLD
        said = "invented" if lexical.label is True else "not invented"
        heaviest = sorted(weighed, key=lambda fw: -abs(fw[1]))[:3]
        why = (f"learned layer: p(invented) {p:.2f} {'>' if invented else '<='} {THRESHOLD} "
               f"(lexical: {said}; weighing most: "
               + ", ".join(f"{n} {w:+.2f}" for n, w in heaviest)
               + f"); lexical reason: {lexical.why}")  # fmt: skip
        return Verdict(invented, why, self.name)

    def support(self, q: SupportQuestion) -> Verdict:
        lexical = self.lexical.support(q)
        probs, weighed = self.support_layer.weigh(support_features(q, lexical))
        label = max(probs, key=lambda k: probs[k])
        heaviest = sorted(weighed, key=lambda fw: -abs(fw[1]))[:3]
        why = (f"learned layer: {label} "
               + ", ".join(f"p({k}) {p:.2f}" for k, p in probs.items())
               + f" (lexical: {lexical.label}; weighing most towards {label}: "
               + ", ".join(f"{n} {w:+.2f}" for n, w in heaviest)
               + f"); lexical reason: {lexical.why}")  # fmt: skip
        return Verdict(label, why, self.name)

    def reopens(self, q: ReopenQuestion) -> Verdict:
        return self.lexical.reopens(q)
