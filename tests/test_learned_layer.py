"""tools.learned_layer: trains only on earlier writers' sets, and learns what it is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.learned_layer import Judged, evaluate, main, set_number

ZORP = "zorped the bundle, all good, ref"
PLONK = "plonk wrapped up nicely at long last, see"


def _line(set_: str, n: int, sentence: str, label: bool, lexical: bool) -> Judged:
    words = tuple(f"w={w}" for w in sentence.split())
    return Judged(set_, f"{set_}-{n}", label, lexical, (f"lex={int(lexical)}", *words))


def _writer(set_: str, phrasing: str, count: int = 30) -> list[Judged]:
    """Half the lines are in `phrasing` and invented though the lexical verdict says not; the
    rest are plain, rightly judged not invented."""
    rows = [_line(set_, i, f"{phrasing} {i}", True, False) for i in range(count)]
    rows += [_line(set_, count + i, f"ticket {i} waits on review", False, False)
             for i in range(count)]  # fmt: skip
    return rows


def test_set_numbers() -> None:
    assert set_number("heldout27") == 27
    assert set_number("heldout") == 1


def test_a_signal_earlier_writers_share_is_learned() -> None:
    rows = [*_writer("heldout2", ZORP), *_writer("heldout3", ZORP), *_writer("heldout4", ZORP)]
    out = evaluate(rows, ["heldout4"], lam=1.0, threshold=0.5)
    assert "trained on 120 lines of 2 sets" in out
    assert "heldout4: lexical recall 0.000 precision 0.000 | with the layer recall 1.000" in out
    assert "pooled: lexical recall 0.000" in out


def test_the_test_set_never_trains_the_layer() -> None:
    # Only the held-out writer phrases it so: the layer cannot have seen it, so nothing changes.
    rows = [*_writer("heldout2", PLONK), *_writer("heldout3", PLONK), *_writer("heldout4", ZORP)]
    out = evaluate(rows, ["heldout4"], lam=1.0, threshold=0.5)
    assert "heldout4: lexical recall 0.000 precision 0.000 | with the layer recall 0.000" in out


def test_no_earlier_set_is_refused() -> None:
    with pytest.raises(SystemExit, match="no labelled set numbered below 2"):
        evaluate(_writer("heldout2", ZORP), ["heldout2"], lam=1.0, threshold=0.5)


def test_train_then_evaluate_on_real_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = Path(__file__).parent / "data"
    small = tmp_path / "data"
    for name in ("heldout2", "heldout3"):
        (small / name).mkdir(parents=True)
        (small / name / "completion.jsonl").write_bytes(
            (data / name / "completion.jsonl").read_bytes()
        )
    layer = tmp_path / "layer"
    assert main(["train", "--data", str(small), "--out", str(layer)]) == 0
    manifest = json.loads((layer / "completion.json").read_text())
    assert set(manifest["sets"]) == {"heldout2/completion.jsonl", "heldout3/completion.jsonl"}
    assert manifest["lines"] > 0 and 0 < manifest["invented"] < manifest["lines"]
    assert main(["evaluate", "--data", str(small), "--test", "heldout3"]) == 0
    assert "heldout3: lexical recall" in capsys.readouterr().out
