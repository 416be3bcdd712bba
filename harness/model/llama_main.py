"""``python -m harness.model.llama_main ARGS``: llama-cpp-python's server with our chat template
and token usage on streamed replies.

The template must be registered in the server's own process before it parses ``--chat_format``,
and the usage wrapper must wrap the app the server builds, so ``shadow model serve`` starts this
module instead of ``llama_cpp.server``.
"""

from __future__ import annotations

from typing import Any

from harness.model.chat_format import register
from harness.model.stream_usage import with_stream_usage


def main() -> None:
    register()
    from llama_cpp.server import __main__ as server

    build = server.create_app  # type: ignore[attr-defined,unused-ignore]

    # The server's own main parses the arguments and runs uvicorn on what create_app returns;
    # replacing that one name in its module is the narrowest seam to wrap the app it serves.
    def create_app(**settings: Any) -> Any:
        return with_stream_usage(build(**settings))

    server.create_app = create_app  # type: ignore[attr-defined,assignment,unused-ignore]
    server.main()  # type: ignore[no-untyped-call,unused-ignore]


if __name__ == "__main__":
    main()
