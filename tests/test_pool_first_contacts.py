"""``python -m tools.pool_first_contacts``: the pooled first-contact figures the README quotes,
added up from each set's kept output, never measured again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools.pool_first_contacts import main, pool_range

DATA = Path(__file__).parent / "data"


def test_pools_the_round_the_readme_quotes() -> None:
    # README, "First contact, held-out sets 364-367": the layer 227 of 268 at 0.901, the rules
    # 195 of 268 at 0.874; support lines 336 and 353 of 400, pairs 132 and 141 of 160.
    pool = pool_range(DATA, 364, 367)
    assert pool.sets == [364, 365, 366, 367] and not pool.missing and not pool.unreadable
    lexical, learned = pool.completion["lexical"], pool.completion["learned"]
    assert (lexical.found, lexical.invented, lexical.flagged) == (195, 268, 223)
    assert (learned.found, learned.invented) == (227, 268)
    assert round(learned.found / learned.flagged, 3) == 0.901
    assert (pool.lines["lexical"].right, pool.lines["learned"].right) == (336, 353)
    assert (pool.pairs["lexical"].right, pool.pairs["learned"].right) == (132, 141)
    assert pool.pairs["learned"].met == [366, 367] and pool.pairs["lexical"].met == []
    assert (pool.repeat.right, pool.repeat.total, pool.boundary.right) == (113, 120, 160)
    assert pool.every_bar == {}


def test_every_bar_at_once() -> None:
    # Set 345 met every bar of issue 12 with the default detectors; set 315 only with the layers.
    assert pool_range(DATA, 345, 345).every_bar == {"lexical": [345], "learned": [345]}
    assert pool_range(DATA, 315, 315).every_bar == {"learned": [315]}


def test_the_encoder_detector_is_pooled_with_the_learned_layers_claim_support(
    tmp_path: Path,
) -> None:
    # README, "First contact, held-out sets 376-379": the encoder 246 of 266 at 0.969, the bar on
    # all four; it makes no support judgement of its own, so its support is not counted twice.
    pool = pool_range(DATA, 376, 379)
    encoder = pool.completion["encoder"]
    assert (encoder.found, encoder.invented, encoder.flagged) == (246, 266, 254)
    assert encoder.met == [376, 377, 378, 379]
    assert set(pool.lines) == {"lexical", "learned"}
    # Every bar at once needs the learned layer's polarity too: with it met, the encoder has all.
    shutil.copytree(DATA / "heldout376", tmp_path / "heldout376")
    out = tmp_path / "heldout376" / "first-contact-output.txt"
    text = out.read_text()
    learned_support = text.index("== heldout376/support.jsonl (learned)")
    text = text[:learned_support] + text[learned_support:].replace(
        "polarity pairs judged right: 35/40 (0.875)",
        "polarity pairs judged right: 40/40 (1.000)",
        1,
    )
    out.write_text(text)
    assert pool_range(tmp_path, 376, 376).every_bar == {"encoder": [376]}


def test_the_encoders_own_claim_support_counts_where_it_was_measured(tmp_path: Path) -> None:
    # From set 384 the encoder judges support itself (its adapter beside the support layer): its
    # block is pooled under its own name, and its polarity, not the layer's, decides its bars.
    shutil.copytree(DATA / "heldout376", tmp_path / "heldout376")
    out = tmp_path / "heldout376" / "first-contact-output.txt"
    text = out.read_text()
    learned = text[text.index("== heldout376/support.jsonl (learned)") :].split("\n== ")[0]
    own = learned.replace("(learned)", "(encoder)", 1).replace(
        "polarity pairs judged right: 35/40 (0.875)", "polarity pairs judged right: 39/40 (0.975)"
    )
    out.write_text(text + own)
    pool = pool_range(tmp_path, 376, 376)
    assert pool.pairs["encoder"].right == 39 and pool.pairs["learned"].right == 35
    assert pool.pairs["encoder"].met == [376] and pool.pairs["learned"].met == []
    assert pool.every_bar == {"encoder": [376]}


def test_pools_the_first_round_of_the_encoders_claim_support() -> None:
    # README, "First contact, held-out sets 384-387": the encoder's pairs 154 of 160, the bar on
    # 385-387; the layer's fourth version 147, the rules 141; every bar at once on 387 alone.
    pool = pool_range(DATA, 384, 387)
    pairs = {name: (c.right, c.total, c.met) for name, c in pool.pairs.items()}
    assert pairs == {"lexical": (141, 160, [386]), "learned": (147, 160, [386, 387]),
                     "encoder": (154, 160, [385, 386, 387])}  # fmt: skip
    assert (pool.lines["encoder"].right, pool.lines["learned"].right) == (386, 377)
    encoder = pool.completion["encoder"]
    assert (encoder.found, encoder.invented, encoder.met) == (216, 255, [387])
    assert pool.every_bar == {"encoder": [387]}
    # Its eight first contacts, 384-391: 308 of 320 pairs, the bar on six.
    eight = pool_range(DATA, 384, 391).pairs["encoder"]
    assert (eight.right, eight.total, eight.met) == (308, 320, [385, 386, 387, 388, 389, 391])
    # Its twelve, 384-395: 461 of 480, the bar on ten.
    twelve = pool_range(DATA, 384, 395).pairs["encoder"]
    assert (twelve.right, twelve.total) == (461, 480) and len(twelve.met) == 10


def test_pools_the_second_completion_adapters_first_contacts() -> None:
    # README, "First contact, held-out sets 396-403": the encoder (its second completion adapter)
    # found 508 of 552 at 0.958, the bar on four; the layer 488 and three; every bar on three.
    pool = pool_range(DATA, 396, 403)
    encoder, learned = pool.completion["encoder"], pool.completion["learned"]
    assert (encoder.found, encoder.invented, encoder.met) == (508, 552, [396, 399, 401, 402])
    assert (learned.found, learned.met) == (488, [396, 399, 402])
    pairs = pool.pairs["encoder"]
    assert (pairs.right, pairs.total, pairs.met) == (284, 320, [396, 398, 399, 401])
    assert pool.every_bar == {"learned": [399], "encoder": [396, 399, 401]}


def test_a_file_missing_a_figure_is_named_and_adds_nothing(tmp_path: Path) -> None:
    for n in (364, 365):
        shutil.copytree(DATA / f"heldout{n}", tmp_path / f"heldout{n}")
    broken = tmp_path / "heldout365" / "first-contact-output.txt"
    # the layer's polarity line gone: completion and the lines before it parse, then it fails
    text = broken.read_text(encoding="utf-8")
    learned = text.index("== heldout365/support.jsonl (learned)")
    tail = text[learned:].replace("polarity pairs judged right", "pairs", 1)
    broken.write_text(text[:learned] + tail, encoding="utf-8")
    pool = pool_range(tmp_path, 364, 366)
    assert pool.sets == [364] and pool.missing == [366]
    assert len(pool.unreadable) == 1 and "heldout365" in pool.unreadable[0]
    assert "no polarity pairs line" in pool.unreadable[0]
    assert pool.completion["lexical"].invented == 78  # set 364's alone
    assert pool.repeat.total == 30


def test_a_range_with_nothing_measured_says_so(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"no first-contact-output\.txt in heldout1-heldout3"):
        pool_range(tmp_path, 1, 3)


def test_the_command_prints_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["364-367", "--data", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "completion, learned: 227 of 268 found (0.847) at precision 0.901" in out
    assert "polarity met on 366, 367" in out
    with pytest.raises(SystemExit):
        main(["367-364"])
