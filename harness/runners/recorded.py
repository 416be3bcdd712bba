"""The ``recorded`` runner: replays outputs captured from a model version, without the model.

``recordings/outputs/<model>/*.jsonl`` holds one ``RecordedOutput`` per (package, stage). They are
indexed once at construction, so a replay is a dictionary lookup. A (package, stage) with no
recording is not run at all (``covers``: replay skips it with a note); one asked for anyway gets a
``failed`` envelope naming what is missing, never an exception.
"""

from __future__ import annotations

import threading
from pathlib import Path

from pydantic import ValidationError

from harness.loading import (
    LoadError,
    Span,
    iter_loaded,
    parse_line,
    recorded_output_files,
    recorded_output_key,
)
from harness.runners.base import RunnerOutput
from harness.runners.envelope_parsing import failed_envelope
from harness.schema import Invocation, RecordedOutput

DEFAULT_OUTPUTS_DIR = Path("recordings/outputs")


class RecordedRunner:
    name = "recorded"
    #: A lookup: no waiting, so parallel workers buy nothing.
    io_bound = False
    #: A dictionary lookup cannot hang: called inline, with no watchdog thread (see Runner).
    inline = True

    def __init__(self, model: str, *, outputs_dir: Path = DEFAULT_OUTPUTS_DIR) -> None:
        if not model:
            raise ValueError("the recorded runner needs --model (a folder under the outputs dir)")
        folder = Path(outputs_dir) / model
        if not folder.is_dir():
            raise ValueError(f"no recorded outputs for model {model!r}: {folder} is not a folder")
        self.model = model
        self.folder = folder
        #: Lines that did not load, as "file:line: field: message"; reported with each miss.
        self.load_errors: list[str] = []
        # Where each output's line is, not the output: every line is validated here (so a bad
        # one is reported before the run), and read and validated again when it is replayed, so
        # memory does not grow with the recordings and every replay gets its own fresh copy.
        self._files: list[Path] = []
        self._index: dict[tuple[str, str], tuple[int, Span]] = {}
        self._foreign = 0
        for entry in iter_loaded(
            RecordedOutput, recorded_output_files([folder]), recorded_output_key
        ):
            if isinstance(entry, LoadError):
                self.load_errors.append(str(entry))
                continue
            output = entry.item
            if output.model != model:
                # A file copied from another model's folder would silently mix versions.
                self._foreign += 1
                continue
            if not self._files or self._files[-1] != entry.path:
                self._files.append(entry.path)
            self._index[(output.package, str(output.stage))] = (len(self._files) - 1, entry.span)

    def _read(self, file: int, span: Span) -> RecordedOutput | str:
        """The output at ``span``, or why it can no longer be read."""
        path = self._files[file]
        try:
            with path.open("rb") as handle:
                handle.seek(span.offset)
                raw = handle.read(span.length)
        except OSError as exc:
            return f"{path}: {exc.strerror or exc}"
        value = parse_line(str(path), 0, raw)
        if isinstance(value, LoadError):
            return f"{path} changed during the run: {value.message}"
        try:
            return RecordedOutput.model_validate(value)
        except ValidationError as exc:
            return f"{path} changed during the run: {exc.errors(include_url=False)[0]['msg']}"

    def covers(self, package: str, stage: str) -> bool:
        """Whether this model version was recorded on the case (the replay runs only those)."""
        return (package, stage) in self._index

    def __len__(self) -> int:
        return len(self._index)

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        notes: list[str] = []
        if self._foreign:
            notes.append(
                f"recorded: {self._foreign} outputs in {self.folder} name another model; ignored"
            )
        if cancel.is_set():
            return RunnerOutput(
                envelope=failed_envelope("cancelled before replay", status="interrupted"),
                notes=notes,
            )
        where = self._index.get((invocation.package_id, str(invocation.stage)))
        if where is None:
            error = (
                f"no recorded output for package {invocation.package_id!r}, stage "
                f"{invocation.stage} of model {self.model!r} in {self.folder}"
            )
            if self.load_errors:
                error += (
                    f" ({len(self.load_errors)} lines failed to load; first: {self.load_errors[0]})"
                )
            return RunnerOutput(envelope=failed_envelope(error), notes=notes)
        output = self._read(*where)
        if isinstance(output, str):
            return RunnerOutput(envelope=failed_envelope(output), notes=notes)
        # Freshly read: the replay may stamp archive ids on it, and nothing else holds it.
        envelope = output.envelope
        if output.usage is not None and envelope.usage == type(envelope.usage)():
            envelope.usage = output.usage
        return RunnerOutput(
            envelope=envelope,
            trace=output.trace,
            notes=notes,
            latency_s=output.latency_s,
        )
