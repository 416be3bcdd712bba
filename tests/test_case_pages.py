"""Case pages: the report writes one per case worth a look (worst examples, runs behind a gate the
data misses; compare adds flipped packages), links them, and shows on each what a maintainer needs
to judge the case, with every recorded string inert."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from harness.report import write_comparison, write_report
from harness.report.case_page import case_file_name
from harness.report.cases import CASES
from tests.case_helpers import INVENTED, write_case_run


class _Links(HTMLParser):
    """Every href on a page, by the id of the table it sits in (None outside tables)."""

    def __init__(self) -> None:
        super().__init__()
        self.table: str | None = None
        self.hrefs: list[tuple[str | None, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if tag == "table":
            self.table = found.get("id")
        if tag == "a" and found.get("href"):
            self.hrefs.append((self.table, str(found["href"])))

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.table = None


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run = write_case_run(tmp_path_factory.mktemp("cases"))
    _, paths = write_report(run, n_boot=100)
    return paths.html


def _page(report: Path, package: str) -> str:
    name = case_file_name(package, "reconcile", "pi-cases")
    return (report.parent / CASES / name).read_text(encoding="utf-8")


def test_failing_gate_and_worst_examples_link_existing_case_pages(report: Path) -> None:
    links = _parse(report)
    gate = sorted(h for table, h in links.hrefs if table == "failing-fail")
    examples = [h for table, h in links.hrefs if table == "examples" and h.startswith("cases/")]
    # The phase-0 shadow budget on invented completions fails: its four inventing runs are linked.
    expected = sorted(
        f"{CASES}/{case_file_name(f'case-{i:03d}', 'reconcile', 'pi-cases')}" for i in INVENTED
    )
    assert gate == expected
    # The decision table leads to the same pages from its first screen.
    assert sorted(h for table, h in links.hrefs if table == "decisions") == expected
    assert examples and set(examples) <= set(expected)
    for href in {*gate, *examples}:
        assert (report.parent / href).is_file()
    # The pages are separate files: the report itself holds none of their content.
    assert "Evidence it saw" not in report.read_text(encoding="utf-8")


def test_every_case_has_a_page_listed_on_the_case_index(report: Path) -> None:
    results = (report.parent / "results.jsonl").read_text(encoding="utf-8").splitlines()
    index = report.parent / CASES / "index.html"
    assert "cases/index.html" in [h for _, h in _parse(report).hrefs]
    listed = [h for _, h in _parse(index).hrefs]
    pages = [h for h in listed if h.endswith(".html") and not h.startswith("../")]
    assert len(pages) == len(results) == len(set(pages))
    for href in pages:
        assert (index.parent / href).is_file()
    assert "../report.html" in listed
    assert f"Every case of the run: {len(results)}." in index.read_text(encoding="utf-8")
    # Nothing but the pages and their index in the folder: no page outlives its report.
    assert len(list(index.parent.iterdir())) == len(results) + 1


def test_case_page_shows_question_evidence_output_citations_scores_and_trace(report: Path) -> None:
    page = _page(report, "case-005")
    assert '<pre id="question">Was the Patrick DM actually sent?</pre>' in page
    assert "message.send to patrick: queued" in page  # an evidence item, in full
    assert "reconcile of case-005: supported" in page  # the output ...
    # ... beside the host's expectation
    assert "&quot;status&quot;: &quot;contradicted&quot;" in page
    # Each citation resolved against the evidence text, found or not.
    assert re.search(r'class="citation found".*?quote found.*?<mark>queued</mark>', page, re.S)
    assert re.search(r'class="citation not-found".*?quote NOT in the item', page, re.S)
    assert 'nope#1</code> <strong class="verdict">not in the context' in page
    # Every score with its explanation.
    assert "invented_completion on case-005" in page and "invented=True" in page
    # The trace as a timeline, its boundary event marked on the event it belongs to.
    assert re.search(
        r'<li class="boundary-event event-tool_call">.*?boundary: forbidden_verb: message.send',
        page,
        re.S,
    )
    assert '<a id="back" href="../report.html">' in page


def test_recorded_script_on_a_case_page_is_text(report: Path) -> None:
    page = _page(report, "case-000")
    assert "<script" not in page.lower() and "<img" not in page.lower()
    assert "&lt;script&gt;document.title=&#x27;pwned&#x27;&lt;/script&gt;" in page
    assert "Content-Security-Policy" in page
    # A long tool result is shortened, and says by how much.
    assert "(500 more)" in page


def test_case_file_names_are_never_paths_or_schemes() -> None:
    for hostile in ("../../etc/passwd", "javascript:alert(1)", ".hidden", "a/b\\c", "x" * 500):
        name = case_file_name(hostile, "reconcile", "m")
        assert re.fullmatch(r"reconcile-[A-Za-z0-9._-]+\.html", name), name
        assert "/" not in name and ":" not in name and len(name) < 130
    # Same package, another model or stage: another page.
    assert case_file_name("p", "reconcile", "a") != case_file_name("p", "reconcile", "b")


def test_report_without_recordings_still_writes_pages_saying_so(tmp_path: Path) -> None:
    run = write_case_run(tmp_path)
    (tmp_path / "recordings.jsonl").unlink()
    write_report(run, n_boot=50)
    page = (run / CASES / case_file_name("case-000", "reconcile", "pi-cases")).read_text()
    assert "The package is not in the run's recordings" in page
    assert "quote found" not in page  # nothing to resolve against: every citation says so
    # A page of an earlier report never outlives it.
    stale = run / CASES / "reconcile-gone-0000000000.html"
    stale.write_text("old")
    write_report(run, n_boot=50)
    assert not stale.exists()


def test_compare_links_flipped_packages_to_both_runs_case_pages(tmp_path: Path) -> None:
    a = write_case_run(tmp_path / "a")
    b = write_case_run(tmp_path / "b", count=20, model="pi-other")
    # b invents nowhere: rewrite its scores so the inventing packages flip.
    scores = (b / "scores.jsonl").read_text().replace('"invented":true', '"invented":false')
    (b / "scores.jsonl").write_text(
        scores.replace('"invented_completions":1', '"invented_completions":0')
    )
    _, paths = write_comparison(a, b, tmp_path / "cmp", n_boot=100)
    links = [h for table, h in _parse(paths["html"]).hrefs if table == "flips"]
    in_a = sorted(h for h in links if h.startswith("cases/a/"))
    in_b = sorted(h for h in links if h.startswith("cases/b/"))
    assert len(in_a) == len(in_b) == len(INVENTED)
    for href in in_a + in_b:
        page = (tmp_path / "cmp" / href).read_text()
        assert '<a id="back" href="../../compare.html">' in page
    assert "pi-other" in (tmp_path / "cmp" / in_b[0]).read_text()
