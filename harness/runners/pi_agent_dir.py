"""A hermetic pi config folder per run (``~/.pi/agent`` under the workspace's own home): one
custom provider pointing at
the endpoint under test, compaction and pi's own retries off, nothing from the user's ``~/.pi``.

The provider speaks ``openai-completions`` with the compat switches a llama.cpp or vLLM server
needs (``max_tokens``, no developer role, no reasoning effort, no store, no strict mode).
"""

from __future__ import annotations

import json
from pathlib import Path

PROVIDER = "shadow"


def models_json(
    base_url: str, model: str, *, context_window: int, max_tokens: int
) -> dict[str, object]:
    return {
        "providers": {
            PROVIDER: {
                "baseUrl": base_url,
                "api": "openai-completions",
                "apiKey": "unused",
                "compat": {
                    "maxTokensField": "max_tokens",
                    "supportsDeveloperRole": False,
                    "supportsReasoningEffort": False,
                    "supportsStore": False,
                    "supportsStrictMode": False,
                },
                "models": [
                    {
                        "id": model,
                        "name": model,
                        "reasoning": False,
                        "input": ["text"],
                        "contextWindow": context_window,
                        "maxTokens": max_tokens,
                        "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
                    }
                ],
            }
        }
    }


#: Compaction would rewrite the conversation mid-case and pi's retries would hide provider errors
#: the harness must see (and retry itself, as infrastructure).
SETTINGS: dict[str, object] = {
    "compaction": {"enabled": False},
    "retry": {"enabled": False, "provider": {"maxRetries": 0}},
}


def write_agent_dir(
    folder: Path,
    base_url: str,
    model: str,
    *,
    context_window: int = 8192,
    max_tokens: int = 1024,
) -> None:
    """Write the config into ``folder``, which must be writable by pi: it takes a lock file
    beside ``settings.json`` and, when it cannot, silently runs on defaults (compaction on)."""
    folder.mkdir(parents=True, exist_ok=True)
    models = models_json(base_url, model, context_window=context_window, max_tokens=max_tokens)
    (folder / "models.json").write_text(json.dumps(models, indent=1))
    (folder / "settings.json").write_text(json.dumps(SETTINGS, indent=1))


def repo_pi_binary() -> Path | None:
    """``node_modules/.bin/pi`` of the checkout (``npm ci`` at the repo root), when installed."""
    candidate = Path(__file__).resolve().parents[2] / "node_modules" / ".bin" / "pi"
    return candidate if candidate.exists() else None
