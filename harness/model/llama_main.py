"""``python -m harness.model.llama_main ARGS``: llama-cpp-python's server with our chat template.

The template must be registered in the server's own process before it parses ``--chat_format``,
so ``shadow model serve`` starts this module instead of ``llama_cpp.server``.
"""

from __future__ import annotations

from harness.model.chat_format import register


def main() -> None:
    register()
    from llama_cpp.server.__main__ import main as server_main

    server_main()  # type: ignore[no-untyped-call,unused-ignore]


if __name__ == "__main__":
    main()
