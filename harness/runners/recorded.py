"""The ``recorded`` runner: replays outputs captured from a model version, without the model.

``recordings/outputs/<model>/*.jsonl`` holds one ``RecordedOutput`` per (package, stage). They are
indexed once at construction, so a replay is a dictionary lookup. A (package, stage) with no
recording is a ``failed`` envelope naming what is missing, never an exception.
"""

from __future__ import annotations

import threading
from pathlib import Path

from harness.loading import load_recorded_outputs
from harness.runners.base import RunnerOutput
from harness.runners.envelope_parsing import failed_envelope
from harness.schema import Invocation, RecordedOutput

DEFAULT_OUTPUTS_DIR = Path("recordings/outputs")


class RecordedRunner:
    name = "recorded"
    #: A lookup: no waiting, so parallel workers buy nothing.
    io_bound = False

    def __init__(self, model: str, *, outputs_dir: Path = DEFAULT_OUTPUTS_DIR) -> None:
        if not model:
            raise ValueError("the recorded runner needs --model (a folder under the outputs dir)")
        folder = Path(outputs_dir) / model
        if not folder.is_dir():
            raise ValueError(f"no recorded outputs for model {model!r}: {folder} is not a folder")
        self.model = model
        self.folder = folder
        loaded = load_recorded_outputs([folder])
        #: Lines that did not load, as "file:line: field: message"; reported with each miss.
        self.load_errors = [str(err) for err in loaded.errors]
        self._index: dict[tuple[str, str], RecordedOutput] = {}
        self._foreign = 0
        for output in loaded.items:
            if output.model != model:
                # A file copied from another model's folder would silently mix versions.
                self._foreign += 1
                continue
            self._index[(output.package, str(output.stage))] = output

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
        output = self._index.get((invocation.package_id, str(invocation.stage)))
        if output is None:
            error = (
                f"no recorded output for package {invocation.package_id!r}, stage "
                f"{invocation.stage} of model {self.model!r} in {self.folder}"
            )
            if self.load_errors:
                error += (
                    f" ({len(self.load_errors)} lines failed to load; first: {self.load_errors[0]})"
                )
            return RunnerOutput(envelope=failed_envelope(error), notes=notes)
        # Copies: the replay may stamp archive ids on what it gets; the index must stay as read.
        envelope = output.envelope.model_copy(deep=True)
        if output.usage is not None and envelope.usage == type(envelope.usage)():
            envelope.usage = output.usage.model_copy()
        return RunnerOutput(
            envelope=envelope,
            trace=[event.model_copy() for event in output.trace],
            notes=notes,
            latency_s=output.latency_s,
        )
