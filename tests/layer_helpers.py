"""What both learned layers' tests check of their shipped manifest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path


def assert_trained_or_measured(manifest: Path, files: Sequence[Path], section: str) -> None:
    """The shipped weights were trained on the sets their manifest names, each as it is on disk
    (a set changed since makes them stale). A set they were not trained on must have been
    measured by the learned layer at its first contact: its raw output holds the ``section``
    ("support.jsonl (learned)"); which version measured it, its FIRST_CONTACT.md says. New sets
    are measured before a deliberate retrain takes them in."""
    trained = json.loads(manifest.read_text())["sets"]
    on_disk = {f"{p.parent.name}/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest()
               for p in files}  # fmt: skip
    assert {k: on_disk.get(k) for k in trained} == trained
    for name in sorted(set(on_disk) - set(trained)):
        output = files[0].parents[1] / name.split("/")[0] / "first-contact-output.txt"
        assert output.is_file(), f"{name}: neither trained on nor measured blind"
        assert f"{section}\n" in output.read_text(), name
