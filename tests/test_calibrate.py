"""``shadow calibrate`` on the labelled-set formats of docs/labelled-sets.md: the lexical detector
on the development sets, bad lines, and the model-graded detector against a loopback fake
OpenAI-compatible server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from harness.calibrate.formats import read_set
from harness.calibrate.judge_lines import judge_set
from harness.calibrate.metrics import figures, pairs_right
from harness.cli import main
from harness.detectors import make_detector

LABELLED = Path(__file__).parent / "data" / "labelled"


def _figure(outcomes: Any, name: str, positive: str | None) -> float:
    return next(f.estimate for f in figures(outcomes, positive) if f.name == name)


def test_every_development_set_reads_without_errors() -> None:
    for path in sorted(LABELLED.glob("*/*.jsonl")):
        labelled = read_set(path)
        assert labelled.errors == [], path
        assert labelled.kind == path.stem or path.stem in ("citations", "traces", "repeat")


def test_polarity_pairs_are_told_apart_by_the_lexical_detector() -> None:
    # The same claim affirmed and negated against one queued receipt cannot both be supported.
    outcomes, problems = judge_set(
        read_set(LABELLED / "dev" / "support.jsonl"), make_detector("lexical")
    )
    assert problems == []
    right, total = pairs_right(outcomes)
    assert total == 5 and right >= 4
    by_id = {o.id: o for o in outcomes}
    assert by_id["sp-01a"].predicted == "contradicted"  # "Patrick got the note" vs queued
    assert by_id["sp-01b"].predicted == "supported"  # "Patrick did not get the note"
    assert by_id["sp-04a"].predicted == "contradicted"  # "seal succeeded" vs failed receipt


def test_paths_are_judged_as_the_system_resolves_them() -> None:
    labelled = read_set(LABELLED / "dev" / "traces.jsonl")
    outcomes, _ = judge_set(labelled, make_detector("lexical"))
    wrong = [o.id for o in outcomes if o.predicted != o.labelled]
    # encoded, double-encoded, repeated slashes, NUL, symlinks out (absolute and relative) are
    # escapes; alarming names and a symlink that stays inside are not
    assert wrong == []


def test_check_kinds_match_by_family_and_targets_keep_their_ids() -> None:
    outcomes, _ = judge_set(read_set(LABELLED / "dev" / "repeat.jsonl"), make_detector("lexical"))
    by_id = {o.id: o for o in outcomes}
    assert by_id["rm-02"].predicted == "0"  # dm_poll stands for inbox_recheck
    assert by_id["rm-05"].predicted == "None"  # render-0413 is not render-0412
    assert by_id["rm-06"].predicted == "1"  # "render 412" is render-0412
    assert by_id["ro-03"].predicted == "False"  # declining to reopen
    assert by_id["ro-05"].predicted == "False"  # newer evidence justifies it
    assert by_id["ro-02"].predicted == "True"  # resend with nothing newer


def test_calibrate_prints_figures_with_intervals_and_the_detector(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            ["calibrate", "--detector", "lexical", str(LABELLED / "heldout1" / "completion.jsonl")]
        )
        == 0
    )
    out = capsys.readouterr().out
    for word in (
        "agreement",
        "precision",
        "recall",
        "kappa",
        "95% interval",
        "detector: lexical",
        "labelled True",
    ):
        assert word in out
    assert "misses" not in out  # misses only on request: a blind set is read after its figure


def test_a_bad_line_is_named_and_the_rest_is_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = (LABELLED / "dev" / "support.jsonl").read_text(encoding="utf-8").splitlines()
    broken = json.loads(good[2])
    broken["label"] = "maybe"
    path = tmp_path / "support.jsonl"
    path.write_text("\n".join([good[0], good[1], json.dumps(broken), "{not json"]) + "\n")
    assert main(["calibrate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:3: label:" in out and f"{path}:4: (line): not JSON" in out
    assert "lines: 2;" in out


class _FakeJudge(BaseHTTPRequestHandler):
    """An OpenAI-compatible chat endpoint that answers every rubric from a fixed table."""

    answers: dict[str, Any] = {}
    seen: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append(body)
        prompt = body["messages"][-1]["content"]
        key = next(k for k in ("INVENTED", "SUPPORT", "REOPEN") if k in prompt)
        content = self.answers[key]
        reply = {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant", "content": content}}]}  # fmt: skip
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        return None


@pytest.fixture
def fake_judge() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeJudge)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_the_judge_detector_calibrates_through_an_openai_compatible_endpoint(
    fake_judge: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A judge that calls everything supported: calibration must show it as poor, not hide it.
    _FakeJudge.answers = {"SUPPORT": json.dumps({"label": "supported", "why": "looks fine"})}
    _FakeJudge.seen = []
    code = main(["calibrate", "--detector", "judge", "--opt", f"base_url={fake_judge}",
                 "--opt", "model=fake-small", str(LABELLED / "dev" / "support.jsonl")])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "detector: judge:fake-small" in out
    assert "polarity pairs judged right: 0/5" in out
    request = _FakeJudge.seen[0]
    assert request["response_format"] == {"type": "json_object"} and request["temperature"] == 0
    assert '"label"' not in request["messages"][-1]["content"].split("CASE", 1)[1]  # no answer key


def test_an_unreadable_judge_answer_is_unjudged_not_wrong(fake_judge: str) -> None:
    _FakeJudge.answers = {"INVENTED": "I think it is invented"}
    detector = make_detector("judge", {"base_url": fake_judge, "model": "fake"})
    outcomes, problems = judge_set(read_set(LABELLED / "heldout1" / "completion.jsonl"), detector)
    assert outcomes == [] and len(problems) == 198
    assert "answer is not JSON" in problems[0]


def test_an_endpoint_that_is_down_is_an_infrastructure_error() -> None:
    detector = make_detector(
        "judge", {"base_url": "http://127.0.0.1:9/v1", "model": "m", "timeout_s": "2"}
    )
    outcomes, problems = judge_set(read_set(LABELLED / "dev" / "repeat.jsonl"), detector)
    assert all("detector error" in p for p in problems) and len(problems) == 6
    assert len(outcomes) == 8  # check matching is structural: judged by the rules all the same


def test_every_evidence_kind_of_the_docs_is_read(tmp_path: Path) -> None:
    # "note" and "metadata" are evidence kinds of docs/labelled-sets.md; a labeller's extra
    # field on an item costs nothing.
    line = {"id": "n1", "scene": "s", "agent": "vojan", "claim": "Patrick got the note.",
            "evidence": [{"id": "note:1", "kind": "note", "source": "private/notes.md",
                          "at": "2026-08-25T10:00:00Z", "text": "Patrick: got the note, thanks.",
                          "extra": "ignored"}],
            "label": "supported", "pair": None, "kind": "k", "why": "w"}  # fmt: skip
    path = tmp_path / "support.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    labelled = read_set(path)
    assert labelled.errors == [] and len(labelled.lines) == 1
    outcomes, problems = judge_set(labelled, make_detector("lexical"))
    assert problems == [] and outcomes[0].predicted == "supported"


def test_the_judge_calibrates_against_a_cassette(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cassette.server import cassette_server

    folder = Path(__file__).parent / "data" / "cassettes" / "judge-always-supported"
    with cassette_server(folder) as served:
        code = main(["calibrate", "--detector", "judge", "--opt", f"base_url={served.base_url}",
                     "--opt", "model=judge-stub", str(LABELLED / "dev" / "support.jsonl")])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "detector: judge:judge-stub" in out
    assert "polarity pairs judged right: 0/5" in out  # a judge that always agrees is caught


def test_a_set_of_few_scenes_is_said_to_have_coarse_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # set 113's completion lines sit in 8 scenes: its intervals resample 8 clusters
    few = Path(__file__).parent / "data" / "heldout113" / "completion.jsonl"
    assert main(["calibrate", "--detector", "lexical", str(few)]) == 0
    assert "note: only 8 scenes" in capsys.readouterr().out
    # hard negative: a set of many scenes gets no such note
    many = Path(__file__).parent / "data" / "heldout114" / "completion.jsonl"
    assert main(["calibrate", "--detector", "lexical", str(many)]) == 0
    assert "note: only" not in capsys.readouterr().out
