"""The runner registry: an explicit name -> factory mapping, read by the command line and replay.

Every factory takes ``(model, options, command)``; ``options`` are the ``--option key=value``
strings of the command line, checked against the keys each runner knows, so a typo fails loudly.
Runners are imported lazily: choosing ``recorded`` never imports the HTTP or pi code.

Options by runner:

- ``reference``: ``profile`` (careful | credulous).
- ``recorded``: ``outputs_dir`` (default recordings/outputs); ``--model`` names the folder.
- ``command``: ``--command PROGRAM [ARGS...]``; sandbox options (below).
- ``python``: ``target`` (module:function, or the first ``--command`` word), ``pythonpath``
  (colon-separated), ``python`` (interpreter); sandbox options.
- ``openai``: ``base_url``, ``api_key_env``, ``temperature``, ``max_tokens`` (default 1024),
  ``response_format`` (auto | json_schema | json_object_schema | json_object | none),
  ``max_retries``, ``seed``, ``repeat_penalty`` (llama.cpp/vLLM only), ``prompt_version``
  (v1 | v2), ``usd_per_mtok_in``, ``usd_per_mtok_out``; ``--model`` is the server's model name.
- ``pi``: ``base_url`` (an OpenAI-compatible endpoint: a hermetic agent dir per run points pi
  there), ``context_window``, ``max_tokens``, ``binary`` (default: the checkout's
  node_modules/.bin/pi, else pi on PATH), ``provider``, ``thinking``, ``tools`` (comma-separated), ``agent_dir``,
  ``network`` (host | isolated), ``stream_cap_bytes``; sandbox options.

Sandbox options: ``workdir``, ``cpu_seconds``, ``memory_mb``, ``file_mb``, ``pass_env``
(comma-separated variable names copied into the child's environment), ``keep_workspace``,
``need`` (colon-separated paths the child may read besides the system runtime, its program and
its workspace: a config folder, a data folder of its own; nothing else of the machine exists
for it under ``full`` isolation), ``hide`` (colon-separated paths covered even inside those).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from harness.runners.base import Runner

if TYPE_CHECKING:
    from harness.runners.sandboxed import SandboxConfig

RunnerFactory = Callable[[str | None, Mapping[str, str], Sequence[str]], Runner]

_SANDBOX_KEYS = frozenset(
    {"workdir", "cpu_seconds", "memory_mb", "file_mb", "pass_env", "keep_workspace", "hide", "need"}
)


def _check_keys(runner: str, options: Mapping[str, str], known: frozenset[str]) -> None:
    unknown = sorted(set(options) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise ValueError(f"runner {runner!r} has no option {', '.join(unknown)} (known: {allowed})")


def _bool(name: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"option {name} must be true or false, got {value!r}")


def _number(name: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"option {name} must be a number, got {value!r}") from None
    if number < 0:
        raise ValueError(f"option {name} must not be negative, got {value!r}")
    return number


def _words(value: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in value.split(",") if word.strip())


def _sandbox(options: Mapping[str, str]) -> SandboxConfig:
    from harness.runners.sandboxed import SandboxConfig
    from harness.sandbox import Resources

    defaults = Resources()
    mb = 1024**2

    def size(key: str, default: int | None) -> int | None:
        return int(_number(key, options[key]) * mb) if key in options else default

    resources = Resources(
        cpu_seconds=_number("cpu_seconds", options["cpu_seconds"])
        if "cpu_seconds" in options
        else None,
        memory_bytes=size("memory_mb", defaults.memory_bytes),
        file_bytes=size("file_mb", defaults.file_bytes),
    )
    hidden = tuple(Path(p).resolve() for p in options.get("hide", "").split(":") if p)
    needed = tuple(Path(p).resolve() for p in options.get("need", "").split(":") if p)
    return SandboxConfig(
        hidden=hidden,
        needed=needed,
        workdir=Path(options["workdir"]) if "workdir" in options else None,
        resources=resources,
        allow_env=_words(options.get("pass_env", "")),
        keep_workspace=_bool("keep_workspace", options.get("keep_workspace", "false")),
    )


def _reference(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    _check_keys("reference", options, frozenset({"profile"}))
    from harness.runners.reference import ReferenceRunner

    profiles: dict[str, Literal["careful", "credulous"]] = {
        "careful": "careful",
        "credulous": "credulous",
    }
    name = options.get("profile", "careful")
    if name not in profiles:
        raise ValueError(f"unknown reference profile {name!r}; use careful or credulous")
    runner: Runner = ReferenceRunner(profile=profiles[name])
    return runner


def _recorded(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    _check_keys("recorded", options, frozenset({"outputs_dir"}))
    from harness.runners.recorded import DEFAULT_OUTPUTS_DIR, RecordedRunner

    if not model:
        raise ValueError("the recorded runner needs --model (a folder under the outputs dir)")
    outputs = Path(options.get("outputs_dir", str(DEFAULT_OUTPUTS_DIR)))
    return RecordedRunner(model, outputs_dir=outputs)


def _command(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    _check_keys("command", options, _SANDBOX_KEYS)
    from harness.runners.command import CommandRunner

    return CommandRunner(command, model=model, config=_sandbox(options))


def _python(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    _check_keys("python", options, _SANDBOX_KEYS | {"target", "pythonpath", "python"})
    import sys

    from harness.runners.python_runner import PythonRunner

    target = options.get("target") or (command[0] if command else "")
    if not target:
        raise ValueError("the python runner needs --option target=module:function")
    paths = [Path(p) for p in options.get("pythonpath", "").split(":") if p]
    return PythonRunner(
        target,
        model=model,
        python=options.get("python", sys.executable),
        pythonpath=paths,
        config=_sandbox(options),
    )


def _openai(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    keys = {"base_url", "api_key_env", "temperature", "max_tokens", "response_format"}
    keys |= {"max_retries", "seed", "repeat_penalty", "prompt_version"}
    _check_keys("openai", options, frozenset(keys | {"usd_per_mtok_in", "usd_per_mtok_out"}))
    from harness.runners.openai_compat import FORM_CHOICES, OpenAIConfig, OpenAIRunner

    if not model:
        raise ValueError("the openai runner needs --model (the server's model name)")
    defaults = OpenAIConfig()
    form = options.get("response_format", defaults.response_format)
    if form not in FORM_CHOICES:
        raise ValueError(f"option response_format must be one of {', '.join(FORM_CHOICES)}")

    def number(key: str) -> float | None:
        return _number(key, options[key]) if key in options else None

    max_tokens = number("max_tokens")
    seed = number("seed")
    retries = number("max_retries")
    config = OpenAIConfig(
        base_url=options.get("base_url", defaults.base_url),
        api_key_env=options.get("api_key_env", defaults.api_key_env),
        temperature=_number("temperature", options.get("temperature", "0")),
        max_tokens=int(max_tokens) if max_tokens is not None else defaults.max_tokens,
        response_format=FORM_CHOICES[form],
        max_retries=int(retries) if retries is not None else defaults.max_retries,
        seed=int(seed) if seed is not None else None,
        repeat_penalty=number("repeat_penalty"),
        usd_per_mtok_in=_number("usd_per_mtok_in", options.get("usd_per_mtok_in", "0")),
        usd_per_mtok_out=_number("usd_per_mtok_out", options.get("usd_per_mtok_out", "0")),
        prompt_version=options.get("prompt_version", defaults.prompt_version),
    )
    return OpenAIRunner(model, config)


def _pi(model: str | None, options: Mapping[str, str], command: Sequence[str]) -> Runner:
    keys = {"binary", "provider", "thinking", "tools", "agent_dir", "network", "stream_cap_bytes"}
    keys |= {"base_url", "context_window", "max_tokens"}
    _check_keys("pi", options, _SANDBOX_KEYS | keys)
    from harness.runners.pi_cli import PiConfig, PiRunner

    defaults = PiConfig()
    network = options.get("network", "host")
    if network not in ("host", "isolated"):
        raise ValueError(f"option network must be host or isolated, got {network!r}")
    config = PiConfig(
        binary=options.get("binary", command[0] if command else defaults.binary),
        provider=options.get("provider"),
        base_url=options.get("base_url"),
        context_window=int(_number("context_window", options["context_window"]))
        if "context_window" in options
        else defaults.context_window,
        max_tokens=int(_number("max_tokens", options["max_tokens"]))
        if "max_tokens" in options
        else defaults.max_tokens,
        thinking=options.get("thinking"),
        tools=_words(options["tools"]) if "tools" in options else defaults.tools,
        agent_dir=Path(options["agent_dir"]) if "agent_dir" in options else None,
        network=network == "host",
        stream_cap=int(_number("stream_cap_bytes", options["stream_cap_bytes"]))
        if "stream_cap_bytes" in options
        else defaults.stream_cap,
        sandbox=_sandbox(options),
    )
    return PiRunner(model=model, config=config)


RUNNERS: dict[str, RunnerFactory] = {
    "reference": _reference,
    "recorded": _recorded,
    "command": _command,
    "python": _python,
    "openai": _openai,
    "pi": _pi,
}


def make_runner(
    name: str,
    *,
    model: str | None = None,
    options: Mapping[str, str] | None = None,
    command: Sequence[str] = (),
) -> Runner:
    """Build the runner ``name``; ValueError for a bad configuration, RunnerInfraError when its
    infrastructure is missing (no pi binary, a program not found)."""
    factory = RUNNERS.get(name)
    if factory is None:
        raise ValueError(f"unknown runner {name!r}; known: {', '.join(RUNNERS)}")
    return factory(model, options or {}, command)
