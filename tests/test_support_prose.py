"""Claim support against prose evidence: the statement that speaks of the claim's thing decides.

Cases written for the general reading (``support_statements``, ``support_prose``), in scenes and
words of their own (no line of a labelled set): notes that state several things, threads with
speakers, heartbeat lists, journal lines, registry rows, tables flattened into text. Each reading
has its hard negatives: another id of the series, another person's act, a plan, a hedge, a thing
no statement speaks of.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label
from harness.scorers.support_statements import statements_of


def _item(iid: str, kind: str, text: str, **data: Any) -> Backing:
    return Backing.of(
        EvidenceItem(
            id=iid, kind=kind, source="host", at="2026-11-20T09:00:00Z", text=text,
            data=data or None,
        )
    )  # fmt: skip


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


WEEK = _item("h1", "history", "Week notes: plates 2207 and 2208 printed; 2209 was scrapped.")
THREAD = _item(
    "m1", "message", "Oskar: the bench drawings reached me, all fine.",
    **{"from": "oskar", "to": "vojan", "thread": "thread:bench-drawings"},
)  # fmt: skip
OTHER_SENDER = _item(
    "m2", "message", "Pernille: I already uploaded the kiln photos to our drive.",
    **{"from": "pernille", "to": "uhdim", "thread": "thread:kiln-photos"},
)  # fmt: skip
TABLE = _item(
    "n1", "artifact",
    "item | status\n--- | ---\nproof-311 | sent\nproof-312 | still waiting\nproof-313 | bounced",
)  # fmt: skip
HEARTBEATS = _item(
    "b1", "heartbeat",
    "- 06:00 rested\n- 07:00 inbox recheck: no reply from Zdena yet\n- 08:00 rested",
)  # fmt: skip
JOURNAL_PLAN = _item("j1", "journal", "Will send Ludmila the binding quote tomorrow.")
JOURNAL_HEDGE = _item("j2", "journal", "The framing invoice to Aurel probably went through.")
JOURNAL_SENT = _item("j3", "journal", "Sent Ingrid the cover mock-ups.")
SESSION = _item(
    "s1", "session",
    "Morning session. Checked the glaze log. The celadon batch is fired; the tenmoku batch "
    "is still waiting to be fired. The moth prints: in progress.",
)  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a note of several things: the statement of the id the claim names decides
        ("Plate 2209 was printed this week.", [WEEK], "contradicted"),
        ("Plate 2209 was not printed this week.", [WEEK], "supported"),
        ("Plate 2208 was printed this week.", [WEEK], "supported"),
        ("Plate 2208 was not printed this week.", [WEEK], "contradicted"),
        # an id the note does not speak of is another thing
        ("Plate 2210 was printed this week.", [WEEK], "unsupported"),
        # a thread's line: its speaker is the one it speaks of
        ("Oskar received the bench drawings.", [THREAD], "supported"),
        ("Oskar has not received the bench drawings.", [THREAD], "contradicted"),
        # another person's act, in the first person, is not the agent's
        ("Uhdim uploaded the kiln photos.", [OTHER_SENDER], "unsupported"),
        # a table flattened into text: the row of the id
        ("proof-311 was sent.", [TABLE], "supported"),
        ("proof-311 was not sent.", [TABLE], "contradicted"),
        ("proof-312 was sent.", [TABLE], "contradicted"),
        ("proof-313 was delivered.", [TABLE], "contradicted"),
        ("proof-314 was sent.", [TABLE], "unsupported"),
        # a heartbeat list: the line that speaks of the person
        ("Zdena has replied.", [HEARTBEATS], "contradicted"),
        ("Zdena has not replied yet.", [HEARTBEATS], "supported"),
        # a plan or a hedge in the evidence is no outcome
        ("Ludmila has the binding quote.", [JOURNAL_PLAN], "unsupported"),
        ("Ludmila does not have the binding quote.", [JOURNAL_PLAN], "unsupported"),
        ("The framing invoice to Aurel was paid.", [JOURNAL_HEDGE], "unsupported"),
        # the agent's own act in its journal is not the recipient's reply
        ("Ingrid replied about the cover mock-ups.", [JOURNAL_SENT], "unsupported"),
        # a session note: the statement of the batch the claim names
        ("The tenmoku batch has been fired.", [SESSION], "contradicted"),
        ("The tenmoku batch is still waiting.", [SESSION], "supported"),
        ("The celadon batch has been fired.", [SESSION], "supported"),
        ("The shino batch has been fired.", [SESSION], "unsupported"),
        # a status of the thing is not the state of an act no host action names
        ("The moth prints were photographed.", [SESSION], "unsupported"),
        ("The moth prints were not photographed.", [SESSION], "unsupported"),
    ],
)
def test_prose_statement_decides(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


def test_statements_split_rows_lists_and_parts() -> None:
    rows = statements_of("n", "id | state\n---|---\nab-1 | done\nab-2 | open")
    assert [s.text for s in rows] == ["ab-1, state done", "ab-2, state open"]
    assert [s.says for s in rows] == ["done", "undone"]
    parts = statements_of("h", "spiral-6 live, spiral-7 queued; nothing else.")
    assert [s.says for s in parts][:2] == ["done", "undone"]
    spoken = statements_of("m", "Ilse: I might have sent it.\nIlse: got the proofs")
    assert [(s.speaker, s.says) for s in spoken] == [("ilse", None), ("ilse", "done")]


THREAD_LINES = _item(
    "m3", "message",
    "Vojan: sent the proofs over this morning.\nHalvard: thanks, the proofs arrived.\n"
    "Halvard: the invoice hasn't come through yet.",
    **{"from": "halvard", "to": "vojan", "thread": "thread:halvard-proofs"},
)  # fmt: skip
RECORD = _item("a1", "artifact", "file: atlas-plates.zip\nrecipient: Mirela\nstatus: delivered")
REGISTRY_ROWS = _item(
    "g1", "registry", "plate-14 | registered | 2026-11-02\nplate-15 | pending review | -"
)
BEATS = _item(
    "b2", "heartbeat",
    "09:00 checked inbox, nothing from Tereza\n10:00 kiln schedule to Tereza: queued",
)  # fmt: skip
LOG = _item(
    "j4", "journal",
    "Nov 3: posted harbour-notes-5 to the feed.\nNov 4: harbour-notes-6 drafted, not posted.",
)  # fmt: skip
RENDERS = _item(
    "a2", "artifact", "render-2231.png 2048x2048 ok\nrender-2232.png failed: out of memory"
)
ASKED = _item("j5", "journal", "Asked Jiri about the frames on Monday; no reply yet.")
OPEN = _item("f1", "focus", "lease thread with Ottilie: still open")


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a thread of several lines: the line of the thing, by its speaker
        ("Halvard received the proofs.", [THREAD_LINES], "supported"),
        ("Halvard has not received the proofs.", [THREAD_LINES], "contradicted"),
        ("Halvard received the invoice.", [THREAD_LINES], "contradicted"),
        ("The invoice has not reached Halvard yet.", [THREAD_LINES], "supported"),
        # key: value lines are one record of one thing
        ("The atlas plates reached Mirela.", [RECORD], "supported"),
        ("The atlas plates have not reached Mirela.", [RECORD], "contradicted"),
        ("The atlas plates reached Ondrej.", [RECORD], "unsupported"),
        # registry rows
        ("plate-15 is registered.", [REGISTRY_ROWS], "contradicted"),
        ("plate-14 is registered.", [REGISTRY_ROWS], "supported"),
        ("plate-16 is registered.", [REGISTRY_ROWS], "unsupported"),
        # a heartbeat list
        ("Tereza has the kiln schedule.", [BEATS], "contradicted"),
        ("The kiln schedule to Tereza is still queued.", [BEATS], "supported"),
        # journal lines by day
        ("harbour-notes-6 is live on the feed.", [LOG], "contradicted"),
        ("harbour-notes-6 has not been posted.", [LOG], "supported"),
        ("harbour-notes-5 was posted.", [LOG], "supported"),
        # an artifact listing
        ("render-2232 rendered cleanly.", [RENDERS], "contradicted"),
        ("render-2231 rendered.", [RENDERS], "supported"),
        # no reply yet, still open
        ("Jiri replied about the frames.", [ASKED], "contradicted"),
        ("Jiri has not answered about the frames yet.", [ASKED], "supported"),
        ("The lease thread with Ottilie is closed.", [OPEN], "contradicted"),
        ("The lease thread with Ottilie is still open.", [OPEN], "supported"),
    ],
)
def test_prose_shapes(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


PLATES = _item(
    "m4", "message",
    "Ilse: did the plates go out?\nVojan: plate-31 went out at 14:40, plate-32 is still stuck.",
    **{"from": "vojan", "to": "ilse", "thread": "thread:plates"},
)  # fmt: skip
BEAT_DAY = _item(
    "b3", "heartbeat",
    "Heartbeats today: 06:00 rested; 09:00 inbox recheck (2 new); 12:00 sent reminder to Bo - "
    "bounced.",
)  # fmt: skip
SEALS = _item("g2", "registry", "ledger-7: sealed v3\nledger-8: not sealed (drift pending)")
NOT_YET = _item("j6", "journal", "Didn't get to the Hanne invoice today.")
EXPORT = _item("a3", "artifact", "export-44.csv: 0 rows (export failed)")
DELIVERIES = _item("a4", "artifact", "Delivery status\nIlse: delivered\nBo: queued\nCai: failed")
INBOX = _item(
    "s2", "session",
    "Went through the inbox. Replied to Mette about the frames. Haven't answered Sune yet.",
)  # fmt: skip
DRAFTED = _item("j7", "journal", "Oct 4: drafted the grant letter; sending it tomorrow.")
CAME = _item(
    "m5", "message", "Farah: the frames came today, but the glass on two is cracked.",
    **{"from": "farah", "to": "vojan", "thread": "thread:frames"},
)  # fmt: skip
PENDING = _item("f2", "focus", "Pending: reply to Ondra about the kiln slot.")


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a thread line of two ids: each part its own
        ("plate-32 went out.", [PLATES], "contradicted"),
        ("plate-32 has not gone out.", [PLATES], "supported"),
        ("plate-31 went out.", [PLATES], "supported"),
        ("plate-31 did not go out.", [PLATES], "contradicted"),
        # a heartbeat list: the later part of the thing's line overtakes the earlier
        ("The reminder to Bo was delivered.", [BEAT_DAY], "contradicted"),
        ("Bo got the reminder.", [BEAT_DAY], "contradicted"),
        ("Bo did not get the reminder.", [BEAT_DAY], "supported"),
        # registry lines
        ("ledger-8 is sealed.", [SEALS], "contradicted"),
        ("ledger-8 has not been sealed.", [SEALS], "supported"),
        ("ledger-7 is sealed.", [SEALS], "supported"),
        ("ledger-9 is sealed.", [SEALS], "unsupported"),
        # a negated journal line, an artifact's failure
        ("The Hanne invoice was paid.", [NOT_YET], "contradicted"),
        ("The Hanne invoice has not been paid yet.", [NOT_YET], "supported"),
        ("export-44 completed.", [EXPORT], "contradicted"),
        ("export-44 did not complete.", [EXPORT], "supported"),
        # a flattened table of people: the row of the person
        ("Bo has the files.", [DELIVERIES], "contradicted"),
        ("Ilse has the files.", [DELIVERIES], "supported"),
        ("Cai has not received the files.", [DELIVERIES], "supported"),
        ("Dag has the files.", [DELIVERIES], "unsupported"),
        # a session's sentences, each of its own person
        ("Uhdim replied to Mette.", [INBOX], "supported"),
        ("Uhdim has answered Sune.", [INBOX], "contradicted"),
        ("Uhdim has not replied to Sune.", [INBOX], "supported"),
        ("Uhdim has not replied to Mette.", [INBOX], "contradicted"),
        # the drafting is done; the send is only planned
        ("The grant letter has been drafted.", [DRAFTED], "supported"),
        # "came" is an arrival; a line's head that is a state is no speaker
        ("Farah received the frames.", [CAME], "supported"),
        ("The frames have not reached Farah.", [CAME], "contradicted"),
        ("Ondra has been answered about the kiln slot.", [PENDING], "contradicted"),
        ("The reply to Ondra is still pending.", [PENDING], "supported"),
    ],
)
def test_prose_lines(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


SESSION_LIST = _item(
    "s3", "session",
    "Session notes\n- merged glaze-calc into main\n- ledger-sync: tests red, not merged\n"
    "- told Ivo about the merge",
)  # fmt: skip
PETRA = _item(
    "m6", "message",
    "Thread with Petra\nPetra: any news on the scans?\nUhdim: scans uploaded to the share this "
    "morning.\nPetra: got them, thanks!",
)  # fmt: skip
RETRIED = _item(
    "b4", "heartbeat", "03:00 rested\n04:00 rested\n05:00 payment to Lenz retried: failed again"
)
PROOF_ROWS = _item(
    "a5", "artifact", "proofs-v2.pdf | 12 pages | sent to Rhea\nproofs-v3.pdf | 14 pages | not sent"
)
KILN_LOGS = _item(
    "g3", "registry", "Registry: kiln-log-3 registered 2026-11-01; kiln-log-4 registration pending"
)
GUESS = _item(
    "j8", "journal", "Seems the invoice to Lenz went through, but I have not seen a receipt."
)
PLAN_LINE = _item("j9", "journal", "Plan: publish harbour-notes-7 on Friday.")
WROTE = _item("j10", "journal", "Wrote to Ana about the proofs this morning.")
CANCELLED = _item(
    "h2", "history", "Oct 2: the studio visit with Lukas was cancelled; rebooked for Oct 9."
)


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a session's list items, each of its own branch or person
        ("ledger-sync was merged.", [SESSION_LIST], "contradicted"),
        ("ledger-sync has not been merged.", [SESSION_LIST], "supported"),
        ("glaze-calc was merged into main.", [SESSION_LIST], "supported"),
        ("glaze-calc was not merged.", [SESSION_LIST], "contradicted"),
        ("Ivo was told about the merge.", [SESSION_LIST], "supported"),
        # a thread of speakers: the line of the one the claim names
        ("Petra has the scans.", [PETRA], "supported"),
        ("Petra does not have the scans yet.", [PETRA], "contradicted"),
        # a heartbeat's last line, a retry that failed
        ("The payment to Lenz went through.", [RETRIED], "contradicted"),
        ("Lenz has not been paid.", [RETRIED], "supported"),
        # rows without a header: one statement a row
        ("proofs-v3 was sent.", [PROOF_ROWS], "contradicted"),
        ("proofs-v2 was sent to Rhea.", [PROOF_ROWS], "supported"),
        ("proofs-v2 was not sent.", [PROOF_ROWS], "contradicted"),
        ("kiln-log-4 is registered.", [KILN_LOGS], "contradicted"),
        ("kiln-log-3 is registered.", [KILN_LOGS], "supported"),
        # a guess and a plan prove nothing either way
        ("The invoice to Lenz was paid.", [GUESS], "unsupported"),
        ("The invoice to Lenz was not paid.", [GUESS], "unsupported"),
        ("harbour-notes-7 was published.", [PLAN_LINE], "unsupported"),
        ("harbour-notes-7 has not been published.", [PLAN_LINE], "unsupported"),
        # the agent's own line in its journal, its verb a reporting word
        ("Uhdim has not written to Ana.", [WROTE], "contradicted"),
        ("Ana replied about the proofs.", [WROTE], "unsupported"),
        # a thing cancelled did not come about
        ("The studio visit with Lukas took place on Oct 2.", [CANCELLED], "contradicted"),
        ("The studio visit with Lukas was cancelled.", [CANCELLED], "supported"),
    ],
)
def test_prose_lists_rows_and_guesses(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


NOT_HAD = _item(
    "m7", "message", "Greta: I haven't had the hanging plan from you yet, did it go out?",
    **{"from": "greta", "to": "uhdim", "thread": "thread:hanging"},
)  # fmt: skip
GOT_IT = _item(
    "m8", "message", "Tomasz: I got the varnish schedule, cheers!",
    **{"from": "tomasz", "to": "vojan", "thread": "thread:varnish"},
)  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a person's own line of having a thing, or not, a question after it no part of it
        ("Greta says she has the hanging plan.", [NOT_HAD], "contradicted"),
        ("Greta has not received the hanging plan.", [NOT_HAD], "supported"),
        # confirming receipt is saying one got it
        ("Tomasz has not confirmed receipt.", [GOT_IT], "contradicted"),
        ("Tomasz confirmed receipt of the varnish schedule.", [GOT_IT], "supported"),
        # another person's receipt is not confirmed by Tomasz's line
        ("Greta confirmed receipt of the varnish schedule.", [GOT_IT], "unsupported"),
    ],
)
def test_person_own_line(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


ILSE_LINE = _item(
    "m9", "message", "Ilse: thanks, the contact sheet looks great.",
    **{"from": "ilse", "to": "uhdim", "thread": "thread:ilse-sheet"},
)  # fmt: skip
INBOX_NOTE = _item("b5", "heartbeat", "inbox: 1 new from Ilse (re: contact sheet)")
QUIET_INBOX = _item("b6", "heartbeat", "inbox rechecked: no reply from Ilse")
GLAZE = _item("s4", "session", "Glaze order: still waiting on the supplier.")
OPENER = _item(
    "m10", "message", "Oda: could you hold the prints until Monday? The invoice can wait.",
    **{"from": "oda", "unread": True},
)  # fmt: skip
FRAMES_DONE = _item("a6", "artifact", "render-0455: 240/240 frames, done")


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # a person's own line is their answer, whatever it says
        ("Ilse replied about the contact sheet.", [ILSE_LINE], "supported"),
        ("No reply from Ilse has come in.", [ILSE_LINE], "contradicted"),
        # the agent's reply is not the person's line
        ("Uhdim replied to Ilse about the contact sheet.", [ILSE_LINE], "unsupported"),
        # a note of a message from them records one; negated, none
        ("Ilse still has not replied.", [INBOX_NOTE], "contradicted"),
        ("Ilse still has not replied.", [QUIET_INBOX], "supported"),
        ("Ilse has replied.", [QUIET_INBOX], "contradicted"),
        # another person's message is not theirs
        ("Bruno has replied.", [INBOX_NOTE], "unsupported"),
        # a line that opens a thread asks; it answers nothing
        ("Oda replied about the prints.", [OPENER], "unsupported"),
        # naming nothing, the clause's thing is its subject, every word of it in the line
        ("The glaze order has arrived.", [GLAZE], "contradicted"),
        ("The glaze order has not arrived yet.", [GLAZE], "supported"),
        ("The clay order has arrived.", [GLAZE], "unsupported"),
        # an id's own status, its line naming it
        ("render-0455 finished.", [FRAMES_DONE], "supported"),
        ("render-0456 finished.", [FRAMES_DONE], "unsupported"),
    ],
)
def test_answers_and_own_status(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want
