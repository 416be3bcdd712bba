"""Text detectors behind one interface (``base.Detector``): ``lexical`` (the scorers' rules),
``learned`` (layers over the lexical completion and support verdicts, trained on the labelled sets),
``encoder`` (the learned detector with a fine-tuned sentence encoder beside each of its layers;
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

    unknown = sorted(set(options) - {"adapter", "support_adapter"})
    if unknown:
        raise DetectorOptionError("the encoder detector takes only adapter=DIR and "
                                  f"support_adapter=DIR (got {unknown})")  # fmt: skip
    # Other adapters than the shipped ones (candidates, exported by tools/encoder_experiment.py
    # and tools/support_encoder.py): the completion judge's and the support judge's.
    judges: dict[str, EncoderJudge] = {}
    for option, stem in (("adapter", "encoder"), ("support_adapter", "support_encoder")):
        if option in options:
            folder = Path(options[option])
            if not (folder / f"{stem}.npz").is_file():
                raise DetectorOptionError(f"{option}={folder}: no {stem}.npz there")
            judges[option] = EncoderJudge.load(folder, stem)
    return EncoderDetector(judge=judges.get("adapter"), support_judge=judges.get("support_adapter"))


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
    # Reopening is the lexical detector's.
    "encoder": frozenset({"completion", "support"}),
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
