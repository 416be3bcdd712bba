"""What the encoder detector's tests share: the shipped adapters' folder, and the mark for tests
that run the model (the ``encoder`` extra and the base model package; CI installs both)."""

from __future__ import annotations

from importlib import resources

import pytest

from harness.detectors.base import DetectorError
from harness.detectors.encoder import model_dir

LAYER = resources.files("harness.detectors") / "layer"


def installed() -> bool:
    try:
        model_dir()
        import safetensors  # noqa: F401
        import tokenizers  # noqa: F401
    except (DetectorError, ImportError):
        return False
    return True


needs_model = pytest.mark.skipif(not installed(), reason="the encoder extra and its base model "
                                 "are not installed (README, 'The encoder detector')")  # fmt: skip
