"""What the learned completion layer reads of one question: named features, hashed to columns.

The layer (``harness.detectors.learned``) weighs the lexical detector's verdict against what the
labelled sets taught about sentences like this one. Its features, each a short string a reader can
interpret, are:

- the lexical verdict and the first words of its reason (``lex=1``, ``why=1 of 1``);
- the statuses of the package's receipts;
- the sentence's words and word pairs, each also crossed with the lexical verdict (``w=online``
  and ``lex0w=online``), so that a word can move the verdict either way;
- how many content words the sentence shares with the best-matching receipt of each status, and
  with receipts dated after ``recorded_at`` (which never prove anything): ``ov_succeeded=2``,
  ``ov_queued=0``, ``top=queued`` (the status or statuses of the closest receipts). A receipt's
  words are its target and the text of the evidence item of the same id, where the stage saw one.

Where the sentence sits (its field), the stage and the agent are not features. The first layer had
them, and on real SmolLM2 text it raised a false alarm on 18 of 95 sentences, each led by the
field's weight: the writers of the labelled sets put most of their invented sentences in ``claim``
and ``draft`` fields, a model puts copied evidence and placeholders there. A feature should say
what the sentence and its receipts say, not where a labeller tends to write (real_smollm2's
``FIRST_CONTACT.md``).

Features are hashed into ``COLUMNS`` columns with crc32, not ``hash()``: Python salts str hashes
per process, and the shipped weights must mean the same in every process.
``shipped_weights`` loads a layer's weights and manifest (this layer's and the support layer's,
``support_layer``), both hashed the same way.
"""

from __future__ import annotations

import itertools
import json
import re
import zlib
from collections.abc import Sequence
from importlib import resources
from typing import Any

import numpy as np
from numpy.typing import NDArray

from harness.detectors.base import CompletionQuestion, Verdict

COLUMNS = 1 << 16

_WORD = re.compile(r"[a-z']+|\d+")
_CONTENT = re.compile(r"[a-z0-9]+")
#: Words too common to say which receipt a sentence speaks of. Its own list, not
#: ``harness.text.prose.STOPWORDS``: the shipped weights were trained with exactly these words, and
#: a change to the prose rules' list must not change what the layer reads without a retrain.
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "for",
        "in",
        "on",
        "at",
        "is",
        "was",
        "are",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "it",
        "its",
        "this",
        "that",
        "with",
        "by",
        "from",
        "as",
        "not",
        "no",
    ]
)


def content_words(text: str) -> set[str]:
    return {w for w in _CONTENT.findall(text.lower()) if len(w) > 1 and w not in _STOP}


def _bucket(n: int) -> str:
    return str(min(n, 3))


def _overlaps(q: CompletionQuestion) -> dict[str, int]:
    """Status (or ``late``) -> the most content words the sentence shares with one receipt."""
    texts = {i.id: i.text for i in q.context}
    said = content_words(q.sentence)
    best: dict[str, int] = {}
    for r in q.receipts:
        words = content_words(r.target.replace("-", " ") + " " + texts.get(r.id, ""))
        key = "late" if r.at > q.recorded_at else str(r.status)
        best[key] = max(best.get(key, 0), len(said & words))
    return best


def features(q: CompletionQuestion, lexical: Verdict) -> list[str]:
    lex = int(lexical.label is True)
    out = [f"lex={lex}", "why=" + " ".join(lexical.why.split()[:3])]
    out += [f"state={s}" for s in sorted({str(r.status) for r in q.receipts})]
    words = _WORD.findall(q.sentence.lower())
    for w in words + [f"{a}_{b}" for a, b in itertools.pairwise(words)]:
        out += [f"w={w}", f"lex{lex}w={w}"]
    best = _overlaps(q)
    for key, n in sorted(best.items()):
        out += [f"ov_{key}={_bucket(n)}", f"lex{lex}ov_{key}={_bucket(n)}"]
    if best:
        top = max(best.values())
        closest = "+".join(sorted(k for k, n in best.items() if n == top))
        out += [f"top={closest}", f"lex{lex}top={closest}"]
    return out


def column(feature: str) -> int:
    return zlib.crc32(feature.encode()) % COLUMNS


def columns(names: Sequence[str]) -> list[int]:
    """The distinct columns of a question's features (a feature present counts once)."""
    return sorted({column(f) for f in names})


def shipped_weights(name: str) -> tuple[NDArray[Any], dict[str, Any]]:
    """A layer's shipped weights (``layer/<name>.npy``) and manifest (``layer/<name>.json``)."""
    folder = resources.files("harness.detectors") / "layer"
    with (folder / f"{name}.npy").open("rb") as fh:
        weights = np.load(fh)
    manifest = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return weights, manifest
