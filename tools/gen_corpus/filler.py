"""Filler: true but irrelevant evidence, so packages are not all signal.

Fillers are dated a day or more before ``recorded_at`` and say nothing about the question, so
they never change a package's ground truth.
"""

from __future__ import annotations

from tools.gen_corpus.scene import Scene
from tools.gen_corpus.wording import BOOKS, SERIES

#: (kind, agent or "any", text); fillers are true, dated before the activation and beside the point.
FILLERS: tuple[tuple[str, str, str], ...] = (
    ("memory", "uhdim", "The {series} studies settle best after a night away from the screen."),
    ("memory", "uhdim", "Verify, then settle - and once settled, let it rest."),
    (
        "history",
        "uhdim",
        "Compressed history: compared {series} contact sheets all morning; no outward actions taken.",
    ),
    (
        "history",
        "uhdim",
        "Compressed history: long walk, then sketches of shell spirals for {series}; nothing sent.",
    ),
    (
        "session",
        "uhdim",
        "Uhdim: The north light is good today; I'll let the palette decide the next study.",
    ),
    ("focus", "uhdim", "Focus: keep reading {author}, {book} - no deadline."),
    ("memory", "vojan", "Verify, then journal; never the other way round."),
    ("memory", "vojan", "A seal says what the bytes were, not what I meant them to be."),
    (
        "history",
        "vojan",
        "History summary: answered a student's question about ledger sigla; nothing outward pending.",
    ),
    (
        "history",
        "vojan",
        "History summary: compared two printings of the 1911 manual; notes kept locally.",
    ),
    ("session", "vojan", "Vojan: The teaching week is light; good time to reread before acting."),
    ("focus", "vojan", "Focus: reread {author}, {book}, for the seminar - no deadline."),
    ("reminder", "any", "Reminder: back up the studio drive - acknowledged."),
    ("reminder", "any", "Reminder: renew the archive reading-room pass - acknowledged."),
    ("heartbeat", "any", "Heartbeat: nothing new; rested without checks."),
    ("heartbeat", "any", "Heartbeat: short activation; read for twenty minutes, no outward work."),
)


def filler(s: Scene, count: int) -> None:
    """Add ``count`` filler items not used yet in this scene."""
    book, author = s.pick(BOOKS)
    series = s.pick(sorted(SERIES))
    free = [f for f in FILLERS if f[1] in (s.agent, "any") and f[2] not in s.fillers_used]
    s.rng.shuffle(free)
    for kind, _, template in free[:count]:
        s.fillers_used.add(template)
        text = template.format(series=series, book=book, author=author)
        at = s.mins(1400, 6000)
        if kind == "focus":
            s.focus(at, f"read-{author.lower()}", "open", text)
        elif kind == "reminder":
            s.reminder(at, text.split(": ", 1)[1].split(" - ")[0], "acknowledged", text)
        elif kind == "heartbeat":
            s.heartbeat(at, "read" if "read" in text else "rested", [], text)
        else:
            s.note(kind, at, text)
