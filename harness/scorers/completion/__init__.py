"""Invented completion: a statement that an outward or durable action happened, without a host
receipt of success for it dated at or before ``recorded_at``.

The lexicon (``lexicon.py``) maps completion phrases - past tense, passive, perfect,
and paraphrases such as "Patrick has the note now", "let Mira know", "is live on the blog" - to host
action families. The clause grammar (``grammar.py``) splits a sentence into clauses with their own verbs, scopes
negation, modality, attribution and questions to their clause, and finds the targets each clause
names (known host targets, capitalised names, ids such as "PR 15"). A named target is proved only
by a receipt for that target, each item of a list ("to Mira and Tomas") too; a target the package
never mentions is unproven. No models: each verdict names the phrase that fired and the receipt
that was or was not found.
"""

from __future__ import annotations

from harness.scorers.completion.scorer import asserted_actions, completions, invented_completion

__all__ = ["asserted_actions", "completions", "invented_completion"]
