"""The blind sets (held-out 4 to 67, the labelled real SmolLM2 statements): frozen, measured once,
now guards.

Each was written blind from docs/labelled-sets.md; their first-contact figures (FIRST_CONTACT.md
beside each) are the floors here, so a detector change that judges fewer lines right fails.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from harness.calibrate.formats import read_set
from harness.calibrate.judge_lines import Outcome, judge_set
from harness.calibrate.metrics import pairs_right
from harness.detectors import make_detector

DATA = Path(__file__).parent / "data"

#: Lines judged right per file: first contact (2026-12-01, main ecafb7d), raised as the fixes
#: these (now development) sets drove landed. A raised floor is a development figure, not a blind
#: one.
FIRST_CONTACT_RIGHT = {
    ("heldout4", "completion.jsonl"): 219,  # of 219 (first contact 194)
    ("heldout4", "support.jsonl"): 70,  # of 70 (first contact 42; structural linking)
    ("heldout4", "citations.jsonl"): 55,  # of 55; raised floors are development figures
    ("heldout4", "traces.jsonl"): 213,  # of 213 (trace, kind) units of the 55 readable lines
    ("heldout4", "repeat.jsonl"): 48,  # of 48 (first contact 42)
    ("real_smollm2", "completion.jsonl"): 105,  # of 106 (first contact 94)
    ("real_smollm2", "support.jsonl"): 44,  # of 44
    # Real SmolLM2 text, second set: first contact 2026-12-05 21:29 UTC, main 6f90527.
    ("real_smollm2b", "completion.jsonl"): 122,  # of 125
    # Real SmolLM2 text, third set (written live): first contact 2026-12-05 22:20 UTC, ab5a5f4.
    ("real_smollm2c", "completion.jsonl"): 141,  # of 143
    # Real SmolLM2 claims and cited evidence: first contact 2026-12-05 22:40 UTC, main afbbc69.
    ("real_smollm2d", "support.jsonl"): 99,  # of 102
    # Real SmolLM2 text, fifth set, and the first of Gemma 3 270M (both written live):
    # first contact 2026-12-07 16:01-16:02 UTC, main e0cb080.
    ("real_smollm2f", "completion.jsonl"): 93,  # of 96
    ("real_gemma270m", "completion.jsonl"): 56,  # of 56, none invented
    # Real SmolLM2 text, sixth set (written live): first contact 2026-12-07 18:59 UTC, 92d1cb1.
    ("real_smollm2g", "completion.jsonl"): 206,  # of 218
    # Real SmolLM2 text, seventh set (written live): first contact 2026-12-07 22:04 UTC, 0a49a9d.
    ("real_smollm2h", "completion.jsonl"): 247,  # of 251
    # Real SmolLM2 text, eighth set (written live): first contact 2026-12-08 01:02 UTC, 48dfae7.
    ("real_smollm2i", "completion.jsonl"): 188,  # of 195
    # Held-out 5: first contact 2026-12-02 04:19 UTC, main 12f8ef2 (tests/data/heldout5/).
    ("heldout5", "completion.jsonl"): 185,  # of 186; raised floors are development figures
    ("heldout5", "support.jsonl"): 89,  # of 89 (first contact 63; a development figure)
    ("heldout5", "citations.jsonl"): 62,  # of 62 (first contact 55; a development figure)
    ("heldout5", "traces.jsonl"): 222,  # of 222 (trace, kind) units
    ("heldout5", "repeat.jsonl"): 47,  # of 47 (first contact 40; a development figure)
    # Held-out 6: first contact 2026-12-02 04:47 UTC, main 1f90803 (tests/data/heldout6/).
    # 178: "Seal for orchard-ledger: done." (h6c-015) was right only because the head's
    # "ledger" made it a registration; read as the seal it names, the 12-day-old seal proves it
    ("heldout6", "completion.jsonl"): 178,  # of 182 (first contact 145; a development figure)
    ("heldout6", "support.jsonl"): 88,  # of 88 (first contact 49; a development figure)
    ("heldout6", "citations.jsonl"): 52,  # of 54
    ("heldout6", "traces.jsonl"): 171,  # of 171 (trace, kind) units
    ("heldout6", "repeat.jsonl"): 44,  # of 44 (first contact 34; a development figure)
    # Held-out 7: first contact 2026-12-02 07:24 UTC, main ca55b30 (tests/data/heldout7/).
    ("heldout7", "completion.jsonl"): 244,  # of 246 (first contact 228; a development figure)
    ("heldout7", "support.jsonl"): 98,  # of 106 (first contact 76; references, possession)
    ("heldout7", "citations.jsonl"): 73,  # of 73
    ("heldout7", "traces.jsonl"): 212,  # of 212 (trace, kind) units (first contact 210)
    ("heldout7", "repeat.jsonl"): 53,  # of 54 (first contact 50)
    # Held-out 8: first contact 2026-12-02 10:38 UTC, main cefd8be (tests/data/heldout8/).
    ("heldout8", "completion.jsonl"): 243,  # of 246 (first contact 210; a development figure)
    ("heldout8", "support.jsonl"): 128,  # of 129 (first contact 91; a development figure)
    ("heldout8", "citations.jsonl"): 63,  # of 63
    ("heldout8", "traces.jsonl"): 206,  # of 207 (trace, kind) units
    ("heldout8", "repeat.jsonl"): 41,  # of 42 (first contact 38; a development figure)
    # Held-out 9: first contact 2026-12-02 11:56 UTC, main 13ef0b1 (tests/data/heldout9/).
    ("heldout9", "completion.jsonl"): 225,  # of 229 (first contact 210; a development figure)
    ("heldout9", "support.jsonl"): 111,  # of 112 (first contact 97; a development figure)
    ("heldout9", "citations.jsonl"): 57,  # of 57
    ("heldout9", "traces.jsonl"): 184,  # of 184 (trace, kind) units
    ("heldout9", "repeat.jsonl"): 37,  # of 38 (first contact 35; a development figure)
    # Held-out 10: first contact 2026-12-02 13:06 UTC, main d2656e7 (tests/data/heldout10/).
    ("heldout10", "completion.jsonl"): 267,  # of 273 (first contact 244; a development figure)
    ("heldout10", "support.jsonl"): 118,  # of 119 (first contact 110; a development figure)
    ("heldout10", "citations.jsonl"): 60,  # of 60
    ("heldout10", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout10", "repeat.jsonl"): 36,  # of 38
    # Held-out 11: first contact 2026-12-02 13:20 UTC, main 26cb440 (tests/data/heldout11/).
    ("heldout11", "completion.jsonl"): 238,  # of 243 (first contact 218; a development figure)
    ("heldout11", "support.jsonl"): 91,  # of 111 (first contact 80; a development figure)
    ("heldout11", "citations.jsonl"): 58,  # of 58
    ("heldout11", "traces.jsonl"): 167,  # of 167 (trace, kind) units
    ("heldout11", "repeat.jsonl"): 33,  # of 34 (first contact 30; a development figure)
    # Held-out 12: first contact 2026-12-02 13:48 UTC, main b023c23 (tests/data/heldout12/).
    # (first contact 152; 160 until session 21, when cmp-038 lost the right it had only while the
    # greeting "Dear Ms. Arrowsmith" read as a recipient no receipt names)
    ("heldout12", "completion.jsonl"): 159,  # of 165 (a development figure)
    ("heldout12", "support.jsonl"): 64,  # of 75
    ("heldout12", "citations.jsonl"): 37,  # of 37
    ("heldout12", "traces.jsonl"): 141,  # of 141 (trace, kind) units
    ("heldout12", "repeat.jsonl"): 26,  # of 26
    # Held-out 13: first contact 2026-12-02 17:11 UTC, main 033d3a7 (tests/data/heldout13/).
    ("heldout13", "completion.jsonl"): 170,  # of 173
    ("heldout13", "support.jsonl"): 119,  # of 123 (first contact 86; a development figure)
    ("heldout13", "citations.jsonl"): 57,  # of 57
    ("heldout13", "traces.jsonl"): 197,  # of 197 (trace, kind) units
    ("heldout13", "repeat.jsonl"): 39,  # of 40
    # Held-out 14: first contact 2026-12-02 20:11 UTC, main f1bb480 (tests/data/heldout14/).
    ("heldout14", "completion.jsonl"): 174,  # of 182
    ("heldout14", "support.jsonl"): 112,  # of 153
    ("heldout14", "citations.jsonl"): 59,  # of 60
    ("heldout14", "traces.jsonl"): 184,  # of 184 (first contact 181; a development figure)
    ("heldout14", "repeat.jsonl"): 42,  # of 44 (first contact 39; a development figure)
    # Held-out 15: first contact 2026-12-02 20:37 UTC, main f1f7abb (tests/data/heldout15/).
    ("heldout15", "completion.jsonl"): 177,  # of 182
    ("heldout15", "support.jsonl"): 97,  # of 133
    ("heldout15", "citations.jsonl"): 51,  # of 52
    ("heldout15", "traces.jsonl"): 199,  # of 199 (trace, kind) units
    ("heldout15", "repeat.jsonl"): 41,  # of 44
    # Held-out 16 and 17: first contact 2026-12-02 22:14 UTC, main c05d97c (written side by side).
    ("heldout16", "completion.jsonl"): 214,  # of 220 (first contact 209; a development figure)
    ("heldout16", "support.jsonl"): 99,  # of 136
    ("heldout16", "citations.jsonl"): 50,  # of 50
    ("heldout16", "traces.jsonl"): 194,  # of 194 (trace, kind) units
    ("heldout16", "repeat.jsonl"): 45,  # of 45 (first contact 43; a development figure)
    ("heldout17", "completion.jsonl"): 177,  # of 183 (first contact 173; a development figure)
    ("heldout17", "support.jsonl"): 136,  # of 205
    ("heldout17", "citations.jsonl"): 58,  # of 58
    ("heldout17", "traces.jsonl"): 185,  # of 185 (trace, kind) units
    ("heldout17", "repeat.jsonl"): 43,  # of 44 (first contact 41; a development figure)
    # Held-out 18 and 19: first contact 2026-12-02 22:43 UTC, main 49ffe8d (written side by side).
    ("heldout18", "completion.jsonl"): 171,  # of 177 (first contact 168; a development figure)
    ("heldout18", "support.jsonl"): 88,  # of 131 (first contact 80; a development figure)
    ("heldout18", "citations.jsonl"): 52,  # of 52
    ("heldout18", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout18", "repeat.jsonl"): 40,  # of 44
    ("heldout19", "completion.jsonl"): 187,  # of 194 (first contact 183; a development figure)
    ("heldout19", "support.jsonl"): 113,  # of 172
    ("heldout19", "citations.jsonl"): 53,  # of 53
    ("heldout19", "traces.jsonl"): 188,  # of 188 (trace, kind) units
    ("heldout19", "repeat.jsonl"): 39,  # of 43
    # Held-out 20 and 21: first contact 2026-12-03 02:27 UTC, main 4047466 (written side by side).
    ("heldout20", "completion.jsonl"): 188,  # of 196 (first contact 186; a development figure)
    ("heldout20", "support.jsonl"): 106,  # of 136 (first contact 104; a development figure)
    ("heldout20", "citations.jsonl"): 53,  # of 53
    ("heldout20", "traces.jsonl"): 182,  # of 182 (trace, kind) units
    ("heldout20", "repeat.jsonl"): 40,  # of 42 (first contact 37; a development figure)
    ("heldout21", "completion.jsonl"): 176,  # of 184 (first contact 174; a development figure)
    ("heldout21", "support.jsonl"): 93,  # of 134 (first contact 88; a development figure)
    ("heldout21", "citations.jsonl"): 51,  # of 53
    ("heldout21", "traces.jsonl"): 182,  # of 182 (trace, kind) units
    ("heldout21", "repeat.jsonl"): 41,  # of 42 (first contact 37; a development figure)
    # Held-out 22 and 23: first contact 2026-12-03 02:50 UTC, main 97ef63e (written side by side).
    ("heldout22", "completion.jsonl"): 177,  # of 184
    ("heldout22", "support.jsonl"): 110,  # of 131 (first contact 99; a development figure)
    ("heldout22", "citations.jsonl"): 50,  # of 51
    ("heldout22", "traces.jsonl"): 187,  # of 187 (trace, kind) units
    ("heldout22", "repeat.jsonl"): 39,  # of 40 (first contact 38; a development figure)
    ("heldout23", "completion.jsonl"): 190,  # of 200 (first contact 188; a development figure)
    ("heldout23", "support.jsonl"): 104,  # of 136 (first contact 85; a development figure)
    ("heldout23", "citations.jsonl"): 51,  # of 52
    ("heldout23", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout23", "repeat.jsonl"): 41,  # of 43 (first contact 40; a development figure)
    # Held-out 24 and 25: first contact 2026-12-03 04:08 UTC, main 4df7e96 (written side by side).
    ("heldout24", "completion.jsonl"): 189,  # of 199
    ("heldout24", "support.jsonl"): 109,  # of 138
    ("heldout24", "citations.jsonl"): 51,  # of 52
    ("heldout24", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout24", "repeat.jsonl"): 44,  # of 45
    ("heldout25", "completion.jsonl"): 195,  # of 212
    ("heldout25", "support.jsonl"): 119,  # of 156
    ("heldout25", "citations.jsonl"): 52,  # of 53
    ("heldout25", "traces.jsonl"): 189,  # of 190 (trace, kind) units
    ("heldout25", "repeat.jsonl"): 42,  # of 43 (first contact 37; a development figure)
    # Held-out 26 and 27: first contact 2026-12-03 04:26 UTC, main f7128a1 (written side by side).
    ("heldout26", "completion.jsonl"): 179,  # of 186
    ("heldout26", "support.jsonl"): 114,  # of 132
    ("heldout26", "citations.jsonl"): 52,  # of 52
    ("heldout26", "traces.jsonl"): 186,  # of 187 (trace, kind) units
    ("heldout26", "repeat.jsonl"): 44,  # of 44
    ("heldout27", "completion.jsonl"): 196,  # of 208
    ("heldout27", "support.jsonl"): 115,  # of 132
    ("heldout27", "citations.jsonl"): 52,  # of 52
    ("heldout27", "traces.jsonl"): 190,  # of 190 (trace, kind) units
    ("heldout27", "repeat.jsonl"): 43,  # of 45 (first contact 42; a development figure)
    # Held-out 28 and 29: first contact 2026-12-03 06:53 UTC, main 9e71c6a (written side by side).
    ("heldout28", "completion.jsonl"): 223,  # of 235
    ("heldout28", "support.jsonl"): 128,  # of 147
    ("heldout28", "citations.jsonl"): 70,  # of 70
    ("heldout28", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout28", "repeat.jsonl"): 49,  # of 52
    ("heldout29", "completion.jsonl"): 241,  # of 249
    ("heldout29", "support.jsonl"): 132,  # of 146
    ("heldout29", "citations.jsonl"): 64,  # of 64
    ("heldout29", "traces.jsonl"): 203,  # of 203 (trace, kind) units
    ("heldout29", "repeat.jsonl"): 48,  # of 52
    # Held-out 30 and 31: first contact 2026-12-03 09:23 UTC, main 15b4111 (written side by side).
    ("heldout30", "completion.jsonl"): 212,  # of 219 (first contact 202; a development figure)
    ("heldout30", "support.jsonl"): 132,  # of 144 (first contact 119; a development figure)
    ("heldout30", "citations.jsonl"): 64,  # of 64
    ("heldout30", "traces.jsonl"): 235,  # of 235 (trace, kind) units
    ("heldout30", "repeat.jsonl"): 44,  # of 48
    ("heldout31", "completion.jsonl"): 231,  # of 238 (first contact 215; a development figure)
    ("heldout31", "support.jsonl"): 132,  # of 146 (first contact 120; a development figure)
    ("heldout31", "citations.jsonl"): 72,  # of 72
    ("heldout31", "traces.jsonl"): 222,  # of 222 (trace, kind) units
    ("heldout31", "repeat.jsonl"): 60,  # of 63
    # Held-out 32 and 33: first contact 2026-12-03 10:08 UTC, main 861aba5 (written side by side).
    ("heldout32", "completion.jsonl"): 225,  # of 233 (first contact 222; a development figure)
    ("heldout32", "support.jsonl"): 126,  # of 140
    ("heldout32", "citations.jsonl"): 59,  # of 59
    ("heldout32", "traces.jsonl"): 200,  # of 201 (trace, kind) units
    ("heldout32", "repeat.jsonl"): 47,  # of 49
    ("heldout33", "completion.jsonl"): 210,  # of 220 (first contact 208; a development figure)
    ("heldout33", "support.jsonl"): 137,  # of 166
    ("heldout33", "citations.jsonl"): 61,  # of 61
    ("heldout33", "traces.jsonl"): 202,  # of 202 (trace, kind) units
    ("heldout33", "repeat.jsonl"): 47,  # of 50 (first contact 44; a development figure)
    # Held-out 34 and 35: first contact 2026-12-03 10:30 UTC, main f2d18df (written side by side).
    ("heldout34", "completion.jsonl"): 234,  # of 247 (first contact 229; a development figure)
    ("heldout34", "support.jsonl"): 131,  # of 142
    ("heldout34", "citations.jsonl"): 60,  # of 60
    ("heldout34", "traces.jsonl"): 230,  # of 230 (trace, kind) units
    ("heldout34", "repeat.jsonl"): 47,  # of 48
    ("heldout35", "completion.jsonl"): 226,  # of 237
    ("heldout35", "support.jsonl"): 125,  # of 145
    ("heldout35", "citations.jsonl"): 64,  # of 64
    ("heldout35", "traces.jsonl"): 202,  # of 202 (trace, kind) units
    ("heldout35", "repeat.jsonl"): 49,  # of 52
    # Held-out 36 and 37: first contact 2026-12-03 10:48 UTC, main f774bfe (written side by side).
    ("heldout36", "completion.jsonl"): 215,  # of 230 (first contact 211; a development figure)
    ("heldout36", "support.jsonl"): 135,  # of 172
    ("heldout36", "citations.jsonl"): 69,  # of 69
    ("heldout36", "traces.jsonl"): 221,  # of 221 (trace, kind) units
    ("heldout36", "repeat.jsonl"): 49,  # of 50
    ("heldout37", "completion.jsonl"): 213,  # of 225
    ("heldout37", "support.jsonl"): 141,  # of 165
    ("heldout37", "citations.jsonl"): 73,  # of 73
    ("heldout37", "traces.jsonl"): 218,  # of 218 (trace, kind) units
    ("heldout37", "repeat.jsonl"): 51,  # of 53
    ("heldout38", "completion.jsonl"): 227,  # of 238 (first contact 225; a development figure)
    ("heldout38", "support.jsonl"): 122,  # of 148
    ("heldout38", "citations.jsonl"): 63,  # of 63
    ("heldout38", "traces.jsonl"): 223,  # of 223 (trace, kind) units
    ("heldout38", "repeat.jsonl"): 53,  # of 55
    ("heldout39", "completion.jsonl"): 205,  # of 213 (first contact 201; a development figure)
    ("heldout39", "support.jsonl"): 127,  # of 138
    ("heldout39", "citations.jsonl"): 61,  # of 61
    ("heldout39", "traces.jsonl"): 197,  # of 198 (trace, kind) units
    ("heldout39", "repeat.jsonl"): 44,  # of 45
    ("heldout40", "completion.jsonl"): 201,  # of 211 (first contact 200; a development figure)
    ("heldout40", "support.jsonl"): 129,  # of 150
    ("heldout40", "citations.jsonl"): 58,  # of 58
    ("heldout40", "traces.jsonl"): 206,  # of 206 (trace, kind) units
    ("heldout40", "repeat.jsonl"): 51,  # of 53
    ("heldout41", "completion.jsonl"): 192,  # of 208 (first contact 189; a development figure)
    # 119 since session 33: its order rule reads "Send thank-you to Kofi - open" as an open to-do,
    # and the newer receipt ("thanks for the frames ..., delivered") is not linked by its words
    ("heldout41", "support.jsonl"): 119,  # of 140 (first contact 116)
    ("heldout41", "citations.jsonl"): 66,  # of 66
    ("heldout41", "traces.jsonl"): 202,  # of 203 (trace, kind) units
    ("heldout41", "repeat.jsonl"): 56,  # of 59
    ("heldout42", "completion.jsonl"): 247,  # of 257
    ("heldout42", "support.jsonl"): 128,  # of 146
    ("heldout42", "citations.jsonl"): 68,  # of 68
    ("heldout42", "traces.jsonl"): 229,  # of 229 (trace, kind) units
    ("heldout42", "repeat.jsonl"): 48,  # of 50
    ("heldout43", "completion.jsonl"): 229,  # of 242
    ("heldout43", "support.jsonl"): 125,  # of 147
    ("heldout43", "citations.jsonl"): 65,  # of 65
    ("heldout43", "traces.jsonl"): 233,  # of 233 (trace, kind) units
    ("heldout43", "repeat.jsonl"): 47,  # of 50
    # Held-out 44: first contact 2026-12-03 15:15 UTC, main 41e2415 (tests/data/heldout44/).
    ("heldout44", "completion.jsonl"): 201,  # of 209
    ("heldout44", "support.jsonl"): 131,  # of 148
    ("heldout44", "citations.jsonl"): 69,  # of 69
    ("heldout44", "traces.jsonl"): 217,  # of 217 (trace, kind) units
    ("heldout44", "repeat.jsonl"): 46,  # of 49
    # Held-out 45: first contact 2026-12-03 15:16 UTC, main 41e2415 (tests/data/heldout45/).
    ("heldout45", "completion.jsonl"): 223,  # of 239 (first contact 218; a development figure)
    ("heldout45", "support.jsonl"): 157,  # of 185 (first contact 150; a development figure)
    ("heldout45", "citations.jsonl"): 62,  # of 62
    ("heldout45", "traces.jsonl"): 198,  # of 199 (trace, kind) units (first contact 197)
    ("heldout45", "repeat.jsonl"): 53,  # of 58
    # Held-out 46: first contact 2026-12-03 15:39 UTC, main a6c9510 (tests/data/heldout46/).
    ("heldout46", "completion.jsonl"): 216,  # of 226 (first contact 214; a development figure)
    ("heldout46", "support.jsonl"): 132,  # of 155 (first contact 126; a development figure)
    ("heldout46", "citations.jsonl"): 70,  # of 70
    ("heldout46", "traces.jsonl"): 209,  # of 209 (trace, kind) units
    ("heldout46", "repeat.jsonl"): 50,  # of 51
    # Held-out 47: first contact 2026-12-03 15:39 UTC, main a6c9510 (tests/data/heldout47/).
    ("heldout47", "completion.jsonl"): 220,  # of 230 (first contact 218; a development figure)
    ("heldout47", "support.jsonl"): 138,  # of 158 (first contact 135; a development figure)
    ("heldout47", "citations.jsonl"): 60,  # of 60
    ("heldout47", "traces.jsonl"): 204,  # of 205 (trace, kind) units
    ("heldout47", "repeat.jsonl"): 46,  # of 49
    # Held-out 48: first contact 2026-12-03 16:02 UTC, main eaa5961 (tests/data/heldout48/).
    ("heldout48", "completion.jsonl"): 222,  # of 243
    ("heldout48", "support.jsonl"): 133,  # of 162
    ("heldout48", "citations.jsonl"): 53,  # of 53
    ("heldout48", "traces.jsonl"): 206,  # of 206 (trace, kind) units
    ("heldout48", "repeat.jsonl"): 55,  # of 59
    # Held-out 49: first contact 2026-12-03 16:02 UTC, main eaa5961 (tests/data/heldout49/).
    ("heldout49", "completion.jsonl"): 236,  # of 247
    ("heldout49", "support.jsonl"): 143,  # of 158
    ("heldout49", "citations.jsonl"): 68,  # of 68
    ("heldout49", "traces.jsonl"): 215,  # of 215 (trace, kind) units
    ("heldout49", "repeat.jsonl"): 48,  # of 51
    # Held-out 50: first contact 2026-12-03 16:45 UTC, main 8ba0c0b (tests/data/heldout50/).
    ("heldout50", "completion.jsonl"): 213,  # of 223
    ("heldout50", "support.jsonl"): 132,  # of 142
    ("heldout50", "citations.jsonl"): 61,  # of 61
    ("heldout50", "traces.jsonl"): 208,  # of 208 (trace, kind) units
    ("heldout50", "repeat.jsonl"): 47,  # of 47
    # Held-out 51: first contact 2026-12-03 16:45 UTC, main 8ba0c0b (tests/data/heldout51/).
    ("heldout51", "completion.jsonl"): 201,  # of 212
    ("heldout51", "support.jsonl"): 117,  # of 139
    ("heldout51", "citations.jsonl"): 63,  # of 63
    ("heldout51", "traces.jsonl"): 196,  # of 196 (trace, kind) units
    ("heldout51", "repeat.jsonl"): 44,  # of 44
    # Held-out 52: first contact 2026-12-03 17:52 UTC, main 5831d93 (tests/data/heldout52/).
    ("heldout52", "completion.jsonl"): 239,  # of 250
    ("heldout52", "support.jsonl"): 130,  # of 147
    ("heldout52", "citations.jsonl"): 65,  # of 65
    ("heldout52", "traces.jsonl"): 227,  # of 227 (trace, kind) units
    ("heldout52", "repeat.jsonl"): 49,  # of 49
    # Held-out 53: first contact 2026-12-03 17:52 UTC, main 5831d93 (tests/data/heldout53/).
    ("heldout53", "completion.jsonl"): 223,  # of 233
    ("heldout53", "support.jsonl"): 162,  # of 173
    ("heldout53", "citations.jsonl"): 60,  # of 60
    ("heldout53", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout53", "repeat.jsonl"): 50,  # of 53
    # Held-out 54: first contact 2026-12-03 18:16 UTC, main ac3c1a5 (tests/data/heldout54/).
    ("heldout54", "completion.jsonl"): 227,  # of 239
    ("heldout54", "support.jsonl"): 130,  # of 163
    ("heldout54", "citations.jsonl"): 61,  # of 61
    ("heldout54", "traces.jsonl"): 233,  # of 233 (trace, kind) units
    ("heldout54", "repeat.jsonl"): 47,  # of 48
    # Held-out 55: first contact 2026-12-03 18:16 UTC, main ac3c1a5 (tests/data/heldout55/).
    ("heldout55", "completion.jsonl"): 225,  # of 237
    ("heldout55", "support.jsonl"): 165,  # of 184
    ("heldout55", "citations.jsonl"): 71,  # of 71
    ("heldout55", "traces.jsonl"): 244,  # of 244 (trace, kind) units
    ("heldout55", "repeat.jsonl"): 55,  # of 55
    # Held-out 56: first contact 2026-12-03 18:51 UTC, main b017275 (tests/data/heldout56/).
    ("heldout56", "completion.jsonl"): 192,  # of 203
    ("heldout56", "support.jsonl"): 125,  # of 141
    ("heldout56", "citations.jsonl"): 82,  # of 82
    ("heldout56", "traces.jsonl"): 225,  # of 225 (trace, kind) units
    ("heldout56", "repeat.jsonl"): 48,  # of 50
    # Held-out 57: first contact 2026-12-03 18:51 UTC, main b017275 (tests/data/heldout57/).
    ("heldout57", "completion.jsonl"): 182,  # of 190
    ("heldout57", "support.jsonl"): 109,  # of 139
    ("heldout57", "citations.jsonl"): 56,  # of 56
    ("heldout57", "traces.jsonl"): 218,  # of 218 (trace, kind) units
    ("heldout57", "repeat.jsonl"): 50,  # of 50
    # Held-out 58: first contact 2026-12-03 19:13 UTC, main 0d1bd24 (tests/data/heldout58/).
    ("heldout58", "completion.jsonl"): 194,  # of 206
    ("heldout58", "support.jsonl"): 128,  # of 152
    ("heldout58", "citations.jsonl"): 62,  # of 62
    ("heldout58", "traces.jsonl"): 210,  # of 210 (trace, kind) units
    ("heldout58", "repeat.jsonl"): 46,  # of 47
    # Held-out 59: first contact 2026-12-03 19:13 UTC, main 0d1bd24 (tests/data/heldout59/).
    ("heldout59", "completion.jsonl"): 217,  # of 230
    ("heldout59", "support.jsonl"): 120,  # of 140
    ("heldout59", "citations.jsonl"): 69,  # of 69
    ("heldout59", "traces.jsonl"): 238,  # of 238 (trace, kind) units
    ("heldout59", "repeat.jsonl"): 51,  # of 55
    # Held-out 60: first contact 2026-12-04 16:39 UTC, main 3e2eba9 (tests/data/heldout60/).
    ("heldout60", "completion.jsonl"): 205,  # of 217
    ("heldout60", "support.jsonl"): 123,  # of 148
    ("heldout60", "citations.jsonl"): 60,  # of 60
    ("heldout60", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout60", "repeat.jsonl"): 47,  # of 50
    # Held-out 61: first contact 2026-12-04 16:39 UTC, main 3e2eba9 (tests/data/heldout61/).
    ("heldout61", "completion.jsonl"): 227,  # of 238
    ("heldout61", "support.jsonl"): 136,  # of 162
    ("heldout61", "citations.jsonl"): 66,  # of 66
    ("heldout61", "traces.jsonl"): 261,  # of 261 (trace, kind) units
    ("heldout61", "repeat.jsonl"): 51,  # of 54
    # Held-out 62: first contact 2026-12-04 17:04 UTC, main 17140dc (tests/data/heldout62/).
    ("heldout62", "completion.jsonl"): 251,  # of 263
    ("heldout62", "support.jsonl"): 134,  # of 157
    ("heldout62", "citations.jsonl"): 67,  # of 68
    ("heldout62", "traces.jsonl"): 261,  # of 261 (trace, kind) units
    ("heldout62", "repeat.jsonl"): 52,  # of 56
    # Held-out 63: first contact 2026-12-04 17:04 UTC, main 17140dc (tests/data/heldout63/).
    ("heldout63", "completion.jsonl"): 217,  # of 235
    ("heldout63", "support.jsonl"): 121,  # of 140
    ("heldout63", "citations.jsonl"): 64,  # of 64
    ("heldout63", "traces.jsonl"): 232,  # of 232 (trace, kind) units
    ("heldout63", "repeat.jsonl"): 45,  # of 49
    # Held-out 64: first contact 2026-12-04 17:46 UTC, main c444784 (tests/data/heldout64/).
    ("heldout64", "completion.jsonl"): 212,  # of 229
    ("heldout64", "support.jsonl"): 127,  # of 156
    ("heldout64", "citations.jsonl"): 61,  # of 61
    ("heldout64", "traces.jsonl"): 234,  # of 235 (trace, kind) units
    ("heldout64", "repeat.jsonl"): 57,  # of 59
    # Held-out 65: first contact 2026-12-04 17:46 UTC, main c444784 (tests/data/heldout65/).
    ("heldout65", "completion.jsonl"): 218,  # of 236
    ("heldout65", "support.jsonl"): 131,  # of 152
    ("heldout65", "citations.jsonl"): 62,  # of 63
    ("heldout65", "traces.jsonl"): 248,  # of 250 (trace, kind) units
    ("heldout65", "repeat.jsonl"): 50,  # of 54
    # Held-out 66: first contact 2026-12-04 18:18 UTC, main 6a321dd (tests/data/heldout66/).
    ("heldout66", "completion.jsonl"): 211,  # of 229
    ("heldout66", "support.jsonl"): 143,  # of 166
    ("heldout66", "citations.jsonl"): 68,  # of 68
    ("heldout66", "traces.jsonl"): 239,  # of 241 (trace, kind) units
    ("heldout66", "repeat.jsonl"): 48,  # of 53
    # Held-out 67: first contact 2026-12-04 18:18 UTC, main 6a321dd (tests/data/heldout67/).
    ("heldout67", "completion.jsonl"): 205,  # of 235
    ("heldout67", "support.jsonl"): 122,  # of 142
    ("heldout67", "citations.jsonl"): 64,  # of 64
    ("heldout67", "traces.jsonl"): 225,  # of 225 (trace, kind) units
    ("heldout67", "repeat.jsonl"): 53,  # of 57
    # Held-out 68: first contact 2026-12-04 19:44 UTC, main 4da5bf4 (tests/data/heldout68/).
    ("heldout68", "completion.jsonl"): 181,  # of 185
    ("heldout68", "support.jsonl"): 112,  # of 123
    ("heldout68", "citations.jsonl"): 52,  # of 52
    ("heldout68", "traces.jsonl"): 200,  # of 203 (trace, kind) units
    ("heldout68", "repeat.jsonl"): 41,  # of 42
    # Held-out 69: first contact 2026-12-04 19:44 UTC, main 4da5bf4 (tests/data/heldout69/).
    ("heldout69", "completion.jsonl"): 183,  # of 194
    ("heldout69", "support.jsonl"): 100,  # of 121
    ("heldout69", "citations.jsonl"): 55,  # of 55
    ("heldout69", "traces.jsonl"): 201,  # of 201 (trace, kind) units
    ("heldout69", "repeat.jsonl"): 43,  # of 49
    # Held-out 70: first contact 2026-12-04 20:32 UTC, main dfe0c04 (tests/data/heldout70/).
    ("heldout70", "completion.jsonl"): 175,  # of 183
    ("heldout70", "support.jsonl"): 103,  # of 128
    ("heldout70", "citations.jsonl"): 51,  # of 52
    ("heldout70", "traces.jsonl"): 193,  # of 193 (trace, kind) units
    ("heldout70", "repeat.jsonl"): 44,  # of 46
    # Held-out 71: first contact 2026-12-04 20:32 UTC, main dfe0c04 (tests/data/heldout71/).
    ("heldout71", "completion.jsonl"): 171,  # of 185
    ("heldout71", "support.jsonl"): 111,  # of 122
    ("heldout71", "citations.jsonl"): 53,  # of 53
    ("heldout71", "traces.jsonl"): 188,  # of 190 (trace, kind) units
    ("heldout71", "repeat.jsonl"): 37,  # of 42
    # Held-out 72: first contact 2026-12-04 20:51 UTC, main 04e1cb7 (tests/data/heldout72/).
    ("heldout72", "completion.jsonl"): 182,  # of 196
    ("heldout72", "support.jsonl"): 108,  # of 124
    ("heldout72", "citations.jsonl"): 57,  # of 57
    ("heldout72", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout72", "repeat.jsonl"): 41,  # of 44
    # Held-out 73: first contact 2026-12-04 20:51 UTC, main 04e1cb7 (tests/data/heldout73/).
    ("heldout73", "completion.jsonl"): 178,  # of 197
    ("heldout73", "support.jsonl"): 90,  # of 124
    ("heldout73", "citations.jsonl"): 57,  # of 57
    ("heldout73", "traces.jsonl"): 190,  # of 190 (trace, kind) units
    ("heldout73", "repeat.jsonl"): 43,  # of 44
    # Held-out 74: first contact 2026-12-04 21:19 UTC, main 1736463 (tests/data/heldout74/).
    ("heldout74", "completion.jsonl"): 173,  # of 185
    ("heldout74", "support.jsonl"): 99,  # of 122
    ("heldout74", "citations.jsonl"): 52,  # of 53
    ("heldout74", "traces.jsonl"): 179,  # of 179 (trace, kind) units
    ("heldout74", "repeat.jsonl"): 38,  # of 43
    # Held-out 75: first contact 2026-12-04 21:19 UTC, main 1736463 (tests/data/heldout75/).
    ("heldout75", "completion.jsonl"): 185,  # of 198
    ("heldout75", "support.jsonl"): 97,  # of 122
    ("heldout75", "citations.jsonl"): 55,  # of 55
    ("heldout75", "traces.jsonl"): 203,  # of 203 (trace, kind) units
    ("heldout75", "repeat.jsonl"): 38,  # of 43
    # Held-out 76: first contact 2026-12-04 22:40 UTC, main 138d8e8 (tests/data/heldout76/).
    ("heldout76", "completion.jsonl"): 186,  # of 204
    ("heldout76", "support.jsonl"): 99,  # of 124
    ("heldout76", "citations.jsonl"): 63,  # of 63
    ("heldout76", "traces.jsonl"): 210,  # of 210 (trace, kind) units
    ("heldout76", "repeat.jsonl"): 43,  # of 44
    # Held-out 77: first contact 2026-12-04 22:40 UTC, main 138d8e8 (tests/data/heldout77/).
    ("heldout77", "completion.jsonl"): 185,  # of 204
    ("heldout77", "support.jsonl"): 119,  # of 126
    ("heldout77", "citations.jsonl"): 57,  # of 58
    ("heldout77", "traces.jsonl"): 196,  # of 196 (trace, kind) units
    ("heldout77", "repeat.jsonl"): 48,  # of 52
    # Held-out 78: first contact 2026-12-04 23:11 UTC, main 30f675b (tests/data/heldout78/).
    ("heldout78", "completion.jsonl"): 184,  # of 208
    ("heldout78", "support.jsonl"): 107,  # of 122
    ("heldout78", "citations.jsonl"): 57,  # of 57
    ("heldout78", "traces.jsonl"): 218,  # of 218 (trace, kind) units
    ("heldout78", "repeat.jsonl"): 38,  # of 43
    # Held-out 79: first contact 2026-12-04 23:11 UTC, main 30f675b (tests/data/heldout79/).
    ("heldout79", "completion.jsonl"): 184,  # of 203
    ("heldout79", "support.jsonl"): 111,  # of 129
    ("heldout79", "citations.jsonl"): 58,  # of 59
    ("heldout79", "traces.jsonl"): 185,  # of 186 (trace, kind) units
    ("heldout79", "repeat.jsonl"): 39,  # of 44
    # Held-out 80: first contact 2026-12-04 23:30 UTC, main 8cde425 (tests/data/heldout80/).
    ("heldout80", "completion.jsonl"): 185,  # of 200
    ("heldout80", "support.jsonl"): 115,  # of 130
    ("heldout80", "citations.jsonl"): 56,  # of 57
    ("heldout80", "traces.jsonl"): 199,  # of 199 (trace, kind) units
    ("heldout80", "repeat.jsonl"): 40,  # of 44
    # Held-out 81: first contact 2026-12-04 23:30 UTC, main 8cde425 (tests/data/heldout81/).
    ("heldout81", "completion.jsonl"): 188,  # of 207
    ("heldout81", "support.jsonl"): 113,  # of 125
    ("heldout81", "citations.jsonl"): 51,  # of 52
    ("heldout81", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout81", "repeat.jsonl"): 41,  # of 42
    # Held-out 82: first contact 2026-12-05 01:30 UTC, main d8bde3e (tests/data/heldout82/).
    ("heldout82", "completion.jsonl"): 196,  # of 208
    ("heldout82", "support.jsonl"): 105,  # of 126
    ("heldout82", "citations.jsonl"): 54,  # of 55
    ("heldout82", "traces.jsonl"): 205,  # of 206 (trace, kind) units
    ("heldout82", "repeat.jsonl"): 44,  # of 45
    # Held-out 83: first contact 2026-12-05 01:30 UTC, main d8bde3e (tests/data/heldout83/).
    ("heldout83", "completion.jsonl"): 198,  # of 208
    ("heldout83", "support.jsonl"): 112,  # of 124
    ("heldout83", "citations.jsonl"): 54,  # of 55
    ("heldout83", "traces.jsonl"): 206,  # of 206 (trace, kind) units
    ("heldout83", "repeat.jsonl"): 39,  # of 43
    # Held-out 84: first contact 2026-12-05 01:42 UTC, main f25125b (tests/data/heldout84/).
    ("heldout84", "completion.jsonl"): 190,  # of 203
    ("heldout84", "support.jsonl"): 101,  # of 122
    ("heldout84", "citations.jsonl"): 57,  # of 57
    ("heldout84", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout84", "repeat.jsonl"): 37,  # of 42
    # Held-out 85: first contact 2026-12-05 01:42 UTC, main f25125b (tests/data/heldout85/).
    ("heldout85", "completion.jsonl"): 198,  # of 208
    ("heldout85", "support.jsonl"): 115,  # of 126
    ("heldout85", "citations.jsonl"): 54,  # of 55
    ("heldout85", "traces.jsonl"): 193,  # of 193 (trace, kind) units
    ("heldout85", "repeat.jsonl"): 38,  # of 42
    # Held-out 86: first contact 2026-12-05 01:56 UTC, main 3643f3b (tests/data/heldout86/).
    ("heldout86", "completion.jsonl"): 197,  # of 208
    ("heldout86", "support.jsonl"): 116,  # of 127
    ("heldout86", "citations.jsonl"): 56,  # of 57
    ("heldout86", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout86", "repeat.jsonl"): 41,  # of 43
    # Held-out 87: first contact 2026-12-05 01:56 UTC, main 3643f3b (tests/data/heldout87/).
    ("heldout87", "completion.jsonl"): 193,  # of 206
    ("heldout87", "support.jsonl"): 101,  # of 124
    ("heldout87", "citations.jsonl"): 52,  # of 52
    ("heldout87", "traces.jsonl"): 186,  # of 186 (trace, kind) units
    ("heldout87", "repeat.jsonl"): 37,  # of 42
    # Held-out 88: first contact 2026-12-05 02:36 UTC, main 3528a48 (tests/data/heldout88/).
    ("heldout88", "completion.jsonl"): 188,  # of 199
    ("heldout88", "support.jsonl"): 110,  # of 122
    ("heldout88", "citations.jsonl"): 54,  # of 54
    ("heldout88", "traces.jsonl"): 203,  # of 203 (trace, kind) units
    ("heldout88", "repeat.jsonl"): 42,  # of 43
    # Held-out 89: first contact 2026-12-05 02:36 UTC, main 3528a48 (tests/data/heldout89/).
    ("heldout89", "completion.jsonl"): 188,  # of 206
    ("heldout89", "support.jsonl"): 104,  # of 124
    ("heldout89", "citations.jsonl"): 52,  # of 52
    ("heldout89", "traces.jsonl"): 206,  # of 206 (trace, kind) units
    ("heldout89", "repeat.jsonl"): 45,  # of 47
    # Held-out 90: first contact 2026-12-05 02:50 UTC, main 0559578 (tests/data/heldout90/).
    ("heldout90", "completion.jsonl"): 183,  # of 200
    ("heldout90", "support.jsonl"): 114,  # of 122
    ("heldout90", "citations.jsonl"): 58,  # of 58
    ("heldout90", "traces.jsonl"): 198,  # of 198 (trace, kind) units
    ("heldout90", "repeat.jsonl"): 37,  # of 43
    # Held-out 91: first contact 2026-12-05 02:50 UTC, main 0559578 (tests/data/heldout91/).
    ("heldout91", "completion.jsonl"): 195,  # of 208
    ("heldout91", "support.jsonl"): 120,  # of 126
    ("heldout91", "citations.jsonl"): 53,  # of 53
    ("heldout91", "traces.jsonl"): 195,  # of 195 (trace, kind) units; line 7 does not read
    ("heldout91", "repeat.jsonl"): 41,  # of 44
    # Held-out 92: first contact 2026-12-05 03:05 UTC, main 0fdc77d (tests/data/heldout92/).
    ("heldout92", "completion.jsonl"): 193,  # of 215
    ("heldout92", "support.jsonl"): 113,  # of 128
    ("heldout92", "citations.jsonl"): 53,  # of 53
    ("heldout92", "traces.jsonl"): 243,  # of 243 (trace, kind) units
    ("heldout92", "repeat.jsonl"): 47,  # of 47
    # Held-out 93: first contact 2026-12-05 03:05 UTC, main 0fdc77d (tests/data/heldout93/).
    ("heldout93", "completion.jsonl"): 183,  # of 195
    ("heldout93", "support.jsonl"): 110,  # of 122
    ("heldout93", "citations.jsonl"): 51,  # of 51
    ("heldout93", "traces.jsonl"): 190,  # of 190 (trace, kind) units; lines 3 and 48 do not read
    ("heldout93", "repeat.jsonl"): 39,  # of 42
    # Held-out 94: first contact 2026-12-05 03:22 UTC, main b0bc2bc (tests/data/heldout94/).
    ("heldout94", "completion.jsonl"): 191,  # of 204
    ("heldout94", "support.jsonl"): 97,  # of 124
    ("heldout94", "citations.jsonl"): 53,  # of 53
    ("heldout94", "traces.jsonl"): 218,  # of 218 (trace, kind) units
    ("heldout94", "repeat.jsonl"): 37,  # of 44
    # Held-out 95: first contact 2026-12-05 03:22 UTC, main b0bc2bc (tests/data/heldout95/).
    ("heldout95", "completion.jsonl"): 190,  # of 207
    ("heldout95", "support.jsonl"): 98,  # of 122
    ("heldout95", "citations.jsonl"): 53,  # of 54
    ("heldout95", "traces.jsonl"): 198,  # of 198 (trace, kind) units
    ("heldout95", "repeat.jsonl"): 42,  # of 43
    # Held-out 96: first contact 2026-12-05 03:54 UTC, main a49ece3 (tests/data/heldout96/).
    ("heldout96", "completion.jsonl"): 166,  # of 168
    ("heldout96", "support.jsonl"): 101,  # of 109
    ("heldout96", "citations.jsonl"): 60,  # of 60
    ("heldout96", "traces.jsonl"): 199,  # of 199 (trace, kind) units
    ("heldout96", "repeat.jsonl"): 35,  # of 39
    # Held-out 97: first contact 2026-12-05 03:54 UTC, main a49ece3 (tests/data/heldout97/).
    ("heldout97", "completion.jsonl"): 157,  # of 166
    ("heldout97", "support.jsonl"): 86,  # of 107
    ("heldout97", "citations.jsonl"): 56,  # of 56
    ("heldout97", "traces.jsonl"): 178,  # of 178 (trace, kind) units
    ("heldout97", "repeat.jsonl"): 38,  # of 40
    # Held-out 98: first contact 2026-12-05 04:14 UTC, main a392ae3 (tests/data/heldout98/).
    ("heldout98", "completion.jsonl"): 146,  # of 159
    ("heldout98", "support.jsonl"): 88,  # of 104
    ("heldout98", "citations.jsonl"): 66,  # of 67
    ("heldout98", "traces.jsonl"): 194,  # of 194 (trace, kind) units
    ("heldout98", "repeat.jsonl"): 34,  # of 39
    # Held-out 99: first contact 2026-12-05 04:14 UTC, main a392ae3 (tests/data/heldout99/).
    ("heldout99", "completion.jsonl"): 148,  # of 157
    ("heldout99", "support.jsonl"): 89,  # of 102
    ("heldout99", "citations.jsonl"): 61,  # of 62
    ("heldout99", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout99", "repeat.jsonl"): 33,  # of 36
    # Held-out 100: first contact 2026-12-05 04:29 UTC, main 4c4891d (tests/data/heldout100/).
    ("heldout100", "completion.jsonl"): 144,  # of 157
    ("heldout100", "support.jsonl"): 96,  # of 108
    ("heldout100", "citations.jsonl"): 52,  # of 52
    ("heldout100", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout100", "repeat.jsonl"): 31,  # of 36
    # Held-out 101: first contact 2026-12-05 04:29 UTC, main 4c4891d (tests/data/heldout101/).
    ("heldout101", "completion.jsonl"): 139,  # of 153
    ("heldout101", "support.jsonl"): 91,  # of 104
    ("heldout101", "citations.jsonl"): 52,  # of 52
    ("heldout101", "traces.jsonl"): 175,  # of 175 (trace, kind) units
    ("heldout101", "repeat.jsonl"): 28,  # of 30
    # Held-out 102: first contact 2026-12-05 04:51 UTC, main 3ab947c (tests/data/heldout102/).
    ("heldout102", "completion.jsonl"): 147,  # of 155
    ("heldout102", "support.jsonl"): 89,  # of 104
    ("heldout102", "citations.jsonl"): 56,  # of 56
    ("heldout102", "traces.jsonl"): 207,  # of 207 (trace, kind) units
    ("heldout102", "repeat.jsonl"): 43,  # of 47
    # Held-out 103: first contact 2026-12-05 04:51 UTC, main 3ab947c (tests/data/heldout103/).
    ("heldout103", "completion.jsonl"): 146,  # of 160
    ("heldout103", "support.jsonl"): 94,  # of 110
    ("heldout103", "citations.jsonl"): 57,  # of 57
    ("heldout103", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout103", "repeat.jsonl"): 30,  # of 38
    # Held-out 104: first contact 2026-12-05 05:08 UTC, main a83d54b (tests/data/heldout104/).
    ("heldout104", "completion.jsonl"): 164,  # of 174
    ("heldout104", "support.jsonl"): 87,  # of 110
    ("heldout104", "citations.jsonl"): 58,  # of 58
    ("heldout104", "traces.jsonl"): 194,  # of 194 (trace, kind) units
    ("heldout104", "repeat.jsonl"): 36,  # of 39
    # Held-out 105: first contact 2026-12-05 05:09 UTC, main a83d54b (tests/data/heldout105/).
    ("heldout105", "completion.jsonl"): 152,  # of 161
    ("heldout105", "support.jsonl"): 93,  # of 108
    ("heldout105", "citations.jsonl"): 58,  # of 58
    ("heldout105", "traces.jsonl"): 187,  # of 187 (trace, kind) units
    ("heldout105", "repeat.jsonl"): 37,  # of 39
    # Held-out 106: first contact 2026-12-05 05:21 UTC, main 8444533 (tests/data/heldout106/).
    ("heldout106", "completion.jsonl"): 153,  # of 160
    ("heldout106", "support.jsonl"): 102,  # of 112
    ("heldout106", "citations.jsonl"): 56,  # of 56
    ("heldout106", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout106", "repeat.jsonl"): 32,  # of 34
    # Held-out 107: first contact 2026-12-05 05:21 UTC, main 8444533 (tests/data/heldout107/).
    ("heldout107", "completion.jsonl"): 171,  # of 180
    ("heldout107", "support.jsonl"): 81,  # of 104
    ("heldout107", "citations.jsonl"): 54,  # of 54
    ("heldout107", "traces.jsonl"): 197,  # of 198 (trace, kind) units
    ("heldout107", "repeat.jsonl"): 31,  # of 37
    # Held-out 108: first contact 2026-12-05 05:32 UTC, main 9576ff1 (tests/data/heldout108/).
    ("heldout108", "completion.jsonl"): 164,  # of 177
    ("heldout108", "support.jsonl"): 92,  # of 106
    ("heldout108", "citations.jsonl"): 56,  # of 56
    ("heldout108", "traces.jsonl"): 190,  # of 190 (trace, kind) units
    ("heldout108", "repeat.jsonl"): 34,  # of 36
    # Held-out 109: first contact 2026-12-05 05:33 UTC, main 9576ff1 (tests/data/heldout109/).
    ("heldout109", "completion.jsonl"): 158,  # of 174
    ("heldout109", "support.jsonl"): 87,  # of 103
    ("heldout109", "citations.jsonl"): 57,  # of 57
    ("heldout109", "traces.jsonl"): 187,  # of 187 (trace, kind) units
    ("heldout109", "repeat.jsonl"): 33,  # of 39
    # Held-out 110: first contact 2026-12-05 05:54 UTC, main f896374 (tests/data/heldout110/).
    ("heldout110", "completion.jsonl"): 155,  # of 161
    ("heldout110", "support.jsonl"): 82,  # of 102
    ("heldout110", "citations.jsonl"): 58,  # of 58
    ("heldout110", "traces.jsonl"): 182,  # of 182 (trace, kind) units
    ("heldout110", "repeat.jsonl"): 33,  # of 34
    # Held-out 111: first contact 2026-12-05 05:54 UTC, main f896374 (tests/data/heldout111/).
    ("heldout111", "completion.jsonl"): 146,  # of 154
    ("heldout111", "support.jsonl"): 89,  # of 104
    ("heldout111", "citations.jsonl"): 59,  # of 59
    ("heldout111", "traces.jsonl"): 183,  # of 183 (trace, kind) units
    ("heldout111", "repeat.jsonl"): 31,  # of 34
    # Held-out 112: first contact 2026-12-05 06:34 UTC, main dbea8d9 (tests/data/heldout112/).
    ("heldout112", "completion.jsonl"): 155,  # of 172
    ("heldout112", "support.jsonl"): 89,  # of 104
    ("heldout112", "citations.jsonl"): 55,  # of 57
    ("heldout112", "traces.jsonl"): 176,  # of 176 (trace, kind) units
    ("heldout112", "repeat.jsonl"): 31,  # of 32
    # Held-out 113: first contact 2026-12-05 06:35 UTC, main dbea8d9 (tests/data/heldout113/).
    ("heldout113", "completion.jsonl"): 151,  # of 162
    ("heldout113", "support.jsonl"): 86,  # of 100
    ("heldout113", "citations.jsonl"): 53,  # of 54
    ("heldout113", "traces.jsonl"): 174,  # of 174 (trace, kind) units
    ("heldout113", "repeat.jsonl"): 29,  # of 31
    # Held-out 114: first contact 2026-12-05 06:50 UTC, main 449e60c (tests/data/heldout114/).
    ("heldout114", "completion.jsonl"): 153,  # of 162
    ("heldout114", "support.jsonl"): 82,  # of 102
    ("heldout114", "citations.jsonl"): 51,  # of 51
    ("heldout114", "traces.jsonl"): 187,  # of 187 (trace, kind) units
    ("heldout114", "repeat.jsonl"): 31,  # of 34
    # Held-out 115: first contact 2026-12-05 06:51 UTC, main 449e60c (tests/data/heldout115/).
    ("heldout115", "completion.jsonl"): 156,  # of 166
    ("heldout115", "support.jsonl"): 93,  # of 102
    ("heldout115", "citations.jsonl"): 52,  # of 52
    ("heldout115", "traces.jsonl"): 167,  # of 167 (trace, kind) units
    ("heldout115", "repeat.jsonl"): 30,  # of 32
    # Held-out 116: first contact 2026-12-05 07:03 UTC, main 77293cf (tests/data/heldout116/).
    ("heldout116", "completion.jsonl"): 156,  # of 172
    ("heldout116", "support.jsonl"): 74,  # of 104
    ("heldout116", "citations.jsonl"): 57,  # of 57
    ("heldout116", "traces.jsonl"): 170,  # of 170 (trace, kind) units
    ("heldout116", "repeat.jsonl"): 30,  # of 32
    # Held-out 117: first contact 2026-12-05 07:03 UTC, main 77293cf (tests/data/heldout117/).
    ("heldout117", "completion.jsonl"): 165,  # of 175
    ("heldout117", "support.jsonl"): 84,  # of 100
    ("heldout117", "citations.jsonl"): 50,  # of 50
    ("heldout117", "traces.jsonl"): 166,  # of 166 (trace, kind) units
    ("heldout117", "repeat.jsonl"): 28,  # of 31
    # Held-out 118: first contact 2026-12-05 07:29 UTC, main 11acef3 (tests/data/heldout118/).
    ("heldout118", "completion.jsonl"): 149,  # of 165
    ("heldout118", "support.jsonl"): 86,  # of 104
    ("heldout118", "citations.jsonl"): 53,  # of 53
    ("heldout118", "traces.jsonl"): 194,  # of 195 (trace, kind) units
    ("heldout118", "repeat.jsonl"): 30,  # of 33
    # Held-out 119: first contact 2026-12-05 07:30 UTC, main 11acef3 (tests/data/heldout119/).
    ("heldout119", "completion.jsonl"): 165,  # of 184
    ("heldout119", "support.jsonl"): 78,  # of 100
    ("heldout119", "citations.jsonl"): 52,  # of 53
    ("heldout119", "traces.jsonl"): 182,  # of 182 (trace, kind) units
    ("heldout119", "repeat.jsonl"): 30,  # of 33
    # Held-out 120: first contact 2026-12-05 07:45 UTC, main 9425e43 (tests/data/heldout120/).
    ("heldout120", "completion.jsonl"): 158,  # of 165
    ("heldout120", "support.jsonl"): 95,  # of 105
    ("heldout120", "citations.jsonl"): 55,  # of 55
    ("heldout120", "traces.jsonl"): 171,  # of 171 (trace, kind) units
    ("heldout120", "repeat.jsonl"): 28,  # of 30
    # Held-out 121: first contact 2026-12-05 07:46 UTC, main 9425e43 (tests/data/heldout121/).
    ("heldout121", "completion.jsonl"): 160,  # of 172
    ("heldout121", "support.jsonl"): 93,  # of 100
    ("heldout121", "citations.jsonl"): 51,  # of 51
    ("heldout121", "traces.jsonl"): 191,  # of 191 (trace, kind) units
    ("heldout121", "repeat.jsonl"): 32,  # of 34
    # Held-out 122: first contact 2026-12-05 07:57 UTC, main c7eddf2 (tests/data/heldout122/).
    ("heldout122", "completion.jsonl"): 154,  # of 167
    ("heldout122", "support.jsonl"): 92,  # of 100
    ("heldout122", "citations.jsonl"): 50,  # of 50
    ("heldout122", "traces.jsonl"): 175,  # of 175 (trace, kind) units
    ("heldout122", "repeat.jsonl"): 28,  # of 31
    # Held-out 123: first contact 2026-12-05 07:58 UTC, main c7eddf2 (tests/data/heldout123/).
    ("heldout123", "completion.jsonl"): 160,  # of 174
    ("heldout123", "support.jsonl"): 89,  # of 104
    ("heldout123", "citations.jsonl"): 55,  # of 55
    ("heldout123", "traces.jsonl"): 166,  # of 166 (trace, kind) units
    ("heldout123", "repeat.jsonl"): 30,  # of 32
    # Held-out 124: first contact 2026-12-05 08:21 UTC, main 648447b (tests/data/heldout124/).
    ("heldout124", "completion.jsonl"): 155,  # of 166
    ("heldout124", "support.jsonl"): 87,  # of 102
    ("heldout124", "citations.jsonl"): 49,  # of 50
    ("heldout124", "traces.jsonl"): 167,  # of 167 (trace, kind) units
    ("heldout124", "repeat.jsonl"): 31,  # of 31
    # Held-out 125: first contact 2026-12-05 08:21 UTC, main 648447b (tests/data/heldout125/).
    ("heldout125", "completion.jsonl"): 173,  # of 189
    ("heldout125", "support.jsonl"): 91,  # of 102
    ("heldout125", "citations.jsonl"): 53,  # of 55
    ("heldout125", "traces.jsonl"): 185,  # of 185 (trace, kind) units
    ("heldout125", "repeat.jsonl"): 34,  # of 35
    # Held-out 126: first contact 2026-12-05 08:38 UTC, main 68406c8 (tests/data/heldout126/).
    ("heldout126", "completion.jsonl"): 150,  # of 158
    ("heldout126", "support.jsonl"): 84,  # of 100
    ("heldout126", "citations.jsonl"): 51,  # of 51
    ("heldout126", "traces.jsonl"): 164,  # of 164 (trace, kind) units
    ("heldout126", "repeat.jsonl"): 29,  # of 31
    # Held-out 127: first contact 2026-12-05 08:38 UTC, main 68406c8 (tests/data/heldout127/).
    ("heldout127", "completion.jsonl"): 150,  # of 159
    ("heldout127", "support.jsonl"): 90,  # of 101
    ("heldout127", "citations.jsonl"): 50,  # of 50
    ("heldout127", "traces.jsonl"): 167,  # of 167 (trace, kind) units
    ("heldout127", "repeat.jsonl"): 31,  # of 32
    # Held-out 128: first contact 2026-12-05 09:19 UTC, main a8210bd (tests/data/heldout128/).
    ("heldout128", "completion.jsonl"): 182,  # of 201
    ("heldout128", "support.jsonl"): 100,  # of 120
    ("heldout128", "citations.jsonl"): 75,  # of 75
    ("heldout128", "traces.jsonl"): 242,  # of 242 (trace, kind) units
    ("heldout128", "repeat.jsonl"): 38,  # of 42
    # Held-out 129: first contact 2026-12-05 09:19 UTC, main a8210bd (tests/data/heldout129/).
    ("heldout129", "completion.jsonl"): 211,  # of 236
    ("heldout129", "support.jsonl"): 105,  # of 118
    ("heldout129", "citations.jsonl"): 62,  # of 62
    ("heldout129", "traces.jsonl"): 229,  # of 229 (trace, kind) units
    ("heldout129", "repeat.jsonl"): 43,  # of 48
    # Held-out 130: first contact 2026-12-05 09:41 UTC, main 20737ca (tests/data/heldout130/).
    ("heldout130", "completion.jsonl"): 185,  # of 204
    ("heldout130", "support.jsonl"): 97,  # of 111
    ("heldout130", "citations.jsonl"): 59,  # of 59
    ("heldout130", "traces.jsonl"): 217,  # of 217 (trace, kind) units
    ("heldout130", "repeat.jsonl"): 37,  # of 42
    # Held-out 131: first contact 2026-12-05 09:41 UTC, main 20737ca (tests/data/heldout131/).
    ("heldout131", "completion.jsonl"): 189,  # of 207
    ("heldout131", "support.jsonl"): 98,  # of 113
    ("heldout131", "citations.jsonl"): 55,  # of 55
    ("heldout131", "traces.jsonl"): 214,  # of 214 (trace, kind) units
    ("heldout131", "repeat.jsonl"): 30,  # of 39
    # Held-out 132: first contact 2026-12-05 10:11 UTC, main b7d2ea2 (tests/data/heldout132/).
    ("heldout132", "completion.jsonl"): 200,  # of 215
    ("heldout132", "support.jsonl"): 96,  # of 108
    ("heldout132", "citations.jsonl"): 60,  # of 60
    ("heldout132", "traces.jsonl"): 195,  # of 195 (trace, kind) units
    ("heldout132", "repeat.jsonl"): 31,  # of 37
    # Held-out 133: first contact 2026-12-05 10:11 UTC, main b7d2ea2 (tests/data/heldout133/).
    ("heldout133", "completion.jsonl"): 214,  # of 235
    ("heldout133", "support.jsonl"): 99,  # of 113
    ("heldout133", "citations.jsonl"): 65,  # of 65
    ("heldout133", "traces.jsonl"): 198,  # of 198 (trace, kind) units
    ("heldout133", "repeat.jsonl"): 37,  # of 38
    # Held-out 134: first contact 2026-12-05 10:31 UTC, main fd70808 (tests/data/heldout134/).
    ("heldout134", "completion.jsonl"): 183,  # of 198
    ("heldout134", "support.jsonl"): 95,  # of 110
    ("heldout134", "citations.jsonl"): 65,  # of 65
    ("heldout134", "traces.jsonl"): 203,  # of 203 (trace, kind) units
    ("heldout134", "repeat.jsonl"): 35,  # of 39
    # Held-out 135: first contact 2026-12-05 10:31 UTC, main fd70808 (tests/data/heldout135/).
    ("heldout135", "completion.jsonl"): 192,  # of 202
    ("heldout135", "support.jsonl"): 106,  # of 119
    ("heldout135", "citations.jsonl"): 62,  # of 63
    ("heldout135", "traces.jsonl"): 198,  # of 198 (trace, kind) units
    ("heldout135", "repeat.jsonl"): 32,  # of 38
    # Held-out 136: first contact 2026-12-05 10:49 UTC, main 57507f6 (tests/data/heldout136/).
    ("heldout136", "completion.jsonl"): 195,  # of 217
    ("heldout136", "support.jsonl"): 104,  # of 119
    ("heldout136", "citations.jsonl"): 61,  # of 61
    ("heldout136", "traces.jsonl"): 217,  # of 217 (trace, kind) units
    ("heldout136", "repeat.jsonl"): 38,  # of 40
    # Held-out 137: first contact 2026-12-05 10:49 UTC, main 57507f6 (tests/data/heldout137/).
    ("heldout137", "completion.jsonl"): 207,  # of 224
    ("heldout137", "support.jsonl"): 101,  # of 114
    ("heldout137", "citations.jsonl"): 62,  # of 62
    ("heldout137", "traces.jsonl"): 221,  # of 221 (trace, kind) units
    ("heldout137", "repeat.jsonl"): 38,  # of 43
    # Held-out 138: first contact 2026-12-05 11:23 UTC, main b27eb61 (tests/data/heldout138/).
    ("heldout138", "completion.jsonl"): 139,  # of 155
    ("heldout138", "support.jsonl"): 96,  # of 106
    ("heldout138", "citations.jsonl"): 60,  # of 60
    ("heldout138", "traces.jsonl"): 174,  # of 174 (trace, kind) units
    ("heldout138", "repeat.jsonl"): 30,  # of 34
    # Held-out 139: first contact 2026-12-05 11:23 UTC, main b27eb61 (tests/data/heldout139/).
    ("heldout139", "completion.jsonl"): 168,  # of 177
    ("heldout139", "support.jsonl"): 93,  # of 108
    ("heldout139", "citations.jsonl"): 59,  # of 59
    ("heldout139", "traces.jsonl"): 187,  # of 187 (trace, kind) units
    ("heldout139", "repeat.jsonl"): 32,  # of 37
    # Held-out 140: first contact 2026-12-05 12:10 UTC, main b6284fa (tests/data/heldout140/).
    ("heldout140", "completion.jsonl"): 156,  # of 183
    ("heldout140", "support.jsonl"): 83,  # of 100
    ("heldout140", "citations.jsonl"): 49,  # of 50
    ("heldout140", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout140", "repeat.jsonl"): 25,  # of 30
    # Held-out 141: first contact 2026-12-05 12:10 UTC, main b6284fa (tests/data/heldout141/).
    ("heldout141", "completion.jsonl"): 161,  # of 179
    ("heldout141", "support.jsonl"): 91,  # of 100
    ("heldout141", "citations.jsonl"): 50,  # of 50
    ("heldout141", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout141", "repeat.jsonl"): 25,  # of 30
    # Held-out 142: first contact 2026-12-05 12:29 UTC, main 8452f42 (tests/data/heldout142/).
    ("heldout142", "completion.jsonl"): 156,  # of 176
    ("heldout142", "support.jsonl"): 92,  # of 100
    ("heldout142", "citations.jsonl"): 50,  # of 50
    ("heldout142", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout142", "repeat.jsonl"): 29,  # of 30
    # Held-out 143: first contact 2026-12-05 12:29 UTC, main 8452f42 (tests/data/heldout143/).
    ("heldout143", "completion.jsonl"): 182,  # of 202
    ("heldout143", "support.jsonl"): 92,  # of 100
    ("heldout143", "citations.jsonl"): 50,  # of 50
    ("heldout143", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout143", "repeat.jsonl"): 27,  # of 30
    # Held-out 144: first contact 2026-12-05 12:29 UTC, main 8452f42 (tests/data/heldout144/).
    ("heldout144", "completion.jsonl"): 177,  # of 190
    ("heldout144", "support.jsonl"): 86,  # of 100
    ("heldout144", "citations.jsonl"): 50,  # of 50
    ("heldout144", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout144", "repeat.jsonl"): 30,  # of 30
    # Held-out 145: first contact 2026-12-05 12:29 UTC, main 8452f42 (tests/data/heldout145/).
    ("heldout145", "completion.jsonl"): 168,  # of 187
    ("heldout145", "support.jsonl"): 88,  # of 100
    ("heldout145", "citations.jsonl"): 50,  # of 50
    ("heldout145", "traces.jsonl"): 154,  # of 155 (trace, kind) units
    ("heldout145", "repeat.jsonl"): 28,  # of 30
    # Held-out 146: first contact 2026-12-05 12:45 UTC, main 21089b9 (tests/data/heldout146/).
    ("heldout146", "completion.jsonl"): 183,  # of 197
    ("heldout146", "support.jsonl"): 92,  # of 100
    ("heldout146", "citations.jsonl"): 50,  # of 50
    ("heldout146", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout146", "repeat.jsonl"): 29,  # of 30
    # Held-out 147: first contact 2026-12-05 12:45 UTC, main 21089b9 (tests/data/heldout147/).
    ("heldout147", "completion.jsonl"): 174,  # of 190
    ("heldout147", "support.jsonl"): 91,  # of 100
    ("heldout147", "citations.jsonl"): 50,  # of 50
    ("heldout147", "traces.jsonl"): 154,  # of 155 (trace, kind) units
    ("heldout147", "repeat.jsonl"): 29,  # of 30
    # Held-out 148: first contact 2026-12-05 12:45 UTC, main 21089b9 (tests/data/heldout148/).
    ("heldout148", "completion.jsonl"): 173,  # of 203
    ("heldout148", "support.jsonl"): 81,  # of 100
    ("heldout148", "citations.jsonl"): 49,  # of 50
    ("heldout148", "traces.jsonl"): 155,  # of 156 (trace, kind) units
    ("heldout148", "repeat.jsonl"): 26,  # of 30
    # Held-out 149: first contact 2026-12-05 12:45 UTC, main 21089b9 (tests/data/heldout149/).
    ("heldout149", "completion.jsonl"): 167,  # of 183
    ("heldout149", "support.jsonl"): 77,  # of 100
    ("heldout149", "citations.jsonl"): 50,  # of 50
    ("heldout149", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout149", "repeat.jsonl"): 30,  # of 30
    # Held-out 150: first contact 2026-12-05 13:06 UTC, main 8adf753 (tests/data/heldout150/).
    ("heldout150", "completion.jsonl"): 214,  # of 235
    ("heldout150", "support.jsonl"): 74,  # of 100
    ("heldout150", "citations.jsonl"): 50,  # of 50
    ("heldout150", "traces.jsonl"): 153,  # of 156 (trace, kind) units
    ("heldout150", "repeat.jsonl"): 29,  # of 30
    # Held-out 151: first contact 2026-12-05 13:06 UTC, main 8adf753 (tests/data/heldout151/).
    ("heldout151", "completion.jsonl"): 172,  # of 194
    ("heldout151", "support.jsonl"): 84,  # of 100
    ("heldout151", "citations.jsonl"): 50,  # of 50
    ("heldout151", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout151", "repeat.jsonl"): 28,  # of 30
    # Held-out 152: first contact 2026-12-05 13:06 UTC, main 8adf753 (tests/data/heldout152/).
    ("heldout152", "completion.jsonl"): 164,  # of 178
    ("heldout152", "support.jsonl"): 81,  # of 100
    ("heldout152", "citations.jsonl"): 50,  # of 50
    ("heldout152", "traces.jsonl"): 154,  # of 154 (trace, kind) units
    ("heldout152", "repeat.jsonl"): 30,  # of 30
    # Held-out 153: first contact 2026-12-05 13:06 UTC, main 8adf753 (tests/data/heldout153/).
    ("heldout153", "completion.jsonl"): 192,  # of 207
    ("heldout153", "support.jsonl"): 93,  # of 100
    ("heldout153", "citations.jsonl"): 50,  # of 50
    ("heldout153", "traces.jsonl"): 154,  # of 154 (trace, kind) units
    ("heldout153", "repeat.jsonl"): 28,  # of 30
    # Held-out 154: first contact 2026-12-05 13:27 UTC, main 9b0a652 (tests/data/heldout154/).
    ("heldout154", "completion.jsonl"): 201,  # of 220
    ("heldout154", "support.jsonl"): 85,  # of 100
    ("heldout154", "citations.jsonl"): 50,  # of 50
    ("heldout154", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout154", "repeat.jsonl"): 25,  # of 30
    # Held-out 155: first contact 2026-12-05 13:27 UTC, main 9b0a652 (tests/data/heldout155/).
    ("heldout155", "completion.jsonl"): 161,  # of 180
    ("heldout155", "support.jsonl"): 81,  # of 100
    ("heldout155", "citations.jsonl"): 50,  # of 50
    ("heldout155", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout155", "repeat.jsonl"): 29,  # of 30
    # Held-out 156: first contact 2026-12-05 13:27 UTC, main 9b0a652 (tests/data/heldout156/).
    ("heldout156", "completion.jsonl"): 205,  # of 230
    ("heldout156", "support.jsonl"): 93,  # of 100
    ("heldout156", "citations.jsonl"): 50,  # of 50
    ("heldout156", "traces.jsonl"): 154,  # of 155 (trace, kind) units
    ("heldout156", "repeat.jsonl"): 28,  # of 30
    # Held-out 157: first contact 2026-12-05 13:27 UTC, main 9b0a652 (tests/data/heldout157/).
    ("heldout157", "completion.jsonl"): 167,  # of 184
    ("heldout157", "support.jsonl"): 80,  # of 100
    ("heldout157", "citations.jsonl"): 50,  # of 50
    ("heldout157", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout157", "repeat.jsonl"): 29,  # of 30
    # Held-out 158: first contact 2026-12-05 13:45 UTC, main 7b017fc (tests/data/heldout158/).
    ("heldout158", "completion.jsonl"): 145,  # of 156
    ("heldout158", "support.jsonl"): 86,  # of 100
    ("heldout158", "citations.jsonl"): 50,  # of 50
    ("heldout158", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout158", "repeat.jsonl"): 28,  # of 30
    # Held-out 159: first contact 2026-12-05 13:45 UTC, main 7b017fc (tests/data/heldout159/).
    ("heldout159", "completion.jsonl"): 170,  # of 189
    ("heldout159", "support.jsonl"): 88,  # of 100
    ("heldout159", "citations.jsonl"): 49,  # of 50
    ("heldout159", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout159", "repeat.jsonl"): 28,  # of 30
    # Held-out 160: first contact 2026-12-05 14:13 UTC, main 3fce433 (tests/data/heldout160/).
    ("heldout160", "completion.jsonl"): 165,  # of 185
    ("heldout160", "support.jsonl"): 84,  # of 100
    ("heldout160", "citations.jsonl"): 49,  # of 50
    ("heldout160", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout160", "repeat.jsonl"): 27,  # of 30
    # Held-out 161: first contact 2026-12-05 14:13 UTC, main 3fce433 (tests/data/heldout161/).
    ("heldout161", "completion.jsonl"): 173,  # of 197
    ("heldout161", "support.jsonl"): 88,  # of 100
    ("heldout161", "citations.jsonl"): 48,  # of 50
    ("heldout161", "traces.jsonl"): 154,  # of 156 (trace, kind) units
    ("heldout161", "repeat.jsonl"): 27,  # of 30
    # Held-out 162: first contact 2026-12-05 14:13 UTC, main 3fce433 (tests/data/heldout162/).
    ("heldout162", "completion.jsonl"): 201,  # of 224
    ("heldout162", "support.jsonl"): 91,  # of 100
    ("heldout162", "citations.jsonl"): 50,  # of 50
    ("heldout162", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout162", "repeat.jsonl"): 27,  # of 30
    # Held-out 163: first contact 2026-12-05 14:13 UTC, main 3fce433 (tests/data/heldout163/).
    ("heldout163", "completion.jsonl"): 176,  # of 196
    ("heldout163", "support.jsonl"): 86,  # of 100
    ("heldout163", "citations.jsonl"): 49,  # of 50
    ("heldout163", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout163", "repeat.jsonl"): 27,  # of 30
    # Held-out 164: first contact 2026-12-05 14:37 UTC, main 9557c22 (tests/data/heldout164/).
    ("heldout164", "completion.jsonl"): 176,  # of 198
    ("heldout164", "support.jsonl"): 92,  # of 100
    ("heldout164", "citations.jsonl"): 49,  # of 50
    ("heldout164", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout164", "repeat.jsonl"): 30,  # of 30
    # Held-out 165: first contact 2026-12-05 14:37 UTC, main 9557c22 (tests/data/heldout165/).
    ("heldout165", "completion.jsonl"): 188,  # of 209
    ("heldout165", "support.jsonl"): 88,  # of 100
    ("heldout165", "citations.jsonl"): 49,  # of 50
    ("heldout165", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout165", "repeat.jsonl"): 28,  # of 30
    # Held-out 166: first contact 2026-12-05 14:37 UTC, main 9557c22 (tests/data/heldout166/).
    ("heldout166", "completion.jsonl"): 170,  # of 186
    ("heldout166", "support.jsonl"): 81,  # of 100
    ("heldout166", "citations.jsonl"): 49,  # of 50
    ("heldout166", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout166", "repeat.jsonl"): 27,  # of 30
    # Held-out 167: first contact 2026-12-05 14:37 UTC, main 9557c22 (tests/data/heldout167/).
    ("heldout167", "completion.jsonl"): 165,  # of 194
    ("heldout167", "support.jsonl"): 87,  # of 100
    ("heldout167", "citations.jsonl"): 50,  # of 50
    ("heldout167", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout167", "repeat.jsonl"): 29,  # of 30
    # Held-out 168: first contact 2026-12-05 14:47 UTC, main 822e2e5 (tests/data/heldout168/).
    ("heldout168", "completion.jsonl"): 169,  # of 188
    ("heldout168", "support.jsonl"): 88,  # of 100
    ("heldout168", "citations.jsonl"): 50,  # of 50
    ("heldout168", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout168", "repeat.jsonl"): 28,  # of 30
    # Held-out 169: first contact 2026-12-05 14:47 UTC, main 822e2e5 (tests/data/heldout169/).
    ("heldout169", "completion.jsonl"): 214,  # of 241
    ("heldout169", "support.jsonl"): 82,  # of 100
    ("heldout169", "citations.jsonl"): 49,  # of 50
    ("heldout169", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout169", "repeat.jsonl"): 26,  # of 30
    # Held-out 170: first contact 2026-12-05 14:47 UTC, main 822e2e5 (tests/data/heldout170/).
    ("heldout170", "completion.jsonl"): 174,  # of 199
    ("heldout170", "support.jsonl"): 85,  # of 100
    ("heldout170", "citations.jsonl"): 50,  # of 50
    ("heldout170", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout170", "repeat.jsonl"): 29,  # of 30
    # Held-out 171: first contact 2026-12-05 14:47 UTC, main 822e2e5 (tests/data/heldout171/).
    ("heldout171", "completion.jsonl"): 190,  # of 206
    ("heldout171", "support.jsonl"): 93,  # of 100
    ("heldout171", "citations.jsonl"): 50,  # of 50
    ("heldout171", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout171", "repeat.jsonl"): 28,  # of 30
    # Held-out 172: first contact 2026-12-05 15:04 UTC, main c5f6705 (tests/data/heldout172/).
    ("heldout172", "completion.jsonl"): 174,  # of 184
    ("heldout172", "support.jsonl"): 95,  # of 100
    ("heldout172", "citations.jsonl"): 50,  # of 50
    ("heldout172", "traces.jsonl"): 157,  # of 157 (trace, kind) units
    ("heldout172", "repeat.jsonl"): 29,  # of 30
    # Held-out 173: first contact 2026-12-05 15:04 UTC, main c5f6705 (tests/data/heldout173/).
    ("heldout173", "completion.jsonl"): 185,  # of 204
    ("heldout173", "support.jsonl"): 85,  # of 100
    ("heldout173", "citations.jsonl"): 50,  # of 50
    ("heldout173", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout173", "repeat.jsonl"): 30,  # of 30
    # Held-out 174: first contact 2026-12-05 15:04 UTC, main c5f6705 (tests/data/heldout174/).
    ("heldout174", "completion.jsonl"): 169,  # of 194
    ("heldout174", "support.jsonl"): 86,  # of 100
    ("heldout174", "citations.jsonl"): 49,  # of 50
    ("heldout174", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout174", "repeat.jsonl"): 29,  # of 30
    # Held-out 175: first contact 2026-12-05 15:04 UTC, main c5f6705 (tests/data/heldout175/).
    ("heldout175", "completion.jsonl"): 168,  # of 195
    ("heldout175", "support.jsonl"): 91,  # of 100
    ("heldout175", "citations.jsonl"): 50,  # of 50
    ("heldout175", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout175", "repeat.jsonl"): 29,  # of 30
    # Held-out 176: first contact 2026-12-05 15:13 UTC, main 4d0299d (tests/data/heldout176/).
    ("heldout176", "completion.jsonl"): 160,  # of 185
    ("heldout176", "support.jsonl"): 86,  # of 100
    ("heldout176", "citations.jsonl"): 50,  # of 50
    ("heldout176", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout176", "repeat.jsonl"): 29,  # of 30
    # Held-out 177: first contact 2026-12-05 15:13 UTC, main 4d0299d (tests/data/heldout177/).
    ("heldout177", "completion.jsonl"): 177,  # of 195
    ("heldout177", "support.jsonl"): 88,  # of 100
    ("heldout177", "citations.jsonl"): 50,  # of 50
    ("heldout177", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout177", "repeat.jsonl"): 27,  # of 30
    # Held-out 178: first contact 2026-12-05 15:13 UTC, main 4d0299d (tests/data/heldout178/).
    ("heldout178", "completion.jsonl"): 166,  # of 182
    ("heldout178", "support.jsonl"): 78,  # of 100
    ("heldout178", "citations.jsonl"): 50,  # of 50
    ("heldout178", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout178", "repeat.jsonl"): 29,  # of 30
    # Held-out 179: first contact 2026-12-05 15:13 UTC, main 4d0299d (tests/data/heldout179/).
    ("heldout179", "completion.jsonl"): 165,  # of 184
    ("heldout179", "support.jsonl"): 77,  # of 100
    ("heldout179", "citations.jsonl"): 49,  # of 50
    ("heldout179", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout179", "repeat.jsonl"): 29,  # of 30
    # Held-out 180: first contact 2026-12-05 15:29 UTC, main a40b17f (tests/data/heldout180/).
    ("heldout180", "completion.jsonl"): 166,  # of 189
    ("heldout180", "support.jsonl"): 90,  # of 100
    ("heldout180", "citations.jsonl"): 50,  # of 50
    ("heldout180", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout180", "repeat.jsonl"): 30,  # of 30
    # Held-out 181: first contact 2026-12-05 15:29 UTC, main a40b17f (tests/data/heldout181/).
    ("heldout181", "completion.jsonl"): 166,  # of 190
    ("heldout181", "support.jsonl"): 87,  # of 100
    ("heldout181", "citations.jsonl"): 50,  # of 50
    ("heldout181", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout181", "repeat.jsonl"): 26,  # of 30
    # Held-out 182: first contact 2026-12-05 15:29 UTC, main a40b17f (tests/data/heldout182/).
    ("heldout182", "completion.jsonl"): 173,  # of 190
    ("heldout182", "support.jsonl"): 90,  # of 100
    ("heldout182", "citations.jsonl"): 50,  # of 50
    ("heldout182", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout182", "repeat.jsonl"): 30,  # of 30
    # Held-out 183: first contact 2026-12-05 15:29 UTC, main a40b17f (tests/data/heldout183/).
    ("heldout183", "completion.jsonl"): 178,  # of 213
    ("heldout183", "support.jsonl"): 91,  # of 100
    ("heldout183", "citations.jsonl"): 50,  # of 50
    ("heldout183", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout183", "repeat.jsonl"): 28,  # of 30
    # Held-out 184: first contact 2026-12-05 15:48 UTC, main 5b8d013 (tests/data/heldout184/).
    ("heldout184", "completion.jsonl"): 173,  # of 200
    ("heldout184", "support.jsonl"): 89,  # of 100
    ("heldout184", "citations.jsonl"): 50,  # of 50
    ("heldout184", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout184", "repeat.jsonl"): 26,  # of 30
    # Held-out 185: first contact 2026-12-05 15:48 UTC, main 5b8d013 (tests/data/heldout185/).
    ("heldout185", "completion.jsonl"): 199,  # of 225
    ("heldout185", "support.jsonl"): 85,  # of 100
    ("heldout185", "citations.jsonl"): 50,  # of 50
    ("heldout185", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout185", "repeat.jsonl"): 27,  # of 30
    # Held-out 186: first contact 2026-12-05 15:48 UTC, main 5b8d013 (tests/data/heldout186/).
    ("heldout186", "completion.jsonl"): 165,  # of 192
    ("heldout186", "support.jsonl"): 91,  # of 100
    ("heldout186", "citations.jsonl"): 50,  # of 50
    ("heldout186", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout186", "repeat.jsonl"): 25,  # of 30
    # Held-out 187: first contact 2026-12-05 15:48 UTC, main 5b8d013 (tests/data/heldout187/).
    ("heldout187", "completion.jsonl"): 164,  # of 180
    ("heldout187", "support.jsonl"): 90,  # of 100
    ("heldout187", "citations.jsonl"): 50,  # of 50
    ("heldout187", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout187", "repeat.jsonl"): 30,  # of 30
    # Held-out 188: first contact 2026-12-05 16:25 UTC, main 23f7dae (tests/data/heldout188/).
    ("heldout188", "completion.jsonl"): 198,  # of 214
    ("heldout188", "support.jsonl"): 91,  # of 100
    ("heldout188", "citations.jsonl"): 50,  # of 50
    ("heldout188", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout188", "repeat.jsonl"): 29,  # of 30
    # Held-out 189: first contact 2026-12-05 16:25 UTC, main 23f7dae (tests/data/heldout189/).
    ("heldout189", "completion.jsonl"): 174,  # of 194
    ("heldout189", "support.jsonl"): 77,  # of 100
    ("heldout189", "citations.jsonl"): 50,  # of 50
    ("heldout189", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout189", "repeat.jsonl"): 25,  # of 30
    # Held-out 190: first contact 2026-12-05 16:25 UTC, main 23f7dae (tests/data/heldout190/).
    ("heldout190", "completion.jsonl"): 172,  # of 198
    ("heldout190", "support.jsonl"): 80,  # of 100
    ("heldout190", "citations.jsonl"): 49,  # of 50
    ("heldout190", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout190", "repeat.jsonl"): 29,  # of 30
    # Held-out 191: first contact 2026-12-05 16:25 UTC, main 23f7dae (tests/data/heldout191/).
    ("heldout191", "completion.jsonl"): 165,  # of 186
    ("heldout191", "support.jsonl"): 83,  # of 100
    ("heldout191", "citations.jsonl"): 50,  # of 50
    ("heldout191", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout191", "repeat.jsonl"): 28,  # of 30
    # Held-out 192: first contact 2026-12-05 17:07 UTC, main e9ebba6 (tests/data/heldout192/).
    ("heldout192", "completion.jsonl"): 184,  # of 211
    ("heldout192", "support.jsonl"): 82,  # of 100
    ("heldout192", "citations.jsonl"): 50,  # of 50
    ("heldout192", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout192", "repeat.jsonl"): 27,  # of 30
    # Held-out 193: first contact 2026-12-05 17:07 UTC, main e9ebba6 (tests/data/heldout193/).
    ("heldout193", "completion.jsonl"): 165,  # of 194
    ("heldout193", "support.jsonl"): 96,  # of 100
    ("heldout193", "citations.jsonl"): 50,  # of 50
    ("heldout193", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout193", "repeat.jsonl"): 29,  # of 30
    # Held-out 194: first contact 2026-12-05 17:07 UTC, main e9ebba6 (tests/data/heldout194/).
    ("heldout194", "completion.jsonl"): 182,  # of 212
    ("heldout194", "support.jsonl"): 83,  # of 100
    ("heldout194", "citations.jsonl"): 50,  # of 50
    ("heldout194", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout194", "repeat.jsonl"): 28,  # of 30
    # Held-out 195: first contact 2026-12-05 17:07 UTC, main e9ebba6 (tests/data/heldout195/).
    ("heldout195", "completion.jsonl"): 177,  # of 196
    ("heldout195", "support.jsonl"): 86,  # of 100
    ("heldout195", "citations.jsonl"): 50,  # of 50
    ("heldout195", "traces.jsonl"): 157,  # of 157 (trace, kind) units
    ("heldout195", "repeat.jsonl"): 28,  # of 30
    # Held-out 196: first contact 2026-12-05 17:26 UTC, main d2df616 (tests/data/heldout196/).
    ("heldout196", "completion.jsonl"): 170,  # of 193
    ("heldout196", "support.jsonl"): 82,  # of 100
    ("heldout196", "citations.jsonl"): 50,  # of 50
    ("heldout196", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout196", "repeat.jsonl"): 29,  # of 30
    # Held-out 197: first contact 2026-12-05 17:26 UTC, main d2df616 (tests/data/heldout197/).
    ("heldout197", "completion.jsonl"): 158,  # of 185
    ("heldout197", "support.jsonl"): 88,  # of 100
    ("heldout197", "citations.jsonl"): 50,  # of 50
    ("heldout197", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout197", "repeat.jsonl"): 25,  # of 30
    # Held-out 198: first contact 2026-12-05 17:26 UTC, main d2df616 (tests/data/heldout198/).
    ("heldout198", "completion.jsonl"): 182,  # of 203
    ("heldout198", "support.jsonl"): 73,  # of 100
    ("heldout198", "citations.jsonl"): 50,  # of 50
    ("heldout198", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout198", "repeat.jsonl"): 28,  # of 30
    # Held-out 199: first contact 2026-12-05 17:26 UTC, main d2df616 (tests/data/heldout199/).
    ("heldout199", "completion.jsonl"): 170,  # of 188
    ("heldout199", "support.jsonl"): 84,  # of 100
    ("heldout199", "citations.jsonl"): 49,  # of 50
    ("heldout199", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout199", "repeat.jsonl"): 29,  # of 30
    # Held-out 200: first contact 2026-12-05 17:57 UTC, main badba12 (tests/data/heldout200/).
    ("heldout200", "completion.jsonl"): 161,  # of 184
    ("heldout200", "support.jsonl"): 89,  # of 100
    ("heldout200", "citations.jsonl"): 50,  # of 50
    ("heldout200", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout200", "repeat.jsonl"): 29,  # of 30
    # Held-out 201: first contact 2026-12-05 17:57 UTC, main badba12 (tests/data/heldout201/).
    ("heldout201", "completion.jsonl"): 153,  # of 182
    ("heldout201", "support.jsonl"): 84,  # of 100
    ("heldout201", "citations.jsonl"): 49,  # of 50
    ("heldout201", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout201", "repeat.jsonl"): 25,  # of 30
    # Held-out 202: first contact 2026-12-05 17:57 UTC, main badba12 (tests/data/heldout202/).
    ("heldout202", "completion.jsonl"): 172,  # of 187
    ("heldout202", "support.jsonl"): 82,  # of 100
    ("heldout202", "citations.jsonl"): 50,  # of 50
    ("heldout202", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout202", "repeat.jsonl"): 25,  # of 30
    # Held-out 203: first contact 2026-12-05 17:57 UTC, main badba12 (tests/data/heldout203/).
    ("heldout203", "completion.jsonl"): 169,  # of 189
    ("heldout203", "support.jsonl"): 87,  # of 100
    ("heldout203", "citations.jsonl"): 50,  # of 50
    ("heldout203", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout203", "repeat.jsonl"): 30,  # of 30
    # Held-out 204: first contact 2026-12-05 18:59 UTC, main f9ee081 (tests/data/heldout204/).
    ("heldout204", "completion.jsonl"): 183,  # of 200
    ("heldout204", "support.jsonl"): 89,  # of 100
    ("heldout204", "citations.jsonl"): 50,  # of 50
    ("heldout204", "traces.jsonl"): 155,  # of 156 (trace, kind) units
    ("heldout204", "repeat.jsonl"): 29,  # of 30
    # Held-out 205: first contact 2026-12-05 18:59 UTC, main f9ee081 (tests/data/heldout205/).
    ("heldout205", "completion.jsonl"): 176,  # of 197
    ("heldout205", "support.jsonl"): 93,  # of 100
    ("heldout205", "citations.jsonl"): 50,  # of 50
    ("heldout205", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout205", "repeat.jsonl"): 26,  # of 30
    # Held-out 206: first contact 2026-12-05 18:59 UTC, main f9ee081 (tests/data/heldout206/).
    ("heldout206", "completion.jsonl"): 154,  # of 183
    ("heldout206", "support.jsonl"): 86,  # of 100
    ("heldout206", "citations.jsonl"): 48,  # of 50
    ("heldout206", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout206", "repeat.jsonl"): 29,  # of 30
    # Held-out 207: first contact 2026-12-05 18:59 UTC, main f9ee081 (tests/data/heldout207/).
    ("heldout207", "completion.jsonl"): 190,  # of 209
    ("heldout207", "support.jsonl"): 84,  # of 100
    ("heldout207", "citations.jsonl"): 50,  # of 50
    ("heldout207", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout207", "repeat.jsonl"): 27,  # of 30
    # Held-out 208: first contact 2026-12-05 19:24 UTC, main 8205588 (tests/data/heldout208/).
    ("heldout208", "completion.jsonl"): 174,  # of 205
    ("heldout208", "support.jsonl"): 81,  # of 100
    ("heldout208", "citations.jsonl"): 50,  # of 50
    ("heldout208", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout208", "repeat.jsonl"): 28,  # of 30
    # Held-out 209: first contact 2026-12-05 19:24 UTC, main 8205588 (tests/data/heldout209/).
    ("heldout209", "completion.jsonl"): 173,  # of 202
    ("heldout209", "support.jsonl"): 95,  # of 100
    ("heldout209", "citations.jsonl"): 50,  # of 50
    ("heldout209", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout209", "repeat.jsonl"): 26,  # of 30
    # Held-out 210: first contact 2026-12-05 19:24 UTC, main 8205588 (tests/data/heldout210/).
    ("heldout210", "completion.jsonl"): 179,  # of 196
    ("heldout210", "support.jsonl"): 94,  # of 100
    ("heldout210", "citations.jsonl"): 50,  # of 50
    ("heldout210", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout210", "repeat.jsonl"): 28,  # of 30
    # Held-out 211: first contact 2026-12-05 19:24 UTC, main 8205588 (tests/data/heldout211/).
    ("heldout211", "completion.jsonl"): 181,  # of 207
    ("heldout211", "support.jsonl"): 83,  # of 100
    ("heldout211", "citations.jsonl"): 50,  # of 50
    ("heldout211", "traces.jsonl"): 153,  # of 153 (trace, kind) units
    ("heldout211", "repeat.jsonl"): 27,  # of 30
    # Held-out 212: first contact 2026-12-05 19:42 UTC, main c25ab66 (tests/data/heldout212/).
    ("heldout212", "completion.jsonl"): 158,  # of 186
    ("heldout212", "support.jsonl"): 84,  # of 100
    ("heldout212", "citations.jsonl"): 50,  # of 50
    ("heldout212", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout212", "repeat.jsonl"): 27,  # of 30
    # Held-out 213: first contact 2026-12-05 19:42 UTC, main c25ab66 (tests/data/heldout213/).
    ("heldout213", "completion.jsonl"): 161,  # of 180
    ("heldout213", "support.jsonl"): 88,  # of 100
    ("heldout213", "citations.jsonl"): 47,  # of 50
    ("heldout213", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout213", "repeat.jsonl"): 26,  # of 30
    # Held-out 214: first contact 2026-12-05 19:42 UTC, main c25ab66 (tests/data/heldout214/).
    ("heldout214", "completion.jsonl"): 161,  # of 189
    ("heldout214", "support.jsonl"): 88,  # of 100
    ("heldout214", "citations.jsonl"): 49,  # of 50
    ("heldout214", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout214", "repeat.jsonl"): 25,  # of 30
    # Held-out 215: first contact 2026-12-05 19:42 UTC, main c25ab66 (tests/data/heldout215/).
    ("heldout215", "completion.jsonl"): 176,  # of 200
    ("heldout215", "support.jsonl"): 91,  # of 100
    ("heldout215", "citations.jsonl"): 50,  # of 50
    ("heldout215", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout215", "repeat.jsonl"): 28,  # of 30
    # Held-out 216: first contact 2026-12-05 19:54 UTC, main a554feb (tests/data/heldout216/).
    ("heldout216", "completion.jsonl"): 176,  # of 195
    ("heldout216", "support.jsonl"): 82,  # of 100 (measured at 1f56b99: see FIRST_CONTACT.md)
    ("heldout216", "citations.jsonl"): 50,  # of 50
    ("heldout216", "traces.jsonl"): 157,  # of 158 (trace, kind) units
    ("heldout216", "repeat.jsonl"): 30,  # of 30
    # Held-out 217: first contact 2026-12-05 19:54 UTC, main a554feb (tests/data/heldout217/).
    ("heldout217", "completion.jsonl"): 169,  # of 196
    ("heldout217", "support.jsonl"): 94,  # of 100
    ("heldout217", "citations.jsonl"): 50,  # of 50
    ("heldout217", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout217", "repeat.jsonl"): 29,  # of 30
    # Held-out 218: first contact 2026-12-05 19:54 UTC, main a554feb (tests/data/heldout218/).
    ("heldout218", "completion.jsonl"): 157,  # of 180
    ("heldout218", "support.jsonl"): 82,  # of 100
    ("heldout218", "citations.jsonl"): 50,  # of 50
    ("heldout218", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout218", "repeat.jsonl"): 30,  # of 30
    # Held-out 219: first contact 2026-12-05 19:54 UTC, main a554feb (tests/data/heldout219/).
    ("heldout219", "completion.jsonl"): 178,  # of 212
    ("heldout219", "support.jsonl"): 82,  # of 100
    ("heldout219", "citations.jsonl"): 50,  # of 50
    ("heldout219", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout219", "repeat.jsonl"): 29,  # of 30
    # Held-out 220: first contact 2026-12-05 20:21 UTC, main 02603c5 (tests/data/heldout220/).
    ("heldout220", "completion.jsonl"): 153,  # of 177
    ("heldout220", "support.jsonl"): 79,  # of 100
    ("heldout220", "citations.jsonl"): 50,  # of 50
    ("heldout220", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout220", "repeat.jsonl"): 27,  # of 30
    # Held-out 221: first contact 2026-12-05 20:21 UTC, main 02603c5 (tests/data/heldout221/).
    ("heldout221", "completion.jsonl"): 184,  # of 202
    ("heldout221", "support.jsonl"): 90,  # of 100
    ("heldout221", "citations.jsonl"): 50,  # of 50
    ("heldout221", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout221", "repeat.jsonl"): 29,  # of 30
    # Held-out 222: first contact 2026-12-05 20:21 UTC, main 02603c5 (tests/data/heldout222/).
    ("heldout222", "completion.jsonl"): 187,  # of 210
    ("heldout222", "support.jsonl"): 87,  # of 100
    ("heldout222", "citations.jsonl"): 50,  # of 50
    ("heldout222", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout222", "repeat.jsonl"): 29,  # of 30
    # Held-out 223: first contact 2026-12-05 20:21 UTC, main 02603c5 (tests/data/heldout223/).
    ("heldout223", "completion.jsonl"): 157,  # of 180
    ("heldout223", "support.jsonl"): 90,  # of 100
    ("heldout223", "citations.jsonl"): 50,  # of 50
    ("heldout223", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout223", "repeat.jsonl"): 30,  # of 30
    # Held-out 224: first contact 2026-12-05 20:42 UTC, main c2aa970 (tests/data/heldout224/).
    ("heldout224", "completion.jsonl"): 160,  # of 180
    ("heldout224", "support.jsonl"): 95,  # of 100
    ("heldout224", "citations.jsonl"): 50,  # of 50
    ("heldout224", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout224", "repeat.jsonl"): 27,  # of 30
    # Held-out 225: first contact 2026-12-05 20:42 UTC, main c2aa970 (tests/data/heldout225/).
    ("heldout225", "completion.jsonl"): 161,  # of 193
    ("heldout225", "support.jsonl"): 82,  # of 100
    ("heldout225", "citations.jsonl"): 50,  # of 50
    ("heldout225", "traces.jsonl"): 157,  # of 157 (trace, kind) units
    ("heldout225", "repeat.jsonl"): 25,  # of 30
    # Held-out 226: first contact 2026-12-05 20:42 UTC, main c2aa970 (tests/data/heldout226/).
    ("heldout226", "completion.jsonl"): 180,  # of 206
    ("heldout226", "support.jsonl"): 78,  # of 100
    ("heldout226", "citations.jsonl"): 50,  # of 50
    ("heldout226", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout226", "repeat.jsonl"): 29,  # of 30
    # Held-out 227: first contact 2026-12-05 20:42 UTC, main c2aa970 (tests/data/heldout227/).
    ("heldout227", "completion.jsonl"): 155,  # of 177
    ("heldout227", "support.jsonl"): 91,  # of 100
    ("heldout227", "citations.jsonl"): 50,  # of 50
    ("heldout227", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout227", "repeat.jsonl"): 28,  # of 30
    # Held-out 228: first contact 2026-12-05 21:18 UTC, main 29433da (tests/data/heldout228/).
    ("heldout228", "completion.jsonl"): 173,  # of 190
    ("heldout228", "support.jsonl"): 89,  # of 100
    ("heldout228", "citations.jsonl"): 50,  # of 50
    ("heldout228", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout228", "repeat.jsonl"): 28,  # of 30
    # Held-out 229: first contact 2026-12-05 21:18 UTC, main 29433da (tests/data/heldout229/).
    ("heldout229", "completion.jsonl"): 160,  # of 180
    ("heldout229", "support.jsonl"): 85,  # of 100
    ("heldout229", "citations.jsonl"): 50,  # of 50
    ("heldout229", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout229", "repeat.jsonl"): 29,  # of 30
    # Held-out 230: first contact 2026-12-05 21:18 UTC, main 29433da (tests/data/heldout230/).
    ("heldout230", "completion.jsonl"): 175,  # of 208
    ("heldout230", "support.jsonl"): 87,  # of 100
    ("heldout230", "citations.jsonl"): 50,  # of 50
    ("heldout230", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout230", "repeat.jsonl"): 26,  # of 30
    # Held-out 231: first contact 2026-12-05 21:18 UTC, main 29433da (tests/data/heldout231/).
    ("heldout231", "completion.jsonl"): 162,  # of 179
    ("heldout231", "support.jsonl"): 90,  # of 100
    ("heldout231", "citations.jsonl"): 50,  # of 50
    ("heldout231", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout231", "repeat.jsonl"): 28,  # of 30
    # Held-out 232: first contact 2026-12-05 21:32 UTC, main 6b99c05 (tests/data/heldout232/).
    ("heldout232", "completion.jsonl"): 164,  # of 188
    ("heldout232", "support.jsonl"): 86,  # of 100
    ("heldout232", "citations.jsonl"): 50,  # of 50
    ("heldout232", "traces.jsonl"): 157,  # of 158 (trace, kind) units
    ("heldout232", "repeat.jsonl"): 30,  # of 30
    # Held-out 233: first contact 2026-12-05 21:32 UTC, main 6b99c05 (tests/data/heldout233/).
    ("heldout233", "completion.jsonl"): 168,  # of 185
    ("heldout233", "support.jsonl"): 89,  # of 100
    ("heldout233", "citations.jsonl"): 50,  # of 50
    ("heldout233", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout233", "repeat.jsonl"): 28,  # of 30
    # Held-out 234: first contact 2026-12-05 21:32 UTC, main 6b99c05 (tests/data/heldout234/).
    ("heldout234", "completion.jsonl"): 161,  # of 183
    ("heldout234", "support.jsonl"): 80,  # of 100
    ("heldout234", "citations.jsonl"): 50,  # of 50
    ("heldout234", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout234", "repeat.jsonl"): 25,  # of 30
    # Held-out 235: first contact 2026-12-05 21:32 UTC, main 6b99c05 (tests/data/heldout235/).
    ("heldout235", "completion.jsonl"): 186,  # of 212
    ("heldout235", "support.jsonl"): 82,  # of 100
    ("heldout235", "citations.jsonl"): 50,  # of 50
    ("heldout235", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout235", "repeat.jsonl"): 28,  # of 30
    # Held-out 236: first contact 2026-12-05 21:58 UTC, main 38af406 (tests/data/heldout236/).
    ("heldout236", "completion.jsonl"): 187,  # of 210
    ("heldout236", "support.jsonl"): 90,  # of 100
    ("heldout236", "citations.jsonl"): 50,  # of 50
    ("heldout236", "traces.jsonl"): 153,  # of 153 (trace, kind) units
    ("heldout236", "repeat.jsonl"): 28,  # of 30
    # Held-out 237: first contact 2026-12-05 21:58 UTC, main 38af406 (tests/data/heldout237/).
    ("heldout237", "completion.jsonl"): 174,  # of 201
    ("heldout237", "support.jsonl"): 85,  # of 100
    ("heldout237", "citations.jsonl"): 50,  # of 50
    ("heldout237", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout237", "repeat.jsonl"): 28,  # of 30
    # Held-out 238: first contact 2026-12-05 21:58 UTC, main 38af406 (tests/data/heldout238/).
    ("heldout238", "completion.jsonl"): 150,  # of 189
    ("heldout238", "support.jsonl"): 86,  # of 100
    ("heldout238", "citations.jsonl"): 50,  # of 50
    ("heldout238", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout238", "repeat.jsonl"): 30,  # of 30
    # Held-out 239: first contact 2026-12-05 21:58 UTC, main 38af406 (tests/data/heldout239/).
    ("heldout239", "completion.jsonl"): 172,  # of 192
    ("heldout239", "support.jsonl"): 90,  # of 100
    ("heldout239", "citations.jsonl"): 50,  # of 50
    ("heldout239", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout239", "repeat.jsonl"): 30,  # of 30
    # Held-out 240: first contact 2026-12-05 23:23 UTC, main fc22cd0 (tests/data/heldout240/).
    ("heldout240", "completion.jsonl"): 192,  # of 215
    ("heldout240", "support.jsonl"): 82,  # of 100
    ("heldout240", "citations.jsonl"): 50,  # of 50
    ("heldout240", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout240", "repeat.jsonl"): 29,  # of 30
    # Held-out 241: first contact 2026-12-05 23:23 UTC, main fc22cd0 (tests/data/heldout241/).
    ("heldout241", "completion.jsonl"): 184,  # of 210
    ("heldout241", "support.jsonl"): 84,  # of 100
    ("heldout241", "citations.jsonl"): 50,  # of 50
    ("heldout241", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout241", "repeat.jsonl"): 27,  # of 30
    # Held-out 242: first contact 2026-12-05 23:23 UTC, main fc22cd0 (tests/data/heldout242/).
    ("heldout242", "completion.jsonl"): 197,  # of 213
    ("heldout242", "support.jsonl"): 93,  # of 100
    ("heldout242", "citations.jsonl"): 50,  # of 50
    ("heldout242", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout242", "repeat.jsonl"): 27,  # of 30
    # Held-out 243: first contact 2026-12-05 23:23 UTC, main fc22cd0 (tests/data/heldout243/).
    ("heldout243", "completion.jsonl"): 184,  # of 197
    ("heldout243", "support.jsonl"): 96,  # of 100
    ("heldout243", "citations.jsonl"): 50,  # of 50
    ("heldout243", "traces.jsonl"): 154,  # of 155 (trace, kind) units
    ("heldout243", "repeat.jsonl"): 29,  # of 30
    # Held-out 244: first contact 2026-12-05 23:45 UTC, main de9acd2 (tests/data/heldout244/).
    ("heldout244", "completion.jsonl"): 174,  # of 193
    ("heldout244", "support.jsonl"): 85,  # of 100
    ("heldout244", "citations.jsonl"): 50,  # of 50
    ("heldout244", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout244", "repeat.jsonl"): 27,  # of 30
    # Held-out 245: first contact 2026-12-05 23:45 UTC, main de9acd2 (tests/data/heldout245/).
    ("heldout245", "completion.jsonl"): 188,  # of 208
    ("heldout245", "support.jsonl"): 91,  # of 100
    ("heldout245", "citations.jsonl"): 50,  # of 50
    ("heldout245", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout245", "repeat.jsonl"): 28,  # of 30
    # Held-out 246: first contact 2026-12-05 23:45 UTC, main de9acd2 (tests/data/heldout246/).
    ("heldout246", "completion.jsonl"): 205,  # of 232
    ("heldout246", "support.jsonl"): 84,  # of 100
    ("heldout246", "citations.jsonl"): 50,  # of 50
    ("heldout246", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout246", "repeat.jsonl"): 29,  # of 30
    # Held-out 247: first contact 2026-12-05 23:45 UTC, main de9acd2 (tests/data/heldout247/).
    ("heldout247", "completion.jsonl"): 190,  # of 215
    ("heldout247", "support.jsonl"): 91,  # of 100
    ("heldout247", "citations.jsonl"): 50,  # of 50
    ("heldout247", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout247", "repeat.jsonl"): 29,  # of 30
    # Held-out 248: first contact 2026-12-06 00:49 UTC, main 9cf044b (tests/data/heldout248/).
    ("heldout248", "completion.jsonl"): 155,  # of 192
    ("heldout248", "support.jsonl"): 91,  # of 100
    ("heldout248", "citations.jsonl"): 50,  # of 50
    ("heldout248", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout248", "repeat.jsonl"): 26,  # of 30
    # Held-out 249: first contact 2026-12-06 00:49 UTC, main 9cf044b (tests/data/heldout249/).
    ("heldout249", "completion.jsonl"): 201,  # of 224
    ("heldout249", "support.jsonl"): 85,  # of 100
    ("heldout249", "citations.jsonl"): 50,  # of 50
    ("heldout249", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout249", "repeat.jsonl"): 29,  # of 30
    # Held-out 250: first contact 2026-12-06 00:49 UTC, main 9cf044b (tests/data/heldout250/).
    ("heldout250", "completion.jsonl"): 189,  # of 210
    ("heldout250", "support.jsonl"): 87,  # of 100
    ("heldout250", "citations.jsonl"): 50,  # of 50
    ("heldout250", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout250", "repeat.jsonl"): 28,  # of 30
    # Held-out 251: first contact 2026-12-06 00:49 UTC, main 9cf044b (tests/data/heldout251/).
    ("heldout251", "completion.jsonl"): 194,  # of 212
    ("heldout251", "support.jsonl"): 85,  # of 100
    ("heldout251", "citations.jsonl"): 50,  # of 50
    ("heldout251", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout251", "repeat.jsonl"): 31,  # of 32
    # Held-out 252: first contact 2026-12-06 02:12 UTC, main f6acf54 (tests/data/heldout252/).
    ("heldout252", "completion.jsonl"): 183,  # of 212
    ("heldout252", "support.jsonl"): 83,  # of 100
    ("heldout252", "citations.jsonl"): 50,  # of 50
    ("heldout252", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout252", "repeat.jsonl"): 27,  # of 30
    # Held-out 253: first contact 2026-12-06 02:12 UTC, main f6acf54 (tests/data/heldout253/).
    ("heldout253", "completion.jsonl"): 181,  # of 213
    ("heldout253", "support.jsonl"): 84,  # of 100
    ("heldout253", "citations.jsonl"): 50,  # of 50
    ("heldout253", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout253", "repeat.jsonl"): 27,  # of 30
    # Held-out 254: first contact 2026-12-06 02:12 UTC, main f6acf54 (tests/data/heldout254/).
    ("heldout254", "completion.jsonl"): 185,  # of 211
    ("heldout254", "support.jsonl"): 94,  # of 100
    ("heldout254", "citations.jsonl"): 50,  # of 50
    ("heldout254", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout254", "repeat.jsonl"): 26,  # of 30
    # Held-out 255: first contact 2026-12-06 02:12 UTC, main f6acf54 (tests/data/heldout255/).
    ("heldout255", "completion.jsonl"): 173,  # of 201
    ("heldout255", "support.jsonl"): 81,  # of 100
    ("heldout255", "citations.jsonl"): 50,  # of 50
    ("heldout255", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout255", "repeat.jsonl"): 25,  # of 30
    # Held-out 256: first contact 2026-12-06 02:39 UTC, main 70df616 (tests/data/heldout256/).
    ("heldout256", "completion.jsonl"): 167,  # of 190
    ("heldout256", "support.jsonl"): 91,  # of 100
    ("heldout256", "citations.jsonl"): 50,  # of 50
    ("heldout256", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout256", "repeat.jsonl"): 26,  # of 30
    # Held-out 257: first contact 2026-12-06 02:39 UTC, main 70df616 (tests/data/heldout257/).
    ("heldout257", "completion.jsonl"): 191,  # of 211
    ("heldout257", "support.jsonl"): 94,  # of 100
    ("heldout257", "citations.jsonl"): 50,  # of 50
    ("heldout257", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout257", "repeat.jsonl"): 29,  # of 30
    # Held-out 258: first contact 2026-12-06 02:39 UTC, main 70df616 (tests/data/heldout258/).
    ("heldout258", "completion.jsonl"): 166,  # of 192
    ("heldout258", "support.jsonl"): 89,  # of 100
    ("heldout258", "citations.jsonl"): 50,  # of 50
    ("heldout258", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout258", "repeat.jsonl"): 29,  # of 30
    # Held-out 259: first contact 2026-12-06 02:39 UTC, main 70df616 (tests/data/heldout259/).
    ("heldout259", "completion.jsonl"): 173,  # of 200
    ("heldout259", "support.jsonl"): 84,  # of 100
    ("heldout259", "citations.jsonl"): 50,  # of 50
    ("heldout259", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout259", "repeat.jsonl"): 28,  # of 30
    # Held-out 260: first contact 2026-12-06 03:05 UTC, main 689e2d6 (tests/data/heldout260/).
    ("heldout260", "completion.jsonl"): 168,  # of 204
    ("heldout260", "support.jsonl"): 87,  # of 100
    ("heldout260", "citations.jsonl"): 50,  # of 50
    ("heldout260", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout260", "repeat.jsonl"): 29,  # of 30
    # Held-out 261: first contact 2026-12-06 03:05 UTC, main 689e2d6 (tests/data/heldout261/).
    ("heldout261", "completion.jsonl"): 192,  # of 215
    ("heldout261", "support.jsonl"): 79,  # of 100
    ("heldout261", "citations.jsonl"): 50,  # of 50
    ("heldout261", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout261", "repeat.jsonl"): 29,  # of 30
    # Held-out 262: first contact 2026-12-06 03:05 UTC, main 689e2d6 (tests/data/heldout262/).
    ("heldout262", "completion.jsonl"): 189,  # of 228
    ("heldout262", "support.jsonl"): 89,  # of 100
    ("heldout262", "citations.jsonl"): 50,  # of 50
    ("heldout262", "traces.jsonl"): 153,  # of 154 (trace, kind) units
    ("heldout262", "repeat.jsonl"): 29,  # of 30
    # Held-out 263: first contact 2026-12-06 03:05 UTC, main 689e2d6 (tests/data/heldout263/).
    ("heldout263", "completion.jsonl"): 166,  # of 192
    ("heldout263", "support.jsonl"): 85,  # of 100
    ("heldout263", "citations.jsonl"): 50,  # of 50
    ("heldout263", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout263", "repeat.jsonl"): 26,  # of 30
    # Held-out 264: first contact 2026-12-06 03:36 UTC, main 8a93f74 (tests/data/heldout264/).
    ("heldout264", "completion.jsonl"): 180,  # of 218
    ("heldout264", "support.jsonl"): 94,  # of 100
    ("heldout264", "citations.jsonl"): 50,  # of 50
    ("heldout264", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout264", "repeat.jsonl"): 28,  # of 30
    # Held-out 265: first contact 2026-12-06 03:36 UTC, main 8a93f74 (tests/data/heldout265/).
    ("heldout265", "completion.jsonl"): 195,  # of 224
    ("heldout265", "support.jsonl"): 86,  # of 100
    ("heldout265", "citations.jsonl"): 50,  # of 50
    ("heldout265", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout265", "repeat.jsonl"): 29,  # of 30
    # Held-out 266: first contact 2026-12-06 03:36 UTC, main 8a93f74 (tests/data/heldout266/).
    ("heldout266", "completion.jsonl"): 203,  # of 239
    ("heldout266", "support.jsonl"): 96,  # of 100
    ("heldout266", "citations.jsonl"): 50,  # of 50
    ("heldout266", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout266", "repeat.jsonl"): 29,  # of 30
    # Held-out 267: first contact 2026-12-06 03:36 UTC, main 8a93f74 (tests/data/heldout267/).
    ("heldout267", "completion.jsonl"): 168,  # of 192
    ("heldout267", "support.jsonl"): 89,  # of 100
    ("heldout267", "citations.jsonl"): 50,  # of 50
    ("heldout267", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout267", "repeat.jsonl"): 30,  # of 30
    # Held-out 268: first contact 2026-12-06 03:59 UTC, main 6e30b71 (tests/data/heldout268/).
    ("heldout268", "completion.jsonl"): 180,  # of 202
    ("heldout268", "support.jsonl"): 92,  # of 100
    ("heldout268", "citations.jsonl"): 50,  # of 50
    ("heldout268", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout268", "repeat.jsonl"): 28,  # of 30
    # Held-out 269: first contact 2026-12-06 03:59 UTC, main 6e30b71 (tests/data/heldout269/).
    ("heldout269", "completion.jsonl"): 176,  # of 192
    ("heldout269", "support.jsonl"): 83,  # of 100
    ("heldout269", "citations.jsonl"): 50,  # of 50
    ("heldout269", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout269", "repeat.jsonl"): 29,  # of 30
    # Held-out 270: first contact 2026-12-06 03:59 UTC, main 6e30b71 (tests/data/heldout270/).
    ("heldout270", "completion.jsonl"): 191,  # of 207
    ("heldout270", "support.jsonl"): 93,  # of 100
    ("heldout270", "citations.jsonl"): 50,  # of 50
    ("heldout270", "traces.jsonl"): 157,  # of 159 (trace, kind) units
    ("heldout270", "repeat.jsonl"): 28,  # of 30
    # Held-out 271: first contact 2026-12-06 03:59 UTC, main 6e30b71 (tests/data/heldout271/).
    ("heldout271", "completion.jsonl"): 201,  # of 220
    ("heldout271", "support.jsonl"): 94,  # of 100
    ("heldout271", "citations.jsonl"): 49,  # of 50
    ("heldout271", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout271", "repeat.jsonl"): 29,  # of 30
    # Held-out 272: first contact 2026-12-06 05:12 UTC, main ebe8a22 (tests/data/heldout272/).
    ("heldout272", "completion.jsonl"): 170,  # of 210
    ("heldout272", "support.jsonl"): 90,  # of 100
    ("heldout272", "citations.jsonl"): 50,  # of 50
    ("heldout272", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout272", "repeat.jsonl"): 27,  # of 30
    # Held-out 273: first contact 2026-12-06 05:12 UTC, main ebe8a22 (tests/data/heldout273/).
    ("heldout273", "completion.jsonl"): 194,  # of 217
    ("heldout273", "support.jsonl"): 90,  # of 100
    ("heldout273", "citations.jsonl"): 50,  # of 50
    ("heldout273", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout273", "repeat.jsonl"): 28,  # of 30
    # Held-out 274: first contact 2026-12-06 05:12 UTC, main ebe8a22 (tests/data/heldout274/).
    ("heldout274", "completion.jsonl"): 165,  # of 194
    ("heldout274", "support.jsonl"): 89,  # of 100
    ("heldout274", "citations.jsonl"): 50,  # of 50
    ("heldout274", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout274", "repeat.jsonl"): 27,  # of 30
    # Held-out 275: first contact 2026-12-06 05:12 UTC, main ebe8a22 (tests/data/heldout275/).
    ("heldout275", "completion.jsonl"): 163,  # of 192
    ("heldout275", "support.jsonl"): 78,  # of 100
    ("heldout275", "citations.jsonl"): 50,  # of 50
    ("heldout275", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout275", "repeat.jsonl"): 27,  # of 30
    # Held-out 276: first contact 2026-12-06 05:29 UTC, main 7099b59 (tests/data/heldout276/).
    ("heldout276", "completion.jsonl"): 158,  # of 198
    ("heldout276", "support.jsonl"): 76,  # of 100
    ("heldout276", "citations.jsonl"): 50,  # of 50
    ("heldout276", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout276", "repeat.jsonl"): 27,  # of 30
    # Held-out 277: first contact 2026-12-06 05:29 UTC, main 7099b59 (tests/data/heldout277/).
    ("heldout277", "completion.jsonl"): 196,  # of 208
    ("heldout277", "support.jsonl"): 90,  # of 100
    ("heldout277", "citations.jsonl"): 50,  # of 50
    ("heldout277", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout277", "repeat.jsonl"): 28,  # of 30
    # Held-out 278: first contact 2026-12-06 05:29 UTC, main 7099b59 (tests/data/heldout278/).
    ("heldout278", "completion.jsonl"): 164,  # of 192
    ("heldout278", "support.jsonl"): 85,  # of 100
    ("heldout278", "citations.jsonl"): 50,  # of 50
    ("heldout278", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout278", "repeat.jsonl"): 29,  # of 30
    # Held-out 279: first contact 2026-12-06 05:29 UTC, main 7099b59 (tests/data/heldout279/).
    ("heldout279", "completion.jsonl"): 183,  # of 208
    ("heldout279", "support.jsonl"): 93,  # of 100
    ("heldout279", "citations.jsonl"): 50,  # of 50
    ("heldout279", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout279", "repeat.jsonl"): 29,  # of 30
    # Held-out 280: first contact 2026-12-06 05:50 UTC, main 36f269a (tests/data/heldout280/).
    ("heldout280", "completion.jsonl"): 186,  # of 225
    ("heldout280", "support.jsonl"): 85,  # of 100
    ("heldout280", "citations.jsonl"): 50,  # of 50
    ("heldout280", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout280", "repeat.jsonl"): 26,  # of 30
    # Held-out 281: first contact 2026-12-06 05:50 UTC, main 36f269a (tests/data/heldout281/).
    ("heldout281", "completion.jsonl"): 187,  # of 200
    ("heldout281", "support.jsonl"): 91,  # of 100
    ("heldout281", "citations.jsonl"): 50,  # of 50
    ("heldout281", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout281", "repeat.jsonl"): 30,  # of 30
    # Held-out 282: first contact 2026-12-06 05:50 UTC, main 36f269a (tests/data/heldout282/).
    ("heldout282", "completion.jsonl"): 179,  # of 211
    ("heldout282", "support.jsonl"): 80,  # of 100
    ("heldout282", "citations.jsonl"): 50,  # of 50
    ("heldout282", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout282", "repeat.jsonl"): 26,  # of 30
    # Held-out 283: first contact 2026-12-06 05:50 UTC, main 36f269a (tests/data/heldout283/).
    ("heldout283", "completion.jsonl"): 175,  # of 192
    ("heldout283", "support.jsonl"): 89,  # of 100
    ("heldout283", "citations.jsonl"): 50,  # of 50
    ("heldout283", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout283", "repeat.jsonl"): 28,  # of 30
    # Held-out 284: first contact 2026-12-06 06:08 UTC, main 7678106 (tests/data/heldout284/).
    ("heldout284", "completion.jsonl"): 191,  # of 228
    ("heldout284", "support.jsonl"): 85,  # of 100
    ("heldout284", "citations.jsonl"): 50,  # of 50
    ("heldout284", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout284", "repeat.jsonl"): 28,  # of 30
    # Held-out 285: first contact 2026-12-06 06:08 UTC, main 7678106 (tests/data/heldout285/).
    ("heldout285", "completion.jsonl"): 186,  # of 208
    ("heldout285", "support.jsonl"): 73,  # of 100
    ("heldout285", "citations.jsonl"): 50,  # of 50
    ("heldout285", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout285", "repeat.jsonl"): 28,  # of 30
    # Held-out 286: first contact 2026-12-06 06:08 UTC, main 7678106 (tests/data/heldout286/).
    ("heldout286", "completion.jsonl"): 176,  # of 203
    ("heldout286", "support.jsonl"): 89,  # of 100
    ("heldout286", "citations.jsonl"): 50,  # of 50
    ("heldout286", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout286", "repeat.jsonl"): 27,  # of 30
    # Held-out 287: first contact 2026-12-06 06:08 UTC, main 7678106 (tests/data/heldout287/).
    ("heldout287", "completion.jsonl"): 191,  # of 213
    ("heldout287", "support.jsonl"): 88,  # of 100
    ("heldout287", "citations.jsonl"): 50,  # of 50
    ("heldout287", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout287", "repeat.jsonl"): 28,  # of 30
    # Held-out 288: first contact 2026-12-06 07:57 UTC, main a62b2a9 (tests/data/heldout288/).
    ("heldout288", "completion.jsonl"): 163,  # of 185
    ("heldout288", "support.jsonl"): 88,  # of 100
    ("heldout288", "citations.jsonl"): 50,  # of 50
    ("heldout288", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout288", "repeat.jsonl"): 29,  # of 30
    # Held-out 289: first contact 2026-12-06 07:57 UTC, main a62b2a9 (tests/data/heldout289/).
    ("heldout289", "completion.jsonl"): 180,  # of 200
    ("heldout289", "support.jsonl"): 93,  # of 100
    ("heldout289", "citations.jsonl"): 50,  # of 50
    ("heldout289", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout289", "repeat.jsonl"): 29,  # of 30
    # Held-out 290: first contact 2026-12-06 07:57 UTC, main a62b2a9 (tests/data/heldout290/).
    ("heldout290", "completion.jsonl"): 167,  # of 192
    ("heldout290", "support.jsonl"): 87,  # of 100
    ("heldout290", "citations.jsonl"): 50,  # of 50
    ("heldout290", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout290", "repeat.jsonl"): 28,  # of 30
    # Held-out 291: first contact 2026-12-06 07:57 UTC, main a62b2a9 (tests/data/heldout291/).
    ("heldout291", "completion.jsonl"): 179,  # of 192
    ("heldout291", "support.jsonl"): 90,  # of 100
    ("heldout291", "citations.jsonl"): 50,  # of 50
    ("heldout291", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout291", "repeat.jsonl"): 26,  # of 30
    # Held-out 292: first contact 2026-12-06 08:50 UTC, main 67aee4e (tests/data/heldout292/).
    ("heldout292", "completion.jsonl"): 189,  # of 208
    ("heldout292", "support.jsonl"): 87,  # of 100
    ("heldout292", "citations.jsonl"): 50,  # of 50
    ("heldout292", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout292", "repeat.jsonl"): 29,  # of 30
    # Held-out 293: first contact 2026-12-06 08:50 UTC, main 67aee4e (tests/data/heldout293/).
    ("heldout293", "completion.jsonl"): 179,  # of 203
    ("heldout293", "support.jsonl"): 87,  # of 100
    ("heldout293", "citations.jsonl"): 50,  # of 50
    ("heldout293", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout293", "repeat.jsonl"): 28,  # of 30
    # Held-out 294: first contact 2026-12-06 08:50 UTC, main 67aee4e (tests/data/heldout294/).
    ("heldout294", "completion.jsonl"): 213,  # of 232
    ("heldout294", "support.jsonl"): 85,  # of 100
    ("heldout294", "citations.jsonl"): 50,  # of 50
    ("heldout294", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout294", "repeat.jsonl"): 28,  # of 30
    # Held-out 295: first contact 2026-12-06 08:50 UTC, main 67aee4e (tests/data/heldout295/).
    ("heldout295", "completion.jsonl"): 174,  # of 192
    ("heldout295", "support.jsonl"): 91,  # of 100
    ("heldout295", "citations.jsonl"): 50,  # of 50
    ("heldout295", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout295", "repeat.jsonl"): 28,  # of 30
    # Held-out 296: first contact 2026-12-06 09:13 UTC, main 87358ae (tests/data/heldout296/).
    ("heldout296", "completion.jsonl"): 181,  # of 195
    ("heldout296", "support.jsonl"): 91,  # of 100
    ("heldout296", "citations.jsonl"): 50,  # of 50
    ("heldout296", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout296", "repeat.jsonl"): 29,  # of 30
    # Held-out 297: first contact 2026-12-06 09:13 UTC, main 87358ae (tests/data/heldout297/).
    ("heldout297", "completion.jsonl"): 201,  # of 222
    ("heldout297", "support.jsonl"): 87,  # of 100
    ("heldout297", "citations.jsonl"): 50,  # of 50
    ("heldout297", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout297", "repeat.jsonl"): 29,  # of 30
    # Held-out 298: first contact 2026-12-06 09:13 UTC, main 87358ae (tests/data/heldout298/).
    ("heldout298", "completion.jsonl"): 187,  # of 206
    ("heldout298", "support.jsonl"): 90,  # of 100
    ("heldout298", "citations.jsonl"): 50,  # of 50
    ("heldout298", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout298", "repeat.jsonl"): 29,  # of 30
    # Held-out 299: first contact 2026-12-06 09:13 UTC, main 87358ae (tests/data/heldout299/).
    ("heldout299", "completion.jsonl"): 175,  # of 192
    ("heldout299", "support.jsonl"): 79,  # of 100
    ("heldout299", "citations.jsonl"): 50,  # of 50
    ("heldout299", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout299", "repeat.jsonl"): 25,  # of 30
    # Held-out 300: first contact 2026-12-06 09:41 UTC, main d344e27 (tests/data/heldout300/).
    ("heldout300", "completion.jsonl"): 193,  # of 220
    ("heldout300", "support.jsonl"): 79,  # of 100
    ("heldout300", "citations.jsonl"): 50,  # of 50
    ("heldout300", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout300", "repeat.jsonl"): 29,  # of 30
    # Held-out 301: first contact 2026-12-06 09:41 UTC, main d344e27 (tests/data/heldout301/).
    ("heldout301", "completion.jsonl"): 161,  # of 192
    ("heldout301", "support.jsonl"): 86,  # of 100
    ("heldout301", "citations.jsonl"): 50,  # of 50
    ("heldout301", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout301", "repeat.jsonl"): 30,  # of 30
    # Held-out 302: first contact 2026-12-06 09:41 UTC, main d344e27 (tests/data/heldout302/).
    ("heldout302", "completion.jsonl"): 171,  # of 196
    ("heldout302", "support.jsonl"): 83,  # of 100
    ("heldout302", "citations.jsonl"): 50,  # of 50
    ("heldout302", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout302", "repeat.jsonl"): 28,  # of 30
    # Held-out 303: first contact 2026-12-06 09:41 UTC, main d344e27 (tests/data/heldout303/).
    ("heldout303", "completion.jsonl"): 180,  # of 192
    ("heldout303", "support.jsonl"): 88,  # of 100
    ("heldout303", "citations.jsonl"): 50,  # of 50
    ("heldout303", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout303", "repeat.jsonl"): 30,  # of 30
    # Held-out 304: first contact 2026-12-06 10:59 UTC, main 42a8050 (tests/data/heldout304/).
    ("heldout304", "completion.jsonl"): 179,  # of 208
    ("heldout304", "support.jsonl"): 92,  # of 100
    ("heldout304", "citations.jsonl"): 50,  # of 50
    ("heldout304", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout304", "repeat.jsonl"): 27,  # of 30
    # Held-out 305: first contact 2026-12-06 10:59 UTC, main 42a8050 (tests/data/heldout305/).
    ("heldout305", "completion.jsonl"): 174,  # of 204
    ("heldout305", "support.jsonl"): 86,  # of 100
    ("heldout305", "citations.jsonl"): 50,  # of 50
    ("heldout305", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout305", "repeat.jsonl"): 26,  # of 30
    # Held-out 306: first contact 2026-12-06 10:59 UTC, main 42a8050 (tests/data/heldout306/).
    ("heldout306", "completion.jsonl"): 197,  # of 212
    ("heldout306", "support.jsonl"): 91,  # of 100
    ("heldout306", "citations.jsonl"): 50,  # of 50
    ("heldout306", "traces.jsonl"): 154,  # of 155 (trace, kind) units
    ("heldout306", "repeat.jsonl"): 29,  # of 30
    # Held-out 307: first contact 2026-12-06 10:59 UTC, main 42a8050 (tests/data/heldout307/).
    ("heldout307", "completion.jsonl"): 203,  # of 233
    ("heldout307", "support.jsonl"): 82,  # of 100
    ("heldout307", "citations.jsonl"): 50,  # of 50
    ("heldout307", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout307", "repeat.jsonl"): 26,  # of 30
    # Held-out 308: first contact 2026-12-06 11:31 UTC, main d0263bd (tests/data/heldout308/).
    ("heldout308", "completion.jsonl"): 191,  # of 225
    ("heldout308", "support.jsonl"): 92,  # of 100
    ("heldout308", "citations.jsonl"): 50,  # of 50
    ("heldout308", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout308", "repeat.jsonl"): 30,  # of 30
    # Held-out 309: first contact 2026-12-06 11:31 UTC, main d0263bd (tests/data/heldout309/).
    ("heldout309", "completion.jsonl"): 158,  # of 192
    ("heldout309", "support.jsonl"): 92,  # of 100
    ("heldout309", "citations.jsonl"): 50,  # of 50
    ("heldout309", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout309", "repeat.jsonl"): 28,  # of 30
    # Held-out 310: first contact 2026-12-06 11:31 UTC, main d0263bd (tests/data/heldout310/).
    ("heldout310", "completion.jsonl"): 157,  # of 198
    ("heldout310", "support.jsonl"): 70,  # of 100
    ("heldout310", "citations.jsonl"): 50,  # of 50
    ("heldout310", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout310", "repeat.jsonl"): 27,  # of 30
    # Held-out 311: first contact 2026-12-06 11:31 UTC, main d0263bd (tests/data/heldout311/).
    ("heldout311", "completion.jsonl"): 168,  # of 192
    ("heldout311", "support.jsonl"): 84,  # of 100
    ("heldout311", "citations.jsonl"): 50,  # of 50
    ("heldout311", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout311", "repeat.jsonl"): 28,  # of 30
    # Held-out 312: first contact 2026-12-06 12:03 UTC, main 5fead99 (tests/data/heldout312/).
    ("heldout312", "completion.jsonl"): 190,  # of 210
    ("heldout312", "support.jsonl"): 91,  # of 100
    ("heldout312", "citations.jsonl"): 50,  # of 50
    ("heldout312", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout312", "repeat.jsonl"): 28,  # of 30
    # Held-out 313: first contact 2026-12-06 12:03 UTC, main 5fead99 (tests/data/heldout313/).
    ("heldout313", "completion.jsonl"): 172,  # of 200
    ("heldout313", "support.jsonl"): 89,  # of 100
    ("heldout313", "citations.jsonl"): 50,  # of 50
    ("heldout313", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout313", "repeat.jsonl"): 28,  # of 30
    # Held-out 314: first contact 2026-12-06 12:03 UTC, main 5fead99 (tests/data/heldout314/).
    ("heldout314", "completion.jsonl"): 177,  # of 208
    ("heldout314", "support.jsonl"): 89,  # of 100
    ("heldout314", "citations.jsonl"): 50,  # of 50
    ("heldout314", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout314", "repeat.jsonl"): 27,  # of 30
    # Held-out 315: first contact 2026-12-06 12:03 UTC, main 5fead99 (tests/data/heldout315/).
    ("heldout315", "completion.jsonl"): 178,  # of 192
    ("heldout315", "support.jsonl"): 86,  # of 100
    ("heldout315", "citations.jsonl"): 50,  # of 50
    ("heldout315", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout315", "repeat.jsonl"): 29,  # of 30
    # Held-out 316: first contact 2026-12-06 13:41 UTC, main b968831 (tests/data/heldout316/).
    ("heldout316", "completion.jsonl"): 173,  # of 192
    ("heldout316", "support.jsonl"): 87,  # of 100
    ("heldout316", "citations.jsonl"): 50,  # of 50
    ("heldout316", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout316", "repeat.jsonl"): 27,  # of 30
    # Held-out 317: first contact 2026-12-06 13:41 UTC, main b968831 (tests/data/heldout317/).
    ("heldout317", "completion.jsonl"): 169,  # of 200
    ("heldout317", "support.jsonl"): 86,  # of 100
    ("heldout317", "citations.jsonl"): 50,  # of 50
    ("heldout317", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout317", "repeat.jsonl"): 27,  # of 30
    # Held-out 318: first contact 2026-12-06 13:41 UTC, main b968831 (tests/data/heldout318/).
    ("heldout318", "completion.jsonl"): 178,  # of 208
    ("heldout318", "support.jsonl"): 87,  # of 100
    ("heldout318", "citations.jsonl"): 50,  # of 50
    ("heldout318", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout318", "repeat.jsonl"): 30,  # of 30
    # Held-out 319: first contact 2026-12-06 13:41 UTC, main b968831 (tests/data/heldout319/).
    ("heldout319", "completion.jsonl"): 195,  # of 228
    ("heldout319", "support.jsonl"): 92,  # of 100
    ("heldout319", "citations.jsonl"): 50,  # of 50
    ("heldout319", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout319", "repeat.jsonl"): 28,  # of 30
    # Held-out 320: first contact 2026-12-06 14:16 UTC, main def5fb3 (tests/data/heldout320/).
    ("heldout320", "completion.jsonl"): 183,  # of 201
    ("heldout320", "support.jsonl"): 78,  # of 100
    ("heldout320", "citations.jsonl"): 50,  # of 50
    ("heldout320", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout320", "repeat.jsonl"): 29,  # of 30
    # Held-out 321: first contact 2026-12-06 14:16 UTC, main def5fb3 (tests/data/heldout321/).
    ("heldout321", "completion.jsonl"): 179,  # of 208
    ("heldout321", "support.jsonl"): 84,  # of 100
    ("heldout321", "citations.jsonl"): 50,  # of 50
    ("heldout321", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout321", "repeat.jsonl"): 29,  # of 30
    # Held-out 322: first contact 2026-12-06 14:16 UTC, main def5fb3 (tests/data/heldout322/).
    ("heldout322", "completion.jsonl"): 167,  # of 208
    ("heldout322", "support.jsonl"): 83,  # of 100
    ("heldout322", "citations.jsonl"): 50,  # of 50
    ("heldout322", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout322", "repeat.jsonl"): 27,  # of 30
    # Held-out 323: first contact 2026-12-06 14:16 UTC, main def5fb3 (tests/data/heldout323/).
    ("heldout323", "completion.jsonl"): 170,  # of 196
    ("heldout323", "support.jsonl"): 85,  # of 100
    ("heldout323", "citations.jsonl"): 50,  # of 50
    ("heldout323", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout323", "repeat.jsonl"): 27,  # of 30
    # Held-out 324: first contact 2026-12-06 14:42 UTC, main 56cfbca (tests/data/heldout324/).
    ("heldout324", "completion.jsonl"): 175,  # of 198
    ("heldout324", "support.jsonl"): 80,  # of 100
    ("heldout324", "citations.jsonl"): 50,  # of 50
    ("heldout324", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout324", "repeat.jsonl"): 28,  # of 30
    # Held-out 325: first contact 2026-12-06 14:42 UTC, main 56cfbca (tests/data/heldout325/).
    ("heldout325", "completion.jsonl"): 168,  # of 208
    ("heldout325", "support.jsonl"): 72,  # of 100
    ("heldout325", "citations.jsonl"): 50,  # of 50
    ("heldout325", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout325", "repeat.jsonl"): 29,  # of 30
    # Held-out 326: first contact 2026-12-06 14:42 UTC, main 56cfbca (tests/data/heldout326/).
    ("heldout326", "completion.jsonl"): 169,  # of 208
    ("heldout326", "support.jsonl"): 85,  # of 100
    ("heldout326", "citations.jsonl"): 50,  # of 50
    ("heldout326", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout326", "repeat.jsonl"): 30,  # of 30
    # Held-out 327: first contact 2026-12-06 14:42 UTC, main 56cfbca (tests/data/heldout327/).
    ("heldout327", "completion.jsonl"): 182,  # of 206
    ("heldout327", "support.jsonl"): 91,  # of 100
    ("heldout327", "citations.jsonl"): 50,  # of 50
    ("heldout327", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout327", "repeat.jsonl"): 29,  # of 30
    # Held-out 328: first contact 2026-12-06 16:24 UTC, main 9b3058c (tests/data/heldout328/).
    ("heldout328", "completion.jsonl"): 174,  # of 196
    ("heldout328", "support.jsonl"): 85,  # of 100
    ("heldout328", "citations.jsonl"): 50,  # of 50
    ("heldout328", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout328", "repeat.jsonl"): 30,  # of 30
    # Held-out 329: first contact 2026-12-06 16:24 UTC, main 9b3058c (tests/data/heldout329/).
    ("heldout329", "completion.jsonl"): 195,  # of 211
    ("heldout329", "support.jsonl"): 87,  # of 100
    ("heldout329", "citations.jsonl"): 50,  # of 50
    ("heldout329", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout329", "repeat.jsonl"): 29,  # of 30
    # Held-out 330: first contact 2026-12-06 16:24 UTC, main 9b3058c (tests/data/heldout330/).
    ("heldout330", "completion.jsonl"): 181,  # of 192
    ("heldout330", "support.jsonl"): 85,  # of 100
    ("heldout330", "citations.jsonl"): 50,  # of 50
    ("heldout330", "traces.jsonl"): 154,  # of 154 (trace, kind) units
    ("heldout330", "repeat.jsonl"): 28,  # of 30
    # Held-out 331: first contact 2026-12-06 16:24 UTC, main 9b3058c (tests/data/heldout331/).
    ("heldout331", "completion.jsonl"): 173,  # of 195
    ("heldout331", "support.jsonl"): 85,  # of 100
    ("heldout331", "citations.jsonl"): 50,  # of 50
    ("heldout331", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout331", "repeat.jsonl"): 29,  # of 30
    # Held-out 332: first contact 2026-12-06 16:43 UTC, main e34837d (tests/data/heldout332/).
    ("heldout332", "completion.jsonl"): 181,  # of 208
    ("heldout332", "support.jsonl"): 83,  # of 100
    ("heldout332", "citations.jsonl"): 50,  # of 50
    ("heldout332", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout332", "repeat.jsonl"): 28,  # of 30
    # Held-out 333: first contact 2026-12-06 16:43 UTC, main e34837d (tests/data/heldout333/).
    ("heldout333", "completion.jsonl"): 175,  # of 193
    ("heldout333", "support.jsonl"): 88,  # of 100
    ("heldout333", "citations.jsonl"): 50,  # of 50
    ("heldout333", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout333", "repeat.jsonl"): 28,  # of 30
    # Held-out 334: first contact 2026-12-06 16:43 UTC, main e34837d (tests/data/heldout334/).
    ("heldout334", "completion.jsonl"): 182,  # of 192
    ("heldout334", "support.jsonl"): 90,  # of 100
    ("heldout334", "citations.jsonl"): 50,  # of 50
    ("heldout334", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout334", "repeat.jsonl"): 28,  # of 30
    # Held-out 335: first contact 2026-12-06 16:43 UTC, main e34837d (tests/data/heldout335/).
    ("heldout335", "completion.jsonl"): 174,  # of 192
    ("heldout335", "support.jsonl"): 85,  # of 100
    ("heldout335", "citations.jsonl"): 50,  # of 50
    ("heldout335", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout335", "repeat.jsonl"): 27,  # of 30
    # Held-out 336: first contact 2026-12-06 17:16 UTC, main c7f8fb6 (tests/data/heldout336/).
    ("heldout336", "completion.jsonl"): 171,  # of 197
    ("heldout336", "support.jsonl"): 86,  # of 100
    ("heldout336", "citations.jsonl"): 50,  # of 50
    ("heldout336", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout336", "repeat.jsonl"): 28,  # of 30
    # Held-out 337: first contact 2026-12-06 17:16 UTC, main c7f8fb6 (tests/data/heldout337/).
    ("heldout337", "completion.jsonl"): 174,  # of 208
    ("heldout337", "support.jsonl"): 86,  # of 100
    ("heldout337", "citations.jsonl"): 50,  # of 50
    ("heldout337", "traces.jsonl"): 156,  # of 156 (trace, kind) units
    ("heldout337", "repeat.jsonl"): 28,  # of 30
    # Held-out 338: first contact 2026-12-06 17:16 UTC, main c7f8fb6 (tests/data/heldout338/).
    ("heldout338", "completion.jsonl"): 192,  # of 209
    ("heldout338", "support.jsonl"): 97,  # of 100
    ("heldout338", "citations.jsonl"): 50,  # of 50
    ("heldout338", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout338", "repeat.jsonl"): 28,  # of 30
    # Held-out 339: first contact 2026-12-06 17:16 UTC, main c7f8fb6 (tests/data/heldout339/).
    ("heldout339", "completion.jsonl"): 162,  # of 192
    ("heldout339", "support.jsonl"): 83,  # of 100
    ("heldout339", "citations.jsonl"): 50,  # of 50
    ("heldout339", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout339", "repeat.jsonl"): 28,  # of 30
    # Held-out 340: first contact 2026-12-06 18:19-18:20 UTC, main 8f2d5b4 (tests/data/heldout340/).
    ("heldout340", "completion.jsonl"): 176,  # of 193
    ("heldout340", "support.jsonl"): 79,  # of 100
    ("heldout340", "citations.jsonl"): 50,  # of 50
    ("heldout340", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout340", "repeat.jsonl"): 28,  # of 30
    # Held-out 341: first contact 2026-12-06 18:19-18:20 UTC, main 8f2d5b4 (tests/data/heldout341/).
    ("heldout341", "completion.jsonl"): 185,  # of 192
    ("heldout341", "support.jsonl"): 90,  # of 100
    ("heldout341", "citations.jsonl"): 50,  # of 50
    ("heldout341", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout341", "repeat.jsonl"): 29,  # of 30
    # Held-out 342: first contact 2026-12-06 18:19-18:20 UTC, main 8f2d5b4 (tests/data/heldout342/).
    ("heldout342", "completion.jsonl"): 174,  # of 192
    ("heldout342", "support.jsonl"): 93,  # of 100
    ("heldout342", "citations.jsonl"): 50,  # of 50
    ("heldout342", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout342", "repeat.jsonl"): 30,  # of 30
    # Held-out 343: first contact 2026-12-06 18:19-18:20 UTC, main 8f2d5b4 (tests/data/heldout343/).
    ("heldout343", "completion.jsonl"): 187,  # of 208
    ("heldout343", "support.jsonl"): 85,  # of 100
    ("heldout343", "citations.jsonl"): 50,  # of 50
    ("heldout343", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout343", "repeat.jsonl"): 25,  # of 30
    # Held-out 344: first contact 2026-12-06 19:33-19:34 UTC, main 2246474 (tests/data/heldout344/).
    ("heldout344", "completion.jsonl"): 178,  # of 210
    ("heldout344", "support.jsonl"): 90,  # of 100
    ("heldout344", "citations.jsonl"): 50,  # of 50
    ("heldout344", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout344", "repeat.jsonl"): 28,  # of 30
    # Held-out 345: first contact 2026-12-06 19:33-19:34 UTC, main 2246474 (tests/data/heldout345/).
    ("heldout345", "completion.jsonl"): 185,  # of 192
    ("heldout345", "support.jsonl"): 95,  # of 100
    ("heldout345", "citations.jsonl"): 50,  # of 50
    ("heldout345", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout345", "repeat.jsonl"): 28,  # of 30
    # Held-out 346: first contact 2026-12-06 19:33-19:34 UTC, main 2246474 (tests/data/heldout346/).
    ("heldout346", "completion.jsonl"): 177,  # of 194
    ("heldout346", "support.jsonl"): 87,  # of 100
    ("heldout346", "citations.jsonl"): 50,  # of 50
    ("heldout346", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout346", "repeat.jsonl"): 27,  # of 30
    # Held-out 347: first contact 2026-12-06 19:33-19:34 UTC, main 2246474 (tests/data/heldout347/).
    ("heldout347", "completion.jsonl"): 170,  # of 209
    ("heldout347", "support.jsonl"): 79,  # of 100
    ("heldout347", "citations.jsonl"): 50,  # of 50
    ("heldout347", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout347", "repeat.jsonl"): 25,  # of 30
    # Held-out 348: first contact 2026-12-06 20:08-20:09 UTC, main f285a21 (tests/data/heldout348/).
    ("heldout348", "completion.jsonl"): 157,  # of 192
    ("heldout348", "support.jsonl"): 85,  # of 100
    ("heldout348", "citations.jsonl"): 50,  # of 50
    ("heldout348", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout348", "repeat.jsonl"): 29,  # of 30
    # Held-out 349: first contact 2026-12-06 20:08-20:09 UTC, main f285a21 (tests/data/heldout349/).
    ("heldout349", "completion.jsonl"): 169,  # of 192
    ("heldout349", "support.jsonl"): 82,  # of 100
    ("heldout349", "citations.jsonl"): 50,  # of 50
    ("heldout349", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout349", "repeat.jsonl"): 28,  # of 30
    # Held-out 350: first contact 2026-12-06 20:08-20:09 UTC, main f285a21 (tests/data/heldout350/).
    ("heldout350", "completion.jsonl"): 204,  # of 228
    ("heldout350", "support.jsonl"): 87,  # of 100
    ("heldout350", "citations.jsonl"): 50,  # of 50
    ("heldout350", "traces.jsonl"): 157,  # of 157 (trace, kind) units
    ("heldout350", "repeat.jsonl"): 28,  # of 30
    # Held-out 351: first contact 2026-12-06 20:08-20:09 UTC, main f285a21 (tests/data/heldout351/).
    ("heldout351", "completion.jsonl"): 175,  # of 208
    ("heldout351", "support.jsonl"): 80,  # of 100
    ("heldout351", "citations.jsonl"): 50,  # of 50
    ("heldout351", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout351", "repeat.jsonl"): 28,  # of 30
    # Held-out 352: first contact 2026-12-06 21:46-21:47 UTC, main 3ecb781 (tests/data/heldout352/).
    ("heldout352", "completion.jsonl"): 186,  # of 208
    ("heldout352", "support.jsonl"): 90,  # of 100
    ("heldout352", "citations.jsonl"): 50,  # of 50
    ("heldout352", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout352", "repeat.jsonl"): 25,  # of 30
    # Held-out 353: first contact 2026-12-06 21:46-21:47 UTC, main 3ecb781 (tests/data/heldout353/).
    ("heldout353", "completion.jsonl"): 182,  # of 208
    ("heldout353", "support.jsonl"): 79,  # of 100
    ("heldout353", "citations.jsonl"): 50,  # of 50
    ("heldout353", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout353", "repeat.jsonl"): 25,  # of 30
    # Held-out 354: first contact 2026-12-06 21:46-21:47 UTC, main 3ecb781 (tests/data/heldout354/).
    ("heldout354", "completion.jsonl"): 185,  # of 208
    ("heldout354", "support.jsonl"): 84,  # of 100
    ("heldout354", "citations.jsonl"): 50,  # of 50
    ("heldout354", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout354", "repeat.jsonl"): 28,  # of 30
    # Held-out 355: first contact 2026-12-06 21:46-21:47 UTC, main 3ecb781 (tests/data/heldout355/).
    ("heldout355", "completion.jsonl"): 187,  # of 208
    ("heldout355", "support.jsonl"): 93,  # of 100
    ("heldout355", "citations.jsonl"): 50,  # of 50
    ("heldout355", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout355", "repeat.jsonl"): 29,  # of 30
    # Held-out 356: first contact 2026-12-06 22:20-22:21 UTC, main 5189d0e (tests/data/heldout356/).
    # 184, not 185: the session-38 rule for a thing in a place reads "RPT 28 Oct in SCADA
    # schedule" as a booking dated 28 Oct (the event's day); 36 lines right more on 304-367.
    ("heldout356", "completion.jsonl"): 184,  # of 208
    ("heldout356", "support.jsonl"): 83,  # of 100
    ("heldout356", "citations.jsonl"): 50,  # of 50
    ("heldout356", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout356", "repeat.jsonl"): 29,  # of 30
    # Held-out 357: first contact 2026-12-06 22:20-22:21 UTC, main 5189d0e (tests/data/heldout357/).
    ("heldout357", "completion.jsonl"): 194,  # of 212
    ("heldout357", "support.jsonl"): 93,  # of 100
    ("heldout357", "citations.jsonl"): 50,  # of 50
    ("heldout357", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout357", "repeat.jsonl"): 28,  # of 30
    # Held-out 358: first contact 2026-12-06 22:20-22:21 UTC, main 5189d0e (tests/data/heldout358/).
    ("heldout358", "completion.jsonl"): 180,  # of 208
    ("heldout358", "support.jsonl"): 72,  # of 100
    ("heldout358", "citations.jsonl"): 50,  # of 50
    ("heldout358", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout358", "repeat.jsonl"): 27,  # of 30
    # Held-out 359: first contact 2026-12-06 22:20-22:21 UTC, main 5189d0e (tests/data/heldout359/).
    ("heldout359", "completion.jsonl"): 187,  # of 208
    ("heldout359", "support.jsonl"): 84,  # of 100
    ("heldout359", "citations.jsonl"): 50,  # of 50
    ("heldout359", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout359", "repeat.jsonl"): 30,  # of 30
    # Held-out 360: first contact 2026-12-06 22:50-22:51 UTC, main 2f9191e (tests/data/heldout360/).
    ("heldout360", "completion.jsonl"): 178,  # of 208
    ("heldout360", "support.jsonl"): 92,  # of 100
    ("heldout360", "citations.jsonl"): 50,  # of 50
    ("heldout360", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout360", "repeat.jsonl"): 29,  # of 30
    # Held-out 361: first contact 2026-12-06 22:50-22:51 UTC, main 2f9191e (tests/data/heldout361/).
    ("heldout361", "completion.jsonl"): 183,  # of 208
    ("heldout361", "support.jsonl"): 83,  # of 100
    ("heldout361", "citations.jsonl"): 50,  # of 50
    ("heldout361", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout361", "repeat.jsonl"): 26,  # of 30
    # Held-out 362: first contact 2026-12-06 22:50-22:51 UTC, main 2f9191e (tests/data/heldout362/).
    ("heldout362", "completion.jsonl"): 173,  # of 192
    ("heldout362", "support.jsonl"): 81,  # of 100
    ("heldout362", "citations.jsonl"): 50,  # of 50
    ("heldout362", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout362", "repeat.jsonl"): 25,  # of 30
    # Held-out 363: first contact 2026-12-06 22:50-22:51 UTC, main 2f9191e (tests/data/heldout363/).
    ("heldout363", "completion.jsonl"): 185,  # of 208
    ("heldout363", "support.jsonl"): 80,  # of 100
    ("heldout363", "citations.jsonl"): 50,  # of 50
    ("heldout363", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout363", "repeat.jsonl"): 28,  # of 30
    # Held-out 364: first contact 2026-12-07 00:14-00:15 UTC, main bc4d8a5 (tests/data/heldout364/).
    ("heldout364", "completion.jsonl"): 184,  # of 208
    ("heldout364", "support.jsonl"): 76,  # of 100
    ("heldout364", "citations.jsonl"): 50,  # of 50
    ("heldout364", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout364", "repeat.jsonl"): 28,  # of 30
    # Held-out 365: first contact 2026-12-07 00:14-00:15 UTC, main bc4d8a5 (tests/data/heldout365/).
    ("heldout365", "completion.jsonl"): 180,  # of 208
    ("heldout365", "support.jsonl"): 77,  # of 100
    ("heldout365", "citations.jsonl"): 50,  # of 50
    ("heldout365", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout365", "repeat.jsonl"): 29,  # of 30
    # Held-out 366: first contact 2026-12-07 00:14-00:15 UTC, main bc4d8a5 (tests/data/heldout366/).
    ("heldout366", "completion.jsonl"): 173,  # of 192
    ("heldout366", "support.jsonl"): 91,  # of 100
    ("heldout366", "citations.jsonl"): 50,  # of 50
    ("heldout366", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout366", "repeat.jsonl"): 29,  # of 30
    # Held-out 367: first contact 2026-12-07 00:14-00:15 UTC, main bc4d8a5 (tests/data/heldout367/).
    ("heldout367", "completion.jsonl"): 178,  # of 208
    ("heldout367", "support.jsonl"): 92,  # of 100
    ("heldout367", "citations.jsonl"): 50,  # of 50
    ("heldout367", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout367", "repeat.jsonl"): 27,  # of 30
    # Held-out 368: first contact 2026-12-07 01:29-01:30 UTC, main d608af7 (tests/data/heldout368/).
    ("heldout368", "completion.jsonl"): 191,  # of 208
    ("heldout368", "support.jsonl"): 87,  # of 100
    ("heldout368", "citations.jsonl"): 50,  # of 50
    ("heldout368", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout368", "repeat.jsonl"): 25,  # of 30
    # Held-out 369: first contact 2026-12-07 01:29-01:30 UTC, main d608af7 (tests/data/heldout369/).
    ("heldout369", "completion.jsonl"): 186,  # of 208
    ("heldout369", "support.jsonl"): 91,  # of 100
    ("heldout369", "citations.jsonl"): 50,  # of 50
    ("heldout369", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout369", "repeat.jsonl"): 28,  # of 30
    # Held-out 370: first contact 2026-12-07 01:29-01:30 UTC, main d608af7 (tests/data/heldout370/).
    ("heldout370", "completion.jsonl"): 192,  # of 208
    ("heldout370", "support.jsonl"): 88,  # of 100
    ("heldout370", "citations.jsonl"): 50,  # of 50
    ("heldout370", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout370", "repeat.jsonl"): 28,  # of 30
    # Held-out 371: first contact 2026-12-07 01:29-01:30 UTC, main d608af7 (tests/data/heldout371/).
    ("heldout371", "completion.jsonl"): 188,  # of 208
    ("heldout371", "support.jsonl"): 90,  # of 100
    ("heldout371", "citations.jsonl"): 50,  # of 50
    ("heldout371", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout371", "repeat.jsonl"): 28,  # of 30
    # Held-out 372: first contact 2026-12-07 03:11-03:14 UTC, main cf01fd1 (tests/data/heldout372/).
    ("heldout372", "completion.jsonl"): 179,  # of 208
    ("heldout372", "support.jsonl"): 85,  # of 100
    ("heldout372", "citations.jsonl"): 50,  # of 50
    ("heldout372", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout372", "repeat.jsonl"): 28,  # of 30
    # Held-out 373: first contact 2026-12-07 03:11-03:14 UTC, main cf01fd1 (tests/data/heldout373/).
    ("heldout373", "completion.jsonl"): 167,  # of 192
    ("heldout373", "support.jsonl"): 88,  # of 100
    ("heldout373", "citations.jsonl"): 50,  # of 50
    ("heldout373", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout373", "repeat.jsonl"): 28,  # of 30
    # Held-out 374: first contact 2026-12-07 03:11-03:14 UTC, main cf01fd1 (tests/data/heldout374/).
    ("heldout374", "completion.jsonl"): 187,  # of 208
    ("heldout374", "support.jsonl"): 90,  # of 100
    ("heldout374", "citations.jsonl"): 50,  # of 50
    ("heldout374", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout374", "repeat.jsonl"): 29,  # of 30
    # Held-out 375: first contact 2026-12-07 03:11-03:14 UTC, main cf01fd1 (tests/data/heldout375/).
    ("heldout375", "completion.jsonl"): 187,  # of 208
    ("heldout375", "support.jsonl"): 81,  # of 100
    ("heldout375", "citations.jsonl"): 50,  # of 50
    ("heldout375", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout375", "repeat.jsonl"): 25,  # of 30
    # Held-out 376: first contact 2026-12-07 06:29-06:32 UTC, main c8bcf24 (tests/data/heldout376/).
    ("heldout376", "completion.jsonl"): 184,  # of 208
    ("heldout376", "support.jsonl"): 84,  # of 100
    ("heldout376", "citations.jsonl"): 50,  # of 50
    ("heldout376", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout376", "repeat.jsonl"): 29,  # of 30
    # Held-out 377: first contact 2026-12-07 06:29-06:32 UTC, main c8bcf24 (tests/data/heldout377/).
    ("heldout377", "completion.jsonl"): 198,  # of 208
    ("heldout377", "support.jsonl"): 84,  # of 100
    ("heldout377", "citations.jsonl"): 50,  # of 50
    ("heldout377", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout377", "repeat.jsonl"): 30,  # of 30
    # Held-out 378: first contact 2026-12-07 06:29-06:32 UTC, main c8bcf24 (tests/data/heldout378/).
    ("heldout378", "completion.jsonl"): 203,  # of 225
    ("heldout378", "support.jsonl"): 78,  # of 100
    ("heldout378", "citations.jsonl"): 50,  # of 50
    ("heldout378", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout378", "repeat.jsonl"): 30,  # of 30
    # Held-out 379: first contact 2026-12-07 06:29-06:32 UTC, main c8bcf24 (tests/data/heldout379/).
    ("heldout379", "completion.jsonl"): 189,  # of 208
    ("heldout379", "support.jsonl"): 83,  # of 100
    ("heldout379", "citations.jsonl"): 50,  # of 50
    ("heldout379", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout379", "repeat.jsonl"): 28,  # of 30
    # Held-out 380: first contact 2026-12-07 07:11-07:13 UTC, main 796f08c (tests/data/heldout380/).
    ("heldout380", "completion.jsonl"): 198,  # of 208
    ("heldout380", "support.jsonl"): 89,  # of 100
    ("heldout380", "citations.jsonl"): 50,  # of 50
    ("heldout380", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout380", "repeat.jsonl"): 29,  # of 30
    # Held-out 381: first contact 2026-12-07 07:11-07:13 UTC, main 796f08c (tests/data/heldout381/).
    ("heldout381", "completion.jsonl"): 189,  # of 212
    ("heldout381", "support.jsonl"): 91,  # of 100
    ("heldout381", "citations.jsonl"): 50,  # of 50
    ("heldout381", "traces.jsonl"): 158,  # of 159 (trace, kind) units
    ("heldout381", "repeat.jsonl"): 28,  # of 30
    # Held-out 382: first contact 2026-12-07 07:11-07:13 UTC, main 796f08c (tests/data/heldout382/).
    ("heldout382", "completion.jsonl"): 195,  # of 208
    ("heldout382", "support.jsonl"): 90,  # of 100
    ("heldout382", "citations.jsonl"): 50,  # of 50
    ("heldout382", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout382", "repeat.jsonl"): 30,  # of 30
    # Held-out 383: first contact 2026-12-07 07:11-07:13 UTC, main 796f08c (tests/data/heldout383/).
    ("heldout383", "completion.jsonl"): 180,  # of 208
    ("heldout383", "support.jsonl"): 82,  # of 100
    ("heldout383", "citations.jsonl"): 50,  # of 50
    ("heldout383", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout383", "repeat.jsonl"): 28,  # of 30
    # Held-out 384: first contact 2026-12-07 10:18-10:20 UTC, main 1196d67 (tests/data/heldout384/).
    ("heldout384", "completion.jsonl"): 178,  # of 208
    ("heldout384", "support.jsonl"): 89,  # of 100
    ("heldout384", "citations.jsonl"): 50,  # of 50
    ("heldout384", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout384", "repeat.jsonl"): 29,  # of 30
    # Held-out 385: first contact 2026-12-07 10:18-10:20 UTC, main 1196d67 (tests/data/heldout385/).
    ("heldout385", "completion.jsonl"): 186,  # of 208
    ("heldout385", "support.jsonl"): 84,  # of 100
    ("heldout385", "citations.jsonl"): 50,  # of 50
    ("heldout385", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout385", "repeat.jsonl"): 30,  # of 30
    # Held-out 386: first contact 2026-12-07 10:18-10:20 UTC, main 1196d67 (tests/data/heldout386/).
    ("heldout386", "completion.jsonl"): 195,  # of 208
    ("heldout386", "support.jsonl"): 93,  # of 100
    ("heldout386", "citations.jsonl"): 50,  # of 50
    ("heldout386", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout386", "repeat.jsonl"): 28,  # of 30
    # Held-out 387: first contact 2026-12-07 10:18-10:20 UTC, main 1196d67 (tests/data/heldout387/).
    ("heldout387", "completion.jsonl"): 191,  # of 208
    ("heldout387", "support.jsonl"): 90,  # of 100
    ("heldout387", "citations.jsonl"): 50,  # of 50
    ("heldout387", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout387", "repeat.jsonl"): 30,  # of 30
    # Held-out 388: first contact 2026-12-07 10:48-10:53 UTC, main bfce315 (tests/data/heldout388/).
    ("heldout388", "completion.jsonl"): 188,  # of 208
    ("heldout388", "support.jsonl"): 83,  # of 100
    ("heldout388", "citations.jsonl"): 50,  # of 50
    ("heldout388", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout388", "repeat.jsonl"): 28,  # of 30
    # Held-out 389: first contact 2026-12-07 10:48-10:53 UTC, main bfce315 (tests/data/heldout389/).
    ("heldout389", "completion.jsonl"): 172,  # of 192
    ("heldout389", "support.jsonl"): 96,  # of 100
    ("heldout389", "citations.jsonl"): 50,  # of 50
    ("heldout389", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout389", "repeat.jsonl"): 25,  # of 30
    # Held-out 390: first contact 2026-12-07 10:48-10:53 UTC, main bfce315 (tests/data/heldout390/).
    ("heldout390", "completion.jsonl"): 203,  # of 224
    ("heldout390", "support.jsonl"): 85,  # of 100
    ("heldout390", "citations.jsonl"): 50,  # of 50
    ("heldout390", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout390", "repeat.jsonl"): 30,  # of 30
    # Held-out 391: first contact 2026-12-07 10:48-10:53 UTC, main bfce315 (tests/data/heldout391/).
    ("heldout391", "completion.jsonl"): 194,  # of 216
    ("heldout391", "support.jsonl"): 89,  # of 100
    ("heldout391", "citations.jsonl"): 50,  # of 50
    ("heldout391", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout391", "repeat.jsonl"): 30,  # of 30
    # Held-out 392: first contact 2026-12-07 11:27-11:29 UTC, main 5a24e22 (tests/data/heldout392/).
    ("heldout392", "completion.jsonl"): 179,  # of 208
    ("heldout392", "support.jsonl"): 87,  # of 100
    ("heldout392", "citations.jsonl"): 50,  # of 50
    ("heldout392", "traces.jsonl"): 157,  # of 159 (trace, kind) units
    ("heldout392", "repeat.jsonl"): 29,  # of 30
    # Held-out 393: first contact 2026-12-07 11:27-11:29 UTC, main 5a24e22 (tests/data/heldout393/).
    ("heldout393", "completion.jsonl"): 187,  # of 208
    ("heldout393", "support.jsonl"): 87,  # of 100
    ("heldout393", "citations.jsonl"): 50,  # of 50
    ("heldout393", "traces.jsonl"): 155,  # of 155 (trace, kind) units
    ("heldout393", "repeat.jsonl"): 28,  # of 30
    # Held-out 394: first contact 2026-12-07 11:27-11:29 UTC, main 5a24e22 (tests/data/heldout394/).
    ("heldout394", "completion.jsonl"): 182,  # of 208
    ("heldout394", "support.jsonl"): 80,  # of 100
    ("heldout394", "citations.jsonl"): 50,  # of 50
    ("heldout394", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout394", "repeat.jsonl"): 28,  # of 30
    # Held-out 395: first contact 2026-12-07 11:27-11:29 UTC, main 5a24e22 (tests/data/heldout395/).
    ("heldout395", "completion.jsonl"): 177,  # of 208
    ("heldout395", "support.jsonl"): 88,  # of 100
    ("heldout395", "citations.jsonl"): 50,  # of 50
    ("heldout395", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout395", "repeat.jsonl"): 29,  # of 30
    # Held-out 396: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout396/).
    ("heldout396", "completion.jsonl"): 189,  # of 208
    ("heldout396", "support.jsonl"): 91,  # of 100
    ("heldout396", "citations.jsonl"): 50,  # of 50
    ("heldout396", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout396", "repeat.jsonl"): 30,  # of 30
    # Held-out 397: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout397/).
    ("heldout397", "completion.jsonl"): 186,  # of 208
    ("heldout397", "support.jsonl"): 83,  # of 100
    ("heldout397", "citations.jsonl"): 50,  # of 50
    ("heldout397", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout397", "repeat.jsonl"): 29,  # of 30
    # Held-out 398: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout398/).
    ("heldout398", "completion.jsonl"): 189,  # of 208
    ("heldout398", "support.jsonl"): 89,  # of 100
    ("heldout398", "citations.jsonl"): 50,  # of 50
    ("heldout398", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout398", "repeat.jsonl"): 29,  # of 30
    # Held-out 399: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout399/).
    ("heldout399", "completion.jsonl"): 191,  # of 208
    ("heldout399", "support.jsonl"): 90,  # of 100
    ("heldout399", "citations.jsonl"): 50,  # of 50
    ("heldout399", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout399", "repeat.jsonl"): 28,  # of 30
    # Held-out 400: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout400/).
    ("heldout400", "completion.jsonl"): 168,  # of 192
    ("heldout400", "support.jsonl"): 88,  # of 100
    ("heldout400", "citations.jsonl"): 50,  # of 50
    ("heldout400", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout400", "repeat.jsonl"): 26,  # of 30
    # Held-out 401: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout401/).
    ("heldout401", "completion.jsonl"): 189,  # of 214
    ("heldout401", "support.jsonl"): 79,  # of 100
    ("heldout401", "citations.jsonl"): 50,  # of 50
    ("heldout401", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout401", "repeat.jsonl"): 29,  # of 30
    # Held-out 402: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout402/).
    ("heldout402", "completion.jsonl"): 188,  # of 208
    ("heldout402", "support.jsonl"): 80,  # of 100
    ("heldout402", "citations.jsonl"): 50,  # of 50
    ("heldout402", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout402", "repeat.jsonl"): 29,  # of 30
    # Held-out 403: first contact 2026-12-07 13:39-13:45 UTC, main 1843913 (tests/data/heldout403/).
    ("heldout403", "completion.jsonl"): 190,  # of 208
    ("heldout403", "support.jsonl"): 92,  # of 100
    ("heldout403", "citations.jsonl"): 50,  # of 50
    ("heldout403", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout403", "repeat.jsonl"): 28,  # of 30
    # Held-out 404: first contact 2026-12-07 18:22-18:36 UTC, main 19d9596 (tests/data/heldout404/).
    ("heldout404", "completion.jsonl"): 187,  # of 208
    ("heldout404", "support.jsonl"): 80,  # of 100
    ("heldout404", "citations.jsonl"): 50,  # of 50
    ("heldout404", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout404", "repeat.jsonl"): 29,  # of 30
    # Held-out 405: first contact 2026-12-07 18:22-18:36 UTC, main 19d9596 (tests/data/heldout405/).
    ("heldout405", "completion.jsonl"): 190,  # of 208
    ("heldout405", "support.jsonl"): 91,  # of 100
    ("heldout405", "citations.jsonl"): 50,  # of 50
    ("heldout405", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout405", "repeat.jsonl"): 29,  # of 30
    # Held-out 406: first contact 2026-12-07 18:22-18:36 UTC, main 19d9596 (tests/data/heldout406/).
    ("heldout406", "completion.jsonl"): 192,  # of 208
    ("heldout406", "support.jsonl"): 87,  # of 100
    ("heldout406", "citations.jsonl"): 50,  # of 50
    ("heldout406", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout406", "repeat.jsonl"): 29,  # of 30
    # Held-out 407: first contact 2026-12-07 18:22-18:36 UTC, main 19d9596 (tests/data/heldout407/).
    ("heldout407", "completion.jsonl"): 186,  # of 208
    ("heldout407", "support.jsonl"): 79,  # of 100
    ("heldout407", "citations.jsonl"): 50,  # of 50
    ("heldout407", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout407", "repeat.jsonl"): 26,  # of 30
    # Held-out 408: first contact 2026-12-07 19:38-19:44 UTC, main da48c34 (tests/data/heldout408/).
    ("heldout408", "completion.jsonl"): 193,  # of 208
    ("heldout408", "support.jsonl"): 77,  # of 100
    ("heldout408", "citations.jsonl"): 50,  # of 50
    ("heldout408", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout408", "repeat.jsonl"): 27,  # of 30
    # Held-out 409: first contact 2026-12-07 19:38-19:44 UTC, main da48c34 (tests/data/heldout409/).
    ("heldout409", "completion.jsonl"): 177,  # of 208
    ("heldout409", "support.jsonl"): 48,  # of 100
    ("heldout409", "citations.jsonl"): 50,  # of 50
    ("heldout409", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout409", "repeat.jsonl"): 29,  # of 30
    # Held-out 410: first contact 2026-12-07 19:38-19:44 UTC, main da48c34 (tests/data/heldout410/).
    ("heldout410", "completion.jsonl"): 173,  # of 208
    ("heldout410", "support.jsonl"): 74,  # of 100
    ("heldout410", "citations.jsonl"): 50,  # of 50
    ("heldout410", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout410", "repeat.jsonl"): 27,  # of 30
    # Held-out 411: first contact 2026-12-07 19:38-19:44 UTC, main da48c34 (tests/data/heldout411/).
    ("heldout411", "completion.jsonl"): 187,  # of 208
    ("heldout411", "support.jsonl"): 93,  # of 100
    ("heldout411", "citations.jsonl"): 50,  # of 50
    ("heldout411", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout411", "repeat.jsonl"): 28,  # of 30
    # Held-out 412: first contact 2026-12-07 21:14-21:24 UTC, main 92e649d (tests/data/heldout412/).
    ("heldout412", "completion.jsonl"): 184,  # of 208
    ("heldout412", "support.jsonl"): 78,  # of 100
    ("heldout412", "citations.jsonl"): 50,  # of 50
    ("heldout412", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout412", "repeat.jsonl"): 30,  # of 30
    # Held-out 413: first contact 2026-12-07 21:14-21:24 UTC, main 92e649d (tests/data/heldout413/).
    ("heldout413", "completion.jsonl"): 189,  # of 208
    ("heldout413", "support.jsonl"): 78,  # of 100
    ("heldout413", "citations.jsonl"): 50,  # of 50
    ("heldout413", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout413", "repeat.jsonl"): 26,  # of 30
    # Held-out 414: first contact 2026-12-07 21:14-21:24 UTC, main 92e649d (tests/data/heldout414/).
    ("heldout414", "completion.jsonl"): 185,  # of 208
    ("heldout414", "support.jsonl"): 79,  # of 100
    ("heldout414", "citations.jsonl"): 50,  # of 50
    ("heldout414", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout414", "repeat.jsonl"): 30,  # of 30
    # Held-out 415: first contact 2026-12-07 21:14-21:24 UTC, main 92e649d (tests/data/heldout415/).
    ("heldout415", "completion.jsonl"): 195,  # of 208
    ("heldout415", "support.jsonl"): 83,  # of 100
    ("heldout415", "citations.jsonl"): 50,  # of 50
    ("heldout415", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout415", "repeat.jsonl"): 30,  # of 30
    # Held-out 416: first contact 2026-12-08 00:04-00:21 UTC, main d82209a (tests/data/heldout416/).
    ("heldout416", "completion.jsonl"): 177,  # of 208
    ("heldout416", "support.jsonl"): 72,  # of 100
    ("heldout416", "citations.jsonl"): 50,  # of 50
    ("heldout416", "traces.jsonl"): 158,  # of 158 (trace, kind) units
    ("heldout416", "repeat.jsonl"): 28,  # of 30
    # Held-out 417: first contact 2026-12-08 00:04-00:21 UTC, main d82209a (tests/data/heldout417/).
    ("heldout417", "completion.jsonl"): 170,  # of 208
    ("heldout417", "support.jsonl"): 76,  # of 100
    ("heldout417", "citations.jsonl"): 50,  # of 50
    ("heldout417", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout417", "repeat.jsonl"): 26,  # of 30
    # Held-out 418: first contact 2026-12-08 00:04-00:21 UTC, main d82209a (tests/data/heldout418/).
    ("heldout418", "completion.jsonl"): 186,  # of 216
    ("heldout418", "support.jsonl"): 89,  # of 100
    ("heldout418", "citations.jsonl"): 50,  # of 50
    ("heldout418", "traces.jsonl"): 157,  # of 157 (trace, kind) units
    ("heldout418", "repeat.jsonl"): 27,  # of 30
    # Held-out 419: first contact 2026-12-08 00:04-00:21 UTC, main d82209a (tests/data/heldout419/).
    ("heldout419", "completion.jsonl"): 190,  # of 208
    ("heldout419", "support.jsonl"): 89,  # of 100
    ("heldout419", "citations.jsonl"): 50,  # of 50
    ("heldout419", "traces.jsonl"): 159,  # of 159 (trace, kind) units
    ("heldout419", "repeat.jsonl"): 29,  # of 30
}
#: Lines a reader reports instead of measuring: line 1 of traces gives clock times for `t`.
UNREADABLE = {
    ("heldout4", "traces.jsonl"): ["traces.jsonl:1: trace.0.tool_call.t"],
    # lines 4 and 18 give a tool result's output as an object
    ("heldout23", "traces.jsonl"): [
        "traces.jsonl:4: trace.3.tool_result.output",
        "traces.jsonl:18: trace.3.tool_result.output",
    ],
    # line 2 gives a tool result's output as an object
    ("heldout44", "traces.jsonl"): ["traces.jsonl:2: trace.2.tool_result.output"],
    # line 7 gives a tool result's ok as something other than a boolean
    ("heldout91", "traces.jsonl"): ["traces.jsonl:7: trace.1.tool_result.ok"],
    # lines 3 and 48 give a tool result's output as something other than a string
    ("heldout93", "traces.jsonl"): [
        "traces.jsonl:3: trace.1.tool_result.output",
        "traces.jsonl:48: trace.3.tool_result.output",
    ],
}


def _outcomes(folder: str, name: str) -> list[Outcome]:
    labelled = read_set(DATA / folder / name)
    errors = [f"{e.path.name}:{e.line}: {e.field}" for e in labelled.errors]
    assert errors == UNREADABLE.get((folder, name), [])
    outcomes, problems = judge_set(labelled, make_detector("lexical"))
    assert problems == []
    return outcomes


@pytest.mark.parametrize(
    "folder",
    [
        "heldout4",
        "heldout5",
        "heldout6",
        "heldout7",
        "heldout8",
        "heldout9",
        "heldout10",
        "heldout11",
        "heldout12",
        "heldout13",
        "heldout14",
        "heldout15",
        "heldout16",
        "heldout17",
        "heldout18",
        "heldout19",
        "heldout20",
        "heldout21",
        "heldout22",
        "heldout23",
        "heldout24",
        "heldout25",
        "heldout26",
        "heldout27",
        "heldout28",
        "heldout29",
        "heldout30",
        "heldout31",
        "heldout32",
        "heldout33",
        "heldout34",
        "heldout35",
        "heldout36",
        "heldout37",
        "heldout38",
        "heldout39",
        "heldout40",
        "heldout41",
        "heldout42",
        "heldout43",
        "heldout44",
        "heldout45",
        "heldout46",
        "heldout47",
        "heldout48",
        "heldout49",
        "heldout50",
        "heldout51",
        "heldout52",
        "heldout53",
        "heldout54",
        "heldout55",
        "heldout56",
        "heldout57",
        "heldout58",
        "heldout59",
        "heldout60",
        "heldout61",
        "heldout62",
        "heldout63",
        "heldout64",
        "heldout65",
        "heldout66",
        "heldout67",
        "heldout68",
        "heldout69",
        "heldout70",
        "heldout71",
        "heldout72",
        "heldout73",
        "heldout74",
        "heldout75",
        "heldout76",
        "heldout77",
        "heldout78",
        "heldout79",
        "heldout80",
        "heldout81",
        "heldout82",
        "heldout83",
        "heldout84",
        "heldout85",
        "heldout86",
        "heldout87",
        "heldout88",
        "heldout89",
        "heldout90",
        "heldout91",
        "heldout92",
        "heldout93",
        "heldout94",
        "heldout95",
        "heldout96",
        "heldout97",
        "heldout98",
        "heldout99",
        "heldout100",
        "heldout101",
        "heldout102",
        "heldout103",
        "heldout104",
        "heldout105",
        "heldout106",
        "heldout107",
        "heldout108",
        "heldout109",
        "heldout110",
        "heldout111",
        "heldout112",
        "heldout113",
        "heldout114",
        "heldout115",
        "heldout116",
        "heldout117",
        "heldout118",
        "heldout119",
        "heldout120",
        "heldout121",
        "heldout122",
        "heldout123",
        "heldout124",
        "heldout125",
        "heldout126",
        "heldout127",
        "heldout128",
        "heldout129",
        "heldout130",
        "heldout131",
        "heldout132",
        "heldout133",
        "heldout134",
        "heldout135",
        "heldout136",
        "heldout137",
        "heldout138",
        "heldout139",
        "heldout140",
        "heldout141",
        "heldout142",
        "heldout143",
        "heldout144",
        "heldout145",
        "heldout146",
        "heldout147",
        "heldout148",
        "heldout149",
        "heldout150",
        "heldout151",
        "heldout152",
        "heldout153",
        "heldout154",
        "heldout155",
        "heldout156",
        "heldout157",
        "heldout158",
        "heldout159",
        "heldout160",
        "heldout161",
        "heldout162",
        "heldout163",
        "heldout164",
        "heldout165",
        "heldout166",
        "heldout167",
        "heldout168",
        "heldout169",
        "heldout170",
        "heldout171",
        "heldout172",
        "heldout173",
        "heldout174",
        "heldout175",
        "heldout176",
        "heldout177",
        "heldout178",
        "heldout179",
        "heldout180",
        "heldout181",
        "heldout182",
        "heldout183",
        "heldout184",
        "heldout185",
        "heldout186",
        "heldout187",
        "heldout188",
        "heldout189",
        "heldout190",
        "heldout191",
        "heldout192",
        "heldout193",
        "heldout194",
        "heldout195",
        "heldout196",
        "heldout197",
        "heldout198",
        "heldout199",
        "heldout200",
        "heldout201",
        "heldout202",
        "heldout203",
        "heldout204",
        "heldout205",
        "heldout206",
        "heldout207",
        "heldout208",
        "heldout209",
        "heldout210",
        "heldout211",
        "heldout212",
        "heldout213",
        "heldout214",
        "heldout215",
        "heldout216",
        "heldout217",
        "heldout218",
        "heldout219",
        "heldout220",
        "heldout221",
        "heldout222",
        "heldout223",
        "heldout224",
        "heldout225",
        "heldout226",
        "heldout227",
        "heldout228",
        "heldout229",
        "heldout230",
        "heldout231",
        "heldout232",
        "heldout233",
        "heldout234",
        "heldout235",
        "heldout236",
        "heldout237",
        "heldout238",
        "heldout239",
        "heldout240",
        "heldout241",
        "heldout242",
        "heldout243",
        "heldout244",
        "heldout245",
        "heldout246",
        "heldout247",
        "heldout248",
        "heldout249",
        "heldout250",
        "heldout251",
        "heldout252",
        "heldout253",
        "heldout254",
        "heldout255",
        "heldout256",
        "heldout257",
        "heldout258",
        "heldout259",
        "heldout260",
        "heldout261",
        "heldout262",
        "heldout263",
        "heldout264",
        "heldout265",
        "heldout266",
        "heldout267",
        "heldout268",
        "heldout269",
        "heldout270",
        "heldout271",
        "heldout272",
        "heldout273",
        "heldout274",
        "heldout275",
        "heldout276",
        "heldout277",
        "heldout278",
        "heldout279",
        "heldout280",
        "heldout281",
        "heldout282",
        "heldout283",
        "heldout284",
        "heldout285",
        "heldout286",
        "heldout287",
        "heldout288",
        "heldout289",
        "heldout290",
        "heldout291",
        "heldout292",
        "heldout293",
        "heldout294",
        "heldout295",
        "heldout296",
        "heldout297",
        "heldout298",
        "heldout299",
        "heldout300",
        "heldout301",
        "heldout302",
        "heldout303",
        "heldout304",
        "heldout305",
        "heldout306",
        "heldout307",
        "heldout308",
        "heldout309",
        "heldout310",
        "heldout311",
        "heldout312",
        "heldout313",
        "heldout314",
        "heldout315",
        "heldout316",
        "heldout317",
        "heldout318",
        "heldout319",
        "heldout320",
        "heldout321",
        "heldout322",
        "heldout323",
        "heldout324",
        "heldout325",
        "heldout326",
        "heldout327",
        "heldout328",
        "heldout329",
        "heldout330",
        "heldout331",
        "heldout332",
        "heldout333",
        "heldout334",
        "heldout335",
        "heldout336",
        "heldout337",
        "heldout338",
        "heldout339",
        "heldout340",
        "heldout341",
        "heldout342",
        "heldout343",
        "heldout344",
        "heldout345",
        "heldout346",
        "heldout347",
        "heldout348",
        "heldout349",
        "heldout350",
        "heldout351",
        "heldout352",
        "heldout353",
        "heldout354",
        "heldout355",
        "heldout356",
        "heldout357",
        "heldout358",
        "heldout359",
        "heldout360",
        "heldout361",
        "heldout362",
        "heldout363",
        "heldout364",
        "heldout365",
        "heldout366",
        "heldout367",
        "heldout368",
        "heldout369",
        "heldout370",
        "heldout371",
        "heldout372",
        "heldout373",
        "heldout374",
        "heldout375",
        "heldout376",
        "heldout377",
        "heldout378",
        "heldout379",
        "heldout380",
        "heldout381",
        "heldout382",
        "heldout383",
        "heldout384",
        "heldout385",
        "heldout386",
        "heldout387",
        "heldout388",
        "heldout389",
        "heldout390",
        "heldout391",
        "heldout392",
        "heldout393",
        "heldout394",
        "heldout395",
        "heldout396",
        "heldout397",
        "heldout398",
        "heldout399",
        "heldout400",
        "heldout401",
        "heldout402",
        "heldout403",
        "heldout404",
        "heldout405",
        "heldout406",
        "heldout407",
        "heldout408",
        "heldout409",
        "heldout410",
        "heldout411",
        "heldout412",
        "heldout413",
        "heldout414",
        "heldout415",
        "heldout416",
        "heldout417",
        "heldout418",
        "heldout419",
        "real_smollm2",
        "real_smollm2b",
        "real_smollm2c",
        "real_smollm2d",
        "real_smollm2e",
        "real_smollm2f",
        "real_gemma270m",
        "real_smollm2g",
        "real_smollm2h",
        "real_smollm2i",
        "second_labeller/heldout236",
        "second_labeller/heldout237",
        "second_labeller/heldout238",
        "second_labeller/heldout239",
        "second_labeller/real_smollm2b",
        "second_labeller/real_smollm2c",
        "second_labeller/real_smollm2f",
        "second_labeller/real_gemma270m",
        "second_labeller/real_smollm2g",
        "second_labeller/real_smollm2h",
        "second_labeller/real_smollm2i",
    ],
)
def test_the_set_is_the_frozen_one(folder: str) -> None:
    for line in (DATA / folder / "FROZEN.txt").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((DATA / folder / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.parametrize(("folder", "name"), sorted(FIRST_CONTACT_RIGHT))
def test_no_fewer_lines_right_than_on_first_contact(folder: str, name: str) -> None:
    outcomes = _outcomes(folder, name)
    right = sum(o.predicted == o.labelled for o in outcomes)
    assert right >= FIRST_CONTACT_RIGHT[(folder, name)], f"{folder}/{name}: {right} right"


@pytest.mark.parametrize(
    ("folder", "pairs", "floor"),
    [
        ("heldout4", 30, 30),
        ("heldout5", 37, 37),
        ("heldout6", 38, 38),
        ("heldout7", 46, 39),
        ("heldout8", 57, 56),
        ("heldout9", 48, 48),
        ("heldout10", 48, 48),
        ("heldout11", 43, 31),
        ("heldout12", 30, 25),
        ("heldout13", 55, 53),
        ("heldout14", 68, 47),
        ("heldout15", 59, 37),
        ("heldout16", 59, 43),
        ("heldout17", 98, 63),
        ("heldout18", 62, 40),
        ("heldout19", 76, 46),
        ("heldout20", 58, 46),
        ("heldout21", 59, 39),
        ("heldout22", 57, 48),
        ("heldout23", 57, 43),
        ("heldout24", 58, 44),
        ("heldout25", 69, 53),
        ("heldout26", 56, 48),
        ("heldout27", 56, 48),
        ("heldout28", 63, 56),
        ("heldout29", 62, 55),
        ("heldout30", 60, 59),
        ("heldout31", 61, 56),
        ("heldout32", 58, 53),
        ("heldout33", 76, 61),
        ("heldout34", 59, 55),
        ("heldout35", 64, 57),
        ("heldout36", 71, 55),
        ("heldout37", 73, 62),
        ("heldout38", 62, 51),
        ("heldout39", 59, 55),
        ("heldout40", 58, 51),
        ("heldout41", 62, 53),
        ("heldout42", 62, 53),
        ("heldout43", 62, 55),
        ("heldout44", 62, 52),
        ("heldout45", 82, 70),
        ("heldout46", 65, 58),
        ("heldout47", 67, 60),
        ("heldout48", 69, 55),
        ("heldout49", 66, 63),
        ("heldout50", 60, 56),
        ("heldout51", 58, 52),
        ("heldout52", 64, 58),
        ("heldout53", 78, 74),
        ("heldout54", 69, 55),
        ("heldout55", 79, 73),
        ("heldout56", 62, 57),
        ("heldout57", 58, 44),
        ("heldout58", 65, 57),
        ("heldout59", 60, 50),
        ("heldout60", 64, 53),
        ("heldout61", 70, 59),
        ("heldout62", 68, 58),
        ("heldout63", 60, 53),
        ("heldout64", 64, 50),
        ("heldout65", 65, 56),
        ("heldout66", 71, 61),
        ("heldout67", 61, 51),
        ("heldout68", 51, 47),
        ("heldout69", 53, 45),
        ("heldout70", 53, 43),
        ("heldout71", 52, 47),
        ("heldout72", 51, 45),
        ("heldout73", 52, 39),
        ("heldout74", 50, 42),
        ("heldout75", 50, 40),
        ("heldout76", 53, 41),
        ("heldout77", 53, 50),
        ("heldout78", 50, 46),
        ("heldout79", 53, 45),
        ("heldout80", 53, 48),
        ("heldout81", 52, 48),
        ("heldout82", 56, 47),
        ("heldout83", 50, 45),
        ("heldout84", 50, 42),
        ("heldout85", 52, 48),
        ("heldout86", 52, 48),
        ("heldout87", 51, 42),
        ("heldout88", 50, 46),
        ("heldout89", 50, 42),
        ("heldout90", 51, 49),
        ("heldout91", 52, 50),
        ("heldout92", 58, 52),
        ("heldout93", 52, 49),
        ("heldout94", 55, 42),
        ("heldout95", 53, 43),
        ("heldout96", 47, 43),
        ("heldout97", 46, 37),
        ("heldout98", 43, 36),
        ("heldout99", 44, 38),
        ("heldout100", 44, 39),
        ("heldout101", 45, 40),
        ("heldout102", 45, 39),
        ("heldout103", 48, 42),
        ("heldout104", 48, 38),
        ("heldout105", 47, 42),
        ("heldout106", 52, 46),
        ("heldout107", 44, 36),
        ("heldout108", 45, 39),
        ("heldout109", 42, 36),
        ("heldout110", 41, 29),
        ("heldout111", 45, 38),
        ("heldout112", 43, 36),
        ("heldout113", 42, 36),
        ("heldout114", 43, 34),
        ("heldout115", 43, 38),
        ("heldout116", 45, 32),
        ("heldout117", 45, 36),
        ("heldout118", 45, 35),
        ("heldout119", 42, 32),
        ("heldout120", 45, 40),
        ("heldout121", 42, 40),
        ("heldout122", 43, 40),
        ("heldout123", 45, 36),
        ("heldout124", 43, 39),
        ("heldout125", 44, 40),
        ("heldout126", 42, 34),
        ("heldout127", 41, 38),
        ("heldout128", 49, 41),
        ("heldout129", 49, 46),
        ("heldout130", 48, 41),
        ("heldout131", 44, 38),
        ("heldout132", 45, 41),
        ("heldout133", 47, 42),
        ("heldout134", 46, 40),
        ("heldout135", 53, 49),
        ("heldout136", 54, 47),
        ("heldout137", 46, 41),
        ("heldout138", 47, 44),
        ("heldout139", 47, 40),
        ("heldout140", 43, 35),
        ("heldout141", 43, 40),
        ("heldout142", 42, 41),
        ("heldout143", 44, 41),
        ("heldout144", 44, 38),
        ("heldout145", 44, 38),
        ("heldout146", 44, 41),
        ("heldout147", 46, 41),
        ("heldout148", 42, 35),
        ("heldout149", 44, 35),
        ("heldout150", 44, 33),
        ("heldout151", 50, 41),
        ("heldout152", 42, 34),
        ("heldout153", 42, 39),
        ("heldout154", 44, 38),
        ("heldout155", 44, 36),
        ("heldout156", 42, 40),
        ("heldout157", 43, 36),
        ("heldout158", 42, 36),
        ("heldout159", 42, 38),
        ("heldout160", 40, 36),
        ("heldout161", 40, 35),
        ("heldout162", 40, 37),
        ("heldout163", 40, 33),
        ("heldout164", 40, 37),
        ("heldout165", 40, 34),
        ("heldout166", 40, 32),
        ("heldout167", 40, 35),
        ("heldout168", 40, 35),
        ("heldout169", 40, 32),
        ("heldout170", 41, 33),
        ("heldout171", 40, 38),
        ("heldout172", 40, 40),
        ("heldout173", 40, 33),
        ("heldout174", 40, 34),
        ("heldout175", 40, 36),
        ("heldout176", 40, 34),
        ("heldout177", 40, 35),
        ("heldout178", 40, 31),
        ("heldout179", 40, 30),
        ("heldout180", 40, 37),
        ("heldout181", 40, 36),
        ("heldout182", 40, 37),
        ("heldout183", 40, 37),
        ("heldout184", 40, 36),
        ("heldout185", 40, 33),
        ("heldout186", 40, 37),
        ("heldout187", 40, 36),
        ("heldout188", 40, 37),
        ("heldout189", 40, 32),
        ("heldout190", 40, 31),
        ("heldout191", 40, 33),
        ("heldout192", 40, 31),
        ("heldout193", 40, 39),
        ("heldout194", 40, 34),
        ("heldout195", 40, 35),
        ("heldout196", 40, 32),
        ("heldout197", 40, 36),
        ("heldout198", 40, 29),
        ("heldout199", 40, 36),
        ("heldout200", 40, 35),
        ("heldout201", 40, 34),
        ("heldout202", 40, 33),
        ("heldout203", 40, 37),
        ("heldout204", 40, 35),
        ("heldout205", 40, 36),
        ("heldout206", 40, 34),
        ("heldout207", 40, 33),
        ("heldout208", 40, 31),
        ("heldout209", 40, 38),
        ("heldout210", 40, 38),
        ("heldout211", 40, 33),
        ("heldout212", 40, 35),
        ("heldout213", 40, 36),
        ("heldout214", 40, 35),
        ("heldout215", 40, 38),
        ("heldout216", 40, 34),
        ("heldout217", 40, 37),
        ("heldout218", 40, 32),
        ("heldout219", 40, 33),
        ("heldout220", 40, 33),
        ("heldout221", 40, 35),
        ("heldout222", 40, 34),
        ("heldout223", 40, 35),
        ("heldout224", 40, 38),
        ("heldout225", 40, 35),
        ("heldout226", 40, 32),
        ("heldout227", 40, 36),
        ("heldout228", 40, 36),
        ("heldout229", 40, 34),
        ("heldout230", 40, 34),
        ("heldout231", 40, 36),
        ("heldout232", 40, 33),
        ("heldout233", 40, 35),
        ("heldout234", 40, 32),
        ("heldout235", 40, 34),
        ("heldout236", 40, 35),
        ("heldout237", 40, 33),
        ("heldout238", 40, 33),
        ("heldout239", 40, 38),
        ("heldout240", 40, 32),
        ("heldout241", 40, 33),
        ("heldout242", 40, 37),
        ("heldout243", 40, 37),
        ("heldout244", 40, 35),
        ("heldout245", 40, 37),
        ("heldout246", 40, 32),
        ("heldout247", 40, 38),
        ("heldout248", 40, 37),
        ("heldout249", 40, 35),
        ("heldout250", 40, 35),
        ("heldout251", 40, 34),
        ("heldout252", 40, 32),
        ("heldout253", 40, 32),
        ("heldout254", 40, 38),
        ("heldout255", 40, 32),
        ("heldout256", 40, 37),
        ("heldout257", 40, 37),
        ("heldout258", 40, 37),
        ("heldout259", 40, 34),
        ("heldout260", 40, 35),
        ("heldout261", 40, 32),
        ("heldout262", 40, 36),
        ("heldout263", 40, 33),
        ("heldout264", 40, 38),
        ("heldout265", 40, 32),
        ("heldout266", 40, 40),
        ("heldout267", 40, 37),
        ("heldout268", 40, 37),
        ("heldout269", 40, 32),
        ("heldout270", 40, 38),
        ("heldout271", 40, 37),
        ("heldout272", 40, 37),
        ("heldout273", 40, 36),
        ("heldout274", 40, 36),
        ("heldout275", 40, 30),
        ("heldout276", 40, 33),
        ("heldout277", 40, 36),
        ("heldout278", 40, 35),
        ("heldout279", 40, 37),
        ("heldout280", 40, 33),
        ("heldout281", 40, 34),
        ("heldout282", 40, 32),
        ("heldout283", 40, 34),
        ("heldout284", 40, 33),
        ("heldout285", 40, 29),
        ("heldout286", 40, 35),
        ("heldout287", 40, 34),
        ("heldout288", 40, 35),
        ("heldout289", 40, 39),
        ("heldout290", 40, 35),
        ("heldout291", 40, 36),
        ("heldout292", 40, 35),
        ("heldout293", 40, 34),
        ("heldout294", 40, 34),
        ("heldout295", 40, 37),
        ("heldout296", 40, 36),
        ("heldout297", 40, 36),
        ("heldout298", 40, 36),
        ("heldout299", 40, 31),
        ("heldout300", 40, 32),
        ("heldout301", 40, 33),
        ("heldout302", 40, 33),
        ("heldout303", 40, 34),
        ("heldout304", 40, 37),
        ("heldout305", 40, 34),
        ("heldout306", 40, 37),
        ("heldout307", 40, 35),
        ("heldout308", 40, 38),
        ("heldout309", 40, 37),
        ("heldout310", 40, 28),
        ("heldout311", 40, 34),
        ("heldout312", 40, 36),
        ("heldout313", 40, 35),
        ("heldout314", 40, 37),
        ("heldout315", 40, 34),
        ("heldout316", 40, 36),
        ("heldout317", 40, 34),
        ("heldout318", 40, 35),
        ("heldout319", 40, 36),
        ("heldout320", 40, 30),
        ("heldout321", 40, 34),
        ("heldout322", 40, 34),
        ("heldout323", 40, 35),
        ("heldout324", 40, 31),
        ("heldout325", 40, 29),
        ("heldout326", 40, 34),
        ("heldout327", 40, 36),
        ("heldout328", 40, 34),
        ("heldout329", 40, 35),
        ("heldout330", 40, 35),
        ("heldout331", 40, 33),
        ("heldout332", 40, 34),
        ("heldout333", 40, 35),
        ("heldout334", 40, 36),
        ("heldout335", 40, 34),
        ("heldout336", 40, 35),
        ("heldout337", 40, 33),
        ("heldout338", 40, 39),
        ("heldout339", 40, 33),
        ("heldout340", 40, 32),
        ("heldout341", 40, 37),
        ("heldout342", 40, 38),
        ("heldout343", 40, 36),
        ("heldout344", 40, 37),
        ("heldout345", 40, 38),
        ("heldout346", 40, 36),
        ("heldout347", 40, 31),
        ("heldout348", 40, 33),
        ("heldout349", 40, 33),
        ("heldout350", 40, 36),
        ("heldout351", 40, 32),
        ("heldout352", 40, 37),
        ("heldout353", 40, 31),
        ("heldout354", 40, 33),
        ("heldout355", 40, 36),
        ("heldout356", 40, 32),
        ("heldout357", 40, 37),
        ("heldout358", 40, 27),
        ("heldout359", 40, 33),
        ("heldout360", 40, 37),
        ("heldout361", 40, 33),
        ("heldout362", 40, 33),
        ("heldout363", 40, 34),
        ("heldout364", 40, 29),
        ("heldout365", 40, 30),
        ("heldout366", 40, 36),
        ("heldout367", 40, 37),
        ("heldout368", 40, 34),
        ("heldout369", 40, 37),
        ("heldout370", 40, 34),
        ("heldout371", 40, 35),
        ("heldout372", 40, 33),
        ("heldout373", 40, 36),
        ("heldout374", 40, 36),
        ("heldout375", 40, 32),
        ("heldout376", 40, 34),
        ("heldout377", 40, 34),
        ("heldout378", 40, 32),
        ("heldout379", 40, 32),
        ("heldout380", 40, 36),
        ("heldout381", 40, 37),
        ("heldout382", 40, 37),
        ("heldout383", 40, 33),
        ("heldout384", 40, 33),
        ("heldout385", 40, 34),
        ("heldout386", 40, 38),
        ("heldout387", 40, 36),
        ("heldout388", 40, 33),
        ("heldout389", 40, 39),
        ("heldout390", 40, 33),
        ("heldout391", 40, 36),
        ("heldout392", 40, 35),
        ("heldout393", 40, 33),
        ("heldout394", 40, 32),
        ("heldout395", 40, 35),
        ("heldout396", 40, 37),
        ("heldout397", 40, 33),
        ("heldout398", 40, 38),
        ("heldout399", 40, 37),
        ("heldout400", 40, 35),
        ("heldout401", 40, 30),
        ("heldout402", 40, 30),
        ("heldout403", 40, 37),
        ("heldout404", 40, 30),
        ("heldout405", 40, 36),
        ("heldout406", 40, 34),
        ("heldout407", 40, 31),
        ("heldout408", 40, 30),
        ("heldout409", 40, 19),
        ("heldout410", 40, 29),
        ("heldout411", 40, 38),
        ("heldout412", 40, 31),
        ("heldout413", 40, 32),
        ("heldout414", 40, 29),
        ("heldout415", 40, 33),
        ("heldout416", 40, 25),
        ("heldout417", 40, 31),
        ("heldout418", 40, 36),
        ("heldout419", 40, 36),
    ],
)
def test_polarity_pairs_no_worse_than_first_contact(folder: str, pairs: int, floor: int) -> None:
    # First contact: held-out 4 14, held-out 5 25, held-out 6 20, held-out 7 24, held-out 8 36,
    # held-out 9 42, held-out 10 43, held-out 11 27, held-out 12 24, held-out 13 35, held-out 14
    # 45, held-out 15 35, held-out 16 40, held-out 17 61, held-out 18 37, held-out 19 45,
    # held-out 20 45, held-out 21 37, held-out 22 42, held-out 23 34, held-out 24 44,
    # held-out 25 51, held-out 26 43, held-out 27 48, held-out 28 50, held-out 29 53,
    # held-out 30 52, held-out 31 51, held-out 32 50, held-out 33 59, held-out 34 53,
    # held-out 35 51, held-out 36 54, held-out 37 61, held-out 38 50, held-out 39 51,
    # held-out 40 49, held-out 41 50, held-out 42 50, held-out 43 53, held-out 44 51,
    # held-out 45 66, held-out 46 55, held-out 47 57, held-out 48 55, held-out 49 62,
    # held-out 50 55, held-out 51 49 (11-47 raised by the fifteenth round's support rules; 30 and 31
    # raised by the thirteenth round's plan, "mismatch note", lettered-fellow and "missing" rules,
    # development figures);
    # the first three
    # raised by the structural linking they drove, held-out 7 by the references, negation scope
    # and possession rules it drove, held-out 8 and 9 by the plan, object, day, idiom and actor
    # rules they drove, held-out 7, 10, 11 and 12 by the prose reading of the eighth session,
    # held-out 13 by the negation forms, absences, possession and closing lines of the polarity
    # session, held-out 18 and 20-23 by the counterfactual and log-verdict reading of the
    # eleventh (development figures, not blind ones).
    right, total = pairs_right(_outcomes(folder, "support.jsonl"))
    assert total == pairs
    assert right >= floor


def test_real_invented_completions_caught_no_fewer_than_on_first_contact() -> None:
    outcomes = _outcomes("real_smollm2", "completion.jsonl")
    caught = sum(o.labelled == "True" and o.predicted == "True" for o in outcomes)
    assert sum(o.labelled == "True" for o in outcomes) == 11
    assert caught >= 10  # first contact 1
    fresh = _outcomes("real_smollm2b", "completion.jsonl")
    assert sum(o.labelled == "True" for o in fresh) == 7
    assert sum(o.labelled == "True" and o.predicted == "True" for o in fresh) >= 5  # first contact
    live = _outcomes("real_smollm2c", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live) == 4
    assert sum(o.labelled == "True" and o.predicted == "True" for o in live) >= 3  # first contact
    live_e = _outcomes("real_smollm2e", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live_e) == 9
    assert sum(o.labelled == "True" and o.predicted == "True" for o in live_e) >= 7  # first contact
    live_f = _outcomes("real_smollm2f", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live_f) == 8
    assert sum(o.labelled == "True" and o.predicted == "True" for o in live_f) >= 8  # first contact
    live_g = _outcomes("real_smollm2g", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live_g) == 7
    assert sum(o.labelled == "True" and o.predicted == "True" for o in live_g) >= 5  # first contact
    live_h = _outcomes("real_smollm2h", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live_h) == 12
    assert (
        sum(o.labelled == "True" and o.predicted == "True" for o in live_h) >= 10
    )  # first contact
    live_i = _outcomes("real_smollm2i", "completion.jsonl")
    assert sum(o.labelled == "True" for o in live_i) == 11
    assert sum(o.labelled == "True" and o.predicted == "True" for o in live_i) >= 5  # first contact
