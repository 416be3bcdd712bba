"""Opaque names for what a sandboxed child is told about its case.

Package ids spell out the failure mode (``...-clean-0003``, ``...-injection``) and the harness'
invocation ids are a plain hash of package id and stage, so either lets a program that knows or
guesses the corpus look its answer up. A child instead gets handles derived with HMAC-SHA256 from
a secret held by the harness for one run: stable within the run (the same package has the same
handle in every stage), meaningless outside it. The harness keeps the real invocation alongside;
only harness-side runners (recorded outputs, the in-process reference) ever see real ids.
Evidence ids stay as they are: they are what a stage cites.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from harness.schema import Invocation

HANDLE_CHARS = 20


def new_secret() -> bytes:
    return secrets.token_bytes(32)


def handle(secret: bytes, kind: str, value: str) -> str:
    digest = hmac.new(secret, f"{kind}\0{value}".encode(), hashlib.sha256).hexdigest()
    return f"{kind}-{digest[:HANDLE_CHARS]}"


def opaque_invocation(invocation: Invocation, secret: bytes) -> Invocation:
    """``invocation`` as a sandboxed child sees it: package and invocation ids (and the cancel
    token named after the invocation) replaced by handles."""
    inv = handle(secret, "inv", invocation.invocation_id)
    return invocation.model_copy(
        update={
            "invocation_id": inv,
            "package_id": handle(secret, "pkg", invocation.package_id),
            "cancel": invocation.cancel.model_copy(update={"id": f"cancel-{inv}"}),
        }
    )


__all__ = ["handle", "new_secret", "opaque_invocation"]
