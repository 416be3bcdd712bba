"""Causes behind repeat-check and reopening judgements, one test per cause, each with the hard
negatives that look like it. Sentences and targets are written for these tests, not taken from
the labelled sets."""

from __future__ import annotations

from harness.scorers.checks import match_check, same_kind, same_target

# -- check matching ------------------------------------------------------------------------------


def test_an_id_or_version_only_one_side_names_sets_the_targets_apart() -> None:
    assert not same_target("kiln-notes-v3", "kiln-notes")
    assert not same_target("kiln-notes", "kiln-notes-2")
    # the same id on both sides, or no id on either, still matches
    assert same_target("kiln-notes-v3", "kiln notes v3")
    assert same_target("Kiln notes", "kiln-notes")


def test_auditing_a_registry_is_a_hash_check_but_writing_to_it_is_not() -> None:
    host = [("registry_audit", "glaze-plates"), ("inbox_recheck", "ines")]
    assert match_check("checksum_verify", "glaze-plates", host)[0] == 0
    assert match_check("recompute_hashes", "glaze-plates", host)[0] == 0
    assert same_kind("catalogue check", "seal_verify")
    # registering is an update, not an audit; another target is another check
    assert not same_kind("registry_update", "hash_recompute")
    assert match_check("recompute_hashes", "glaze-tiles", host)[0] is None
