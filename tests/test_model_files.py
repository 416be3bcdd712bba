"""Which GGUF file a model name means; a model that is not installed is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.model.files import KNOWN_MODELS, ModelNotInstalled, resolve
from harness.model.server import ServeConfig, server_command


def test_a_gguf_path_is_served_under_its_stem(tmp_path: Path) -> None:
    model = tmp_path / "tiny-model.gguf"
    model.write_bytes(b"GGUF")
    command, alias, path = server_command(ServeConfig(model=str(model), n_threads=1), 8123)
    assert (alias, path) == ("tiny-model", model.resolve())
    assert command[command.index("--host") + 1] == "127.0.0.1"
    assert command[command.index("--chat_format") + 1] == "shadow-chatml"
    # The prompt is evaluated on the threads asked for too, not on every CPU.
    assert command[command.index("--n_threads") + 1] == "1"
    assert command[command.index("--n_threads_batch") + 1] == "1"
    assert resolve(str(model))[2] == "shadow-chatml"


def test_unknown_names_and_missing_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ModelNotInstalled, match="unknown model 'llama-70b'"):
        resolve("llama-70b")
    with pytest.raises(ModelNotInstalled, match="unknown model"):
        resolve(str(tmp_path / "absent.gguf"))


def test_a_known_model_without_its_package_names_the_package(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from harness.model import files

    fake = files.ModelFile("x", "no_such_package_here", "*.gguf", "chatml", "no-such-package==1")
    monkeypatch.setitem(KNOWN_MODELS, "x", fake)
    with pytest.raises(ModelNotInstalled, match="no-such-package==1"):
        resolve("x")
