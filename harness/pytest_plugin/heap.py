"""The session's heap and the cyclic garbage collector.

A pytest session's heap grows with its items: pytest keeps every item and its reports to the end
(the plugin itself keeps little of a case once its item has reported: ``ledger``), so each full
pass of the cyclic collector rescans a heap that only grows (at 8,640 cases, when the session
also held every case's outcome, those passes cost 8-9 s of a 54 s session against 2 s for
``shadow run``). After each shadow case a young collection takes that case's cyclic garbage and
``gc.freeze`` moves what survived out of the collector's reach; the session's end gives it back
(``gc.unfreeze``), so nothing stays frozen past the session and cycles that die later are still
collected then. Only shadow cases do this: a session without them is untouched."""

from __future__ import annotations

import gc


def settle_case() -> None:
    """After a case: collect the young generations, then freeze the survivors."""
    gc.collect(1)
    gc.freeze()


def release() -> None:
    """At the session's end: everything frozen goes back to the oldest generation."""
    gc.unfreeze()
