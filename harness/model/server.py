"""Start llama-cpp-python's server on 127.0.0.1, wait until it answers, stop it with no orphan.

The child runs in its own process group and gets SIGTERM from the kernel if this process dies
(``PR_SET_PDEATHSIG``), so even a ``kill -9`` of the harness leaves no server behind.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from harness.model.files import resolve

_PR_SET_PDEATHSIG = 1


class ServerError(RuntimeError):
    pass


@dataclass(frozen=True)
class ServeConfig:
    model: str = "smollm2"
    port: int = 0
    n_ctx: int = 8192
    n_threads: int = 2
    #: Seconds to wait for the first answer (loading a GGUF file takes 1-2 s on a quiet machine).
    ready_seconds: float = 120.0
    log_file: Path | None = None


@dataclass(frozen=True)
class Served:
    base_url: str
    alias: str
    pid: int
    model_path: Path
    process: subprocess.Popen[bytes]

    def alive(self) -> bool:
        return self.process.poll() is None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_command(config: ServeConfig, port: int) -> tuple[list[str], str, Path]:
    path, alias, chat_format = resolve(config.model)
    command = [
        sys.executable,
        "-m",
        "harness.model.llama_main",
        "--model",
        str(path),
        "--model_alias",
        alias,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        str(config.n_ctx),
        "--n_threads",
        str(config.n_threads),
        # The prompt is evaluated with n_threads_batch, which llama-cpp-python's server sets to
        # every CPU unless told: "--threads 1" still spun two threads through each prompt (a
        # 1,341-token prompt here: 19 s of CPU on one thread, 21-34 s on two, load 2-3).
        "--n_threads_batch",
        str(config.n_threads),
        "--chat_format",
        chat_format,
    ]
    return command, alias, path


def _die_with_parent() -> None:
    os.setsid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the process group stop still applies
        pass


def answers(base_url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=timeout) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def stop(process: subprocess.Popen[bytes], grace: float = 5.0) -> None:
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextmanager
def serving(config: ServeConfig) -> Iterator[Served]:
    """The server running for the ``with`` body; its base URL ends in ``/v1``."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError:
        raise ServerError(
            "llama-cpp-python's server is not installed: pip install 'shadow-harness[model]'"
        ) from None
    port = config.port or free_port()
    if answers(f"http://127.0.0.1:{port}/v1", timeout=1.0):
        raise ServerError(f"port {port} already has a server answering; pick another --port")
    command, alias, path = server_command(config, port)
    log = open(config.log_file, "ab") if config.log_file else subprocess.DEVNULL  # noqa: SIM115
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT if config.log_file else subprocess.DEVNULL,
        preexec_fn=_die_with_parent,  # setsid and prctl only: safe before exec
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + config.ready_seconds
        while not answers(base_url):
            if process.poll() is not None:
                raise ServerError(
                    f"llama_cpp.server exited with code {process.returncode} before answering"
                    + (f"; see {config.log_file}" if config.log_file else "")
                )
            if time.monotonic() > deadline:
                raise ServerError(f"llama_cpp.server gave no answer in {config.ready_seconds:g}s")
            time.sleep(0.2)
        yield Served(
            base_url=base_url, alias=alias, pid=process.pid, model_path=path, process=process
        )
    finally:
        stop(process)
        if not isinstance(log, int):
            log.close()
