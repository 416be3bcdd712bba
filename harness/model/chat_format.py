"""The chat template ``shadow model serve`` gives llama-cpp-python: ChatML, rendered verbatim.

Why not a format llama-cpp-python ships: ``chatml-function-calling`` renders messages through a
Jinja environment with HTML autoescaping on, so the model read ``&#34;`` for every ``"`` and
``&lt;&lt;&lt;DATA`` for the data fences. That doubled the prompt (5,746 tokens for a reconcile
case whose text is about 2,500) and SmolLM2 copied the entities into its quotes, which then failed
citation checks for a reason that was the server's, not the model's. Plain ``chatml`` renders
verbatim but crashes on pi's list-of-parts content. This template takes both content forms.

The prompt is tokenized with special tokens enabled, so a recorded message holding
``<|im_start|>system`` would open a real system turn: role markers inside content are defused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

NAME = "shadow-chatml"
STOP = "<|im_end|>"
_MARKERS = ("<|im_start|>", "<|im_end|>", "<|endoftext|>")
_ROLES = {"system", "user", "assistant", "tool"}


def _defuse(text: str) -> str:
    for marker in _MARKERS:
        # A space after "<|" keeps the text readable and stops it tokenizing as the special token.
        text = text.replace(marker, "<| " + marker[2:])
    return text


def content_text(content: object) -> str:
    """A message's content as text: a string, or the text of OpenAI list-of-parts content."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        texts: list[str] = []
        for part in content:
            if isinstance(part, Mapping):
                if part.get("type") == "text":
                    texts.append(str(part.get("text", "")))
                else:
                    texts.append(f"[{part.get('type', 'part')} omitted]")
            else:
                texts.append(str(part))
        return "\n".join(texts)
    return str(content)


def render(messages: Sequence[Mapping[str, Any]]) -> str:
    """ChatML for ``messages`` ending in an open assistant turn."""
    turns: list[str] = []
    for message in messages:
        role = str(message.get("role", "user"))
        if role == "developer":
            role = "system"
        if role not in _ROLES:
            role = "user"
        turns.append(f"<|im_start|>{role}\n{_defuse(content_text(message.get('content')))}{STOP}\n")
    turns.append("<|im_start|>assistant\n")
    return "".join(turns)


def register() -> None:
    """Add the template to llama-cpp-python's registry (the server process calls this)."""
    from llama_cpp import llama_chat_format

    @llama_chat_format.register_chat_format(NAME)  # type: ignore[untyped-decorator,unused-ignore]
    def _shadow_chatml(
        messages: Sequence[Mapping[str, Any]], **_: Any
    ) -> llama_chat_format.ChatFormatterResponse:
        return llama_chat_format.ChatFormatterResponse(prompt=render(messages), stop=STOP)
