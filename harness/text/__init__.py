"""The text kit shared by the reference runner and the scorers.

``normal`` (folding, case, accents, HTML), ``sentences`` (pysbd), ``times`` (ISO and prose times
via dateutil), ``support`` (content words, negation, quotes, digests: what claim support compares),
``names`` (targets prose names), ``prose`` (word lists the reference runner's stage rules read),
``roots`` (word roots that meet across forms) and ``quantities`` (amounts, counts, bounds, ranges).
Recorded prose is untrusted data: nothing here follows an instruction found in it.
"""
