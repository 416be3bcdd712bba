"""Text detectors behind one interface (``base.Detector``): ``lexical`` (the scorers' rules),
``learned`` (layers over the lexical completion and support verdicts, trained on the labelled sets),
``encoder`` (the learned detector with a fine-tuned sentence encoder beside its completion layer;
opt-in, its model a PyPI package) and ``judge`` (a model asked a fixed rubric over an
OpenAI-compatible endpoint).

``DETECTORS`` is the explicit registry ``shadow calibrate --detector NAME`` chooses from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from harness.detectors.base import Detector, DetectorError, Verdict


class DetectorOptionError(ValueError):
    """An option the detector does not take, or a value it cannot use."""


def _lexical(options: Mapping[str, str]) -> Detector:
    # Imported here: the lexical detector is the scorers' rules, and the scorers import this
    # package's question types (harness.detectors.base).
    from harness.detectors.lexical import LexicalDetector

    if options:
        raise DetectorOptionError(f"the lexical detector takes no options (got {sorted(options)})")
    return LexicalDetector()


def _learned(options: Mapping[str, str]) -> Detector:
    from harness.detectors.learned import LearnedDetector

    if options:
        raise DetectorOptionError(f"the learned detector takes no options (got {sorted(options)})")
    return LearnedDetector()


def _encoder(options: Mapping[str, str]) -> Detector:
    from pathlib import Path

    from harness.detectors.encoder import EncoderDetector, EncoderJudge

    unknown = sorted(set(options) - {"adapter"})
    if unknown:
        raise DetectorOptionError(f"the encoder detector takes only adapter=DIR (got {unknown})")
    if "adapter" not in options:
        return EncoderDetector()
    # Another adapter than the shipped one (a candidate, exported by tools/encoder_experiment.py).
    folder = Path(options["adapter"])
    if not (folder / "encoder.npz").is_file():
        raise DetectorOptionError(f"adapter={folder}: no encoder.npz there")
    return EncoderDetector(judge=EncoderJudge.load(folder))


def _judge(options: Mapping[str, str]) -> Detector:
    from harness.detectors.judge import JudgeDetector, judge_from_options

    detector: JudgeDetector = judge_from_options(options)
    return detector


DETECTORS: dict[str, Callable[[Mapping[str, str]], Detector]] = {
    "lexical": _lexical,
    "learned": _learned,
    "encoder": _encoder,
    "judge": _judge,
}

#: Detectors that make only some judgements; the others they hand to the lexical detector, so
#: ``shadow score`` refuses to name them for those (a score would credit the wrong detector).
ONLY: dict[str, frozenset[str]] = {
    "learned": frozenset({"completion", "support"}),
    # Support is the learned layer's and says so; the encoder judges completions only.
    "encoder": frozenset({"completion"}),
}


def check_judgement(name: str, judgement: str) -> None:
    """Raise when detector ``name`` does not make ``judgement`` itself (``ONLY``)."""
    if name in ONLY and judgement not in ONLY[name]:
        raise DetectorOptionError(f"the {name} detector makes only "
                                  f"{', '.join(sorted(ONLY[name]))} judgements, not {judgement}")  # fmt: skip


def make_detector(name: str, options: Mapping[str, str] | None = None) -> Detector:
    if name not in DETECTORS:
        raise DetectorOptionError(f"unknown detector {name!r} (known: {', '.join(DETECTORS)})")
    return DETECTORS[name](options or {})


__all__ = [
    "DETECTORS",
    "ONLY",
    "Detector",
    "DetectorError",
    "DetectorOptionError",
    "Verdict",
    "check_judgement",
    "make_detector",
]  # fmt: skip
