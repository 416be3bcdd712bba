"""The shared text kit: sentences (pysbd), prose times (dateutil)."""

from __future__ import annotations

import re
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.text.normal import ascii_fold, fold, lower_ascii, normalise
from harness.text.sentences import _sentences, _split_line, sentences
from harness.text.times import clock, on_day, times_in


def test_sentences_keep_abbreviations_dotted_verbs_and_list_items() -> None:
    text = "I checked message.send to patrick: queued, e.g. the relay. Dr. Lee agreed!\n- next item"
    assert sentences(text) == [
        "I checked message.send to patrick: queued, e.g. the relay.",
        "Dr. Lee agreed!",
        "next item",
    ]


def test_sentences_are_the_same_from_many_threads() -> None:
    # Runs score and answer in threads; pysbd's segmenter is stateful, so it must not be shared.
    texts = [f"Receipt deleg-{i} in hand. Recording it here so I stop wondering. Next {i}."
             for i in range(400)]  # fmt: skip
    _split_line.cache_clear()
    _sentences.cache_clear()
    with ThreadPoolExecutor(8) as pool:
        threaded = list(pool.map(sentences, texts))
    _split_line.cache_clear()
    _sentences.cache_clear()
    assert threaded == [sentences(t) for t in texts]
    assert all(len(s) == 3 for s in threaded)


def test_prose_clock_times_are_read_on_the_recorded_day() -> None:
    day = datetime(2026, 8, 25, 14, 3, tzinfo=UTC)
    assert clock("2:01 pm") == "14:01" and clock("9:05") == "09:05"
    assert on_day("2:01 pm", day) == datetime(2026, 8, 25, 14, 1, tzinfo=UTC)
    assert on_day("Aug 20", day) == datetime(2026, 8, 20, tzinfo=UTC)
    assert [t[3] for t in times_in("sent at 2:01 pm, seen 14:05")] == ["14:01", "14:05"]


def test_a_quotation_stays_with_the_sentence_that_quotes_it() -> None:
    text = 'Evidence: artifact:r says "rosette rendered with 2.4.0. It is 4096 px." Then a note.'
    assert sentences(text) == [
        'Evidence: artifact:r says "rosette rendered with 2.4.0. It is 4096 px."',
        "Then a note.",
    ]


PIECES = ["Dr. Smith", " sent", " it.", " It", " arrived", "!", " ", "  ", "\n", "\t", "\u2003",
          "e.g.", " 3.5", " mm", "?", " \"Yes.\"", " (see p. 4)", "...", " A.", "B.", " ok"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_sentence_spans_are_pysbds(pieces: list[str]) -> None:
    """The segmenter finds pysbd's sentences in the text without a regex per sentence, with
    the same result as pysbd's own search (repeated sentences and odd spaces included)."""
    import pysbd

    from harness.text.sentences import _Segmenter

    text = "".join(pieces)
    ours = _Segmenter(language="en", clean=False).segment(text)
    theirs = pysbd.Segmenter(language="en", clean=False).segment(text)
    assert ours == theirs
    twice = f"{text} {text}"
    assert _Segmenter(language="en", clean=False).segment(twice) == pysbd.Segmenter(
        language="en", clean=False
    ).segment(twice)


def test_fold_and_normalise_collapse_every_whitespace_as_the_regex_did() -> None:
    # fold and normalise join str.split(); they used re.sub(r"\s+", " ", ...).strip(), and \s of
    # a str pattern is str.isspace: the two agree on every character
    spaces = re.compile(r"\s+")
    for code in range(sys.maxunicode + 1):
        c = chr(code)
        text = f"{c}A{c}{c}b{c}"
        assert " ".join(text.split()) == spaces.sub(" ", text).strip(), hex(code)
    assert fold("  Inès\u00a0sent\t\u2019it\u2019 \n") == "Inès sent 'it'"
    assert normalise(" Sent,\u2003the_file! ") == "sent the file"


def test_accents_fold_to_the_spelling_hosts_store() -> None:
    assert (
        lower_ascii("Inès Zdeněk Søren Łukasz Strauß Æsa")
        == "ines zdenek soren lukasz strauss aesa"
    )
    assert ascii_fold("Bjørn") == "Bjorn"
    assert ascii_fold("plain ascii") == "plain ascii"
