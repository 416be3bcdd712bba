"""Deterministic generator of the generated part of the Sophobot corpus.

    python -m tools.gen_corpus [--out DIR]      # from the repository root

writes one ``<failure_mode>.jsonl`` per failure mode (default ``recordings/sophobot/generated``).
Every template knows the truth of the situation it stages and writes both the context a stage sees
and the host outcome from that truth, so the ground truth is correct by construction. Each package
draws from its own ``random.Random`` seeded with a fixed string naming the template and the
instance, so editing one template never reshuffles the others, and the same command always writes
the same bytes (no clock, no uuid, no hash randomisation; hashes come from hashlib over fixed
strings). Every package is validated with ``harness.schema.Package`` and a few corpus rules of
``recordings/README.md`` before anything is written; an invalid package stops the script.

Where things are, in reading order:

- ``scene.py``: ``Scene``, one package under construction (evidence, host outcome);
  ``expect.py``: the per-stage expectation helpers it inherits.
- ``templates/<failure_mode>.py``: the templates of one failure mode and the pools only it uses;
  ``templates/common.py``: building blocks several modes share; ``templates/base.py``: the
  ``Template`` and ``FailureMode`` records; ``templates/__init__.py``: the modes in output order.
- ``wording.py``: shared wording pools; ``filler.py``: true but irrelevant evidence;
  ``build.py``: digests, timestamps, path pieces.
- ``assemble.py``: seeds a scene, runs a template, derives the computed fields, lays out the
  package; ``check.py``: the rules every package passes; ``cli.py``: the command.
"""
