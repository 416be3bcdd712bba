"""A misspelt verb of a host action is still that verb ("Both plates registred", "rendred 0413"):
read off development sets 44 and 47, where the writers' typos hid invented completions. With
hard negatives: the words a typo could be confused with stay themselves."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.scorers.completion.typos import corrected
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
_r = receipt_on_nov20

QUEUED = _r("registry.register", "plate-15", "queued", "21:00")
FAILED = _r("media.render", "render-0413", "failed", "12:55", "render-0413: out of memory")


def test_a_misspelt_verb_is_the_verb() -> None:
    assert lexical_invented("plate-15 registred this afternoon.", [QUEUED], RECORDED)
    assert lexical_invented("rendred 0413 at 12:55, its delivery is queued behind it", [FAILED],
                            RECORDED)  # fmt: skip
    assert lexical_invented("Recieved by plate-15's registrar and registred.", [QUEUED], RECORDED)


def test_hard_negatives_words_of_their_own_and_denials() -> None:
    # a present tense is no past one cut short, and words of their own are left as they are
    assert corrected("please receive the files") == "please receive the files"
    assert corrected("the team competed and recoded it") == "the team competed and recoded it"
    assert corrected("registred, rendred and recieved") == "registered, rendered and received"
    assert not lexical_invented("plate-15 not registred yet, still queued.", [QUEUED], RECORDED)
    done = _r("registry.register", "plate-15", "succeeded", "21:00")
    assert not lexical_invented("plate-15 registred this evening.", [done], RECORDED)
