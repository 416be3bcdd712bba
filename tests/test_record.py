"""A run captured with `shadow record` replays through the recorded runner to the same scores."""

from __future__ import annotations

import json
from pathlib import Path

from harness.cli import main
from harness.loading import load_packages
from harness.replay import replay
from harness.replay.record import export_outputs
from harness.runners.registry import make_runner
from harness.scorers.run import score_run

CORPUS = Path(__file__).resolve().parents[1] / "recordings" / "sophobot" / "handwritten"
#: Scores that depend on the clock, not on the output.
CLOCK = {"latency"}


def _scores(run_dir: Path) -> dict[tuple[str, str, str], dict[str, object]]:
    score_run(run_dir)
    out = {}
    for line in (run_dir / "scores.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["scorer"] not in CLOCK:
            out[(row["package"], row["stage"], row["scorer"])] = row["values"]
    return out


def test_recorded_replay_reproduces_the_reference_scores(tmp_path: Path) -> None:
    packages = load_packages([CORPUS]).items[:12]
    live = tmp_path / "live"
    replay(
        packages,
        make_runner("reference", options={"profile": "credulous"}),
        out_dir=live,
        recordings=[CORPUS],
        progress=False,
        handle_signals=False,
    )
    counts = export_outputs(live, tmp_path / "outputs" / "ref-x", model="ref-x")
    assert sum(counts.values()) == sum(len(p.stages) for p in packages)

    again = tmp_path / "again"
    runner = make_runner(
        "recorded", model="ref-x", options={"outputs_dir": str(tmp_path / "outputs")}
    )
    replay(
        packages, runner, out_dir=again, recordings=[CORPUS], progress=False, handle_signals=False
    )
    live_scores, replayed = _scores(live), _scores(again)
    assert live_scores.keys() == replayed.keys()
    assert live_scores == replayed


def test_record_command_writes_one_file_per_stage_sorted(tmp_path: Path) -> None:
    packages = load_packages([CORPUS]).items[:8]
    run_dir = tmp_path / "run"
    replay(
        packages,
        make_runner("reference"),
        out_dir=run_dir,
        recordings=[CORPUS],
        progress=False,
        handle_signals=False,
    )
    out = tmp_path / "rec"
    assert main(["record", str(run_dir), "--out", str(out)]) == 0
    for path in out.glob("*.jsonl"):
        ids = [json.loads(line)["package"] for line in path.read_text().splitlines()]
        assert ids == sorted(ids) and path.stem in {str(s) for p in packages for s in p.stages}
    assert (
        main(["validate", str(CORPUS), str(out)]) == 1
    )  # outside an outputs/ folder: read as packages


def test_failures_and_timeouts_are_recorded_but_infrastructure_errors_are_not(
    tmp_path: Path,
) -> None:
    # Survivorship: a version replayed from its completed cases alone would look better than it
    # ran, so the model's failures and timeouts are kept; an `error` or `interrupted` case is the
    # harness's or the server's, and is not.
    packages = [p for p in load_packages([CORPUS]).items if "reconcile" in p.stages][:5]
    run_dir = tmp_path / "run"
    replay(
        packages,
        make_runner("reference"),
        out_dir=run_dir,
        stages=["reconcile"],
        recordings=[CORPUS],
        progress=False,
        handle_signals=False,
    )
    lines = [json.loads(line) for line in (run_dir / "results.jsonl").read_text().splitlines()]
    statuses = ["completed", "failed", "timed_out", "error", "interrupted"][: len(lines)]
    assert len(statuses) == 5, "the fixture needs five reconcile cases"
    for line, status in zip(lines, statuses, strict=True):
        line["status"] = status
        if status != "completed":
            envelope_status = "failed" if status == "error" else status
            line["envelope"] = {"status": envelope_status, "error": f"{status} here"}
    (run_dir / "results.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    export_outputs(run_dir, tmp_path / "out", model="m")
    kept = [json.loads(x) for x in (tmp_path / "out" / "reconcile.jsonl").read_text().splitlines()]
    by_package = {line["package"]: status for line, status in zip(lines, statuses, strict=True)}
    assert sorted(by_package[k["package"]] for k in kept) == ["completed", "failed", "timed_out"]
