"""Which cases get a page, and writing those pages from a stored run.

A report links a page for each case worth a look (its worst examples, the runs behind each gate
it did not pass; ``shadow compare`` adds the packages that flipped). The pages are separate files
under ``cases/``, so the report itself stays small whatever the run's size.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from harness.loading import LoadError, find_package_files, iter_loaded
from harness.metrics.registry import METRICS
from harness.report.case_page import case_file_name, case_html
from harness.rundir import (
    RESULTS,
    SCORES,
    RunDirError,
    TraceStore,
    iter_results,
    iter_scores,
    reread_lines,
)
from harness.schema import Package, RunRecord, ScoreRecord
from harness.tables import LineIndex, metric_values

#: The folder of case pages, beside the report.
CASES = "cases"
#: Runs shown behind one gate, worst first.
PER_GATE = 5
#: Pages one report writes at most: the cases worth a look come first, then every other case,
#: so a run of a few thousand cases has a page for each and a 100k-case run stays a few MB.
MAX_PAGES = 2000
#: The page listing every case page.
INDEX = "index.html"


@dataclass(frozen=True)
class CaseKey:
    """A case of a run; ``model`` None matches the run's record of any model (compare pairs
    runs by package and stage)."""

    package: str
    stage: str
    model: str | None = None


def cases_behind(
    wide: pd.DataFrame, stage: str, model: str, metric: str, limit: int = PER_GATE
) -> list[CaseKey]:
    """The runs of (stage, model) that pulled ``metric`` the wrong way, worst first (package id
    breaks ties). A rate counts every run short of its best value (0 or 1); a mean counts runs
    worse than the best run."""
    spec = METRICS.get(metric)
    if spec is None or wide.empty:
        return []
    rows = wide[(wide["stage"].astype(str) == stage) & (wide["model"].astype(str) == model)]
    if rows.empty:
        return []
    values = metric_values(rows, metric)
    frame = pd.DataFrame({"package": rows["package"].astype(str), "value": values}).dropna()
    if frame.empty:
        return []
    if spec.kind == "rate":
        best = 1.0 if spec.higher_is_better else 0.0
    else:
        best = float(frame["value"].max() if spec.higher_is_better else frame["value"].min())
    behind = frame[frame["value"] != best]
    behind = behind.sort_values(
        ["value", "package"], ascending=[spec.higher_is_better, True], kind="stable"
    )
    return [CaseKey(p, stage, model) for p in behind["package"].head(limit)]


def _wanted(key: tuple[object, ...], wanted: Container[tuple[str, ...]]) -> bool:
    """Whether a parsed stored line's key fields are a wanted case's: a line with a field that
    cannot be hashed (a list where an id belongs) names no case, and does not validate either."""
    try:
        return key in wanted
    except TypeError:
        return False


def _records(
    run_dir: Path, wanted: set[CaseKey], lines: LineIndex | None
) -> dict[CaseKey, RunRecord]:
    pairs = {(k.package, k.stage) for k in wanted}
    found: dict[CaseKey, RunRecord] = {}

    # Bad stored lines are left out here as everywhere in the report (its tables name them).
    # Only the wanted cases' lines are validated: a page is written for a few thousand at most.
    def keep(line: dict[str, Any]) -> bool:
        return _wanted((line.get("package"), line.get("stage")), pairs)

    if lines is None:
        records: Iterable[RunRecord] = (r for _, r in iter_results(run_dir, errors=[], keep=keep))
    else:  # only the wanted cases' lines, where the tables found them
        spans = sorted(span for pair in pairs for span in lines.results.get(pair, ()))
        records = reread_lines(run_dir / RESULTS, spans, RunRecord, keep)
    for record in records:
        if (record.package, str(record.stage)) not in pairs:
            continue
        for key in (CaseKey(record.package, str(record.stage), record.model),
                    CaseKey(record.package, str(record.stage))):  # fmt: skip
            if key in wanted:
                found[key] = record  # the last record of a case is the one scored
    return found


def _scores(
    run_dir: Path, records: Iterable[RunRecord], lines: LineIndex | None
) -> dict[tuple[str, str, str], list[ScoreRecord]]:
    keys = {(r.package, str(r.stage), r.model) for r in records}
    out: dict[tuple[str, str, str], list[ScoreRecord]] = {k: [] for k in keys}

    def keep(line: dict[str, Any]) -> bool:
        return _wanted((line.get("package"), line.get("stage"), line.get("model")), out)

    if lines is None:
        scores: Iterable[ScoreRecord] = iter_scores(run_dir, errors=[], keep=keep)
    else:  # only the wanted cases' lines, where the tables found them
        spans = sorted(span for key in keys for span in lines.scores.get(key, ()))
        scores = reread_lines(run_dir / SCORES, spans, ScoreRecord, keep)
    try:
        for score in scores:
            key = (score.package, str(score.stage), score.model)
            if key in out:
                out[key].append(score)
    except FileNotFoundError:
        pass
    return out


def _packages(run_dir: Path, meta: dict[str, object], ids: set[str]) -> dict[str, Package]:
    # The run names its recordings in run.json; resolved as `shadow score` resolves them.
    from harness.scorers.stored import recording_paths

    paths = recording_paths(run_dir, dict(meta))
    if not paths or not ids:
        return {}
    # Only the wanted packages are validated; the first valid line of an id wins, as it does
    # when every package is loaded.
    files = find_package_files(paths)
    wanted = {(package_id,) for package_id in ids}
    found: dict[str, Package] = {}
    for entry in iter_loaded(
        Package, files, _package_id, keep=lambda line: _wanted((line.get("id"),), wanted)
    ):
        if not isinstance(entry, LoadError):
            found[entry.item.id] = entry.item
    return found


def _package_id(package: Package) -> str:
    return package.id


def write_case_pages(
    run_dir: Path,
    meta: dict[str, object],
    keys: Iterable[CaseKey],
    out_dir: Path,
    *,
    back: str,
    href_prefix: str,
    lines: LineIndex | None = None,
) -> dict[CaseKey, str]:
    """Write a page per case into ``out_dir`` (its old pages removed first, so a page never
    outlives its report) and return each written case's href (``href_prefix`` + file name).
    A key with no record in the run gets no page and no href. ``lines``: where the run's tables
    found each case's lines (``RunTables.lines``), so that only the wanted ones are read again."""
    wanted = list(dict.fromkeys(keys))[:MAX_PAGES]
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.html"):
        old.unlink()
    if not wanted:
        return {}
    records = _records(run_dir, set(wanted), lines)
    scores = _scores(run_dir, records.values(), lines)
    packages = _packages(run_dir, meta, {r.package for r in records.values()})
    run_id = str(meta.get("run_id") or run_dir.name)
    hrefs: dict[CaseKey, str] = {}
    written: dict[str, str] = {}
    with TraceStore(run_dir) as traces:
        for key in wanted:
            record = records.get(key)
            if record is None:
                continue
            name = case_file_name(record.package, str(record.stage), record.model)
            if name not in written:
                try:
                    trace = traces.read(record.archive_id, missing_ok=True, errors=[])
                except (RunDirError, OSError):
                    trace = []
                own = scores.get((record.package, str(record.stage), record.model), [])
                page = case_html(
                    record, own, trace, packages.get(record.package), back=back, run_id=run_id
                )
                (out_dir / name).write_text(page, encoding="utf-8")
                written[name] = href_prefix + name
            hrefs[key] = written[name]
    return hrefs
