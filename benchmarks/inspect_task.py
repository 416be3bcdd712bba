"""inspect_ai's trivial task, for the side-by-side figure: N samples, the ``mockllm`` model
answering from ``custom_outputs``, the ``match`` scorer, offline, logs to a temporary folder.

Runs in its own virtualenv (inspect_ai is no dependency of this project):

    <venv>/bin/python benchmarks/inspect_task.py N LOG_DIR
"""

from __future__ import annotations

import sys

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import match
from inspect_ai.solver import generate


def _answer() -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", "42")
    # With usage given, mockllm does not count tokens (tiktoken would download its tables).
    output.usage = ModelUsage(input_tokens=10, output_tokens=1, total_tokens=11)
    return output


def main() -> int:
    n, log_dir = int(sys.argv[1]), sys.argv[2]
    # One answer for every sample: mockllm hands out custom_outputs in call order, not by sample.
    samples = [Sample(id=i, input=f"Sample {i}: what is 40 + 2?", target="42") for i in range(n)]
    model = get_model(
        "mockllm/model",
        custom_outputs=[_answer() for _ in range(n)],
    )
    task = Task(dataset=samples, solver=[generate()], scorer=match())
    logs = eval(task, model=model, log_dir=log_dir, display="none")
    if not logs or logs[0].status != "success":
        print(
            f"inspect_ai eval did not succeed: {logs[0].status if logs else 'no log'}: {logs[0].error if logs else ''}"
        )
        return 1
    print(f"samples {logs[0].results.total_samples if logs[0].results else 0}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
