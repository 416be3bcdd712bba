"""Reports for maintainers: decision tables, metrics with intervals, worst examples, plots,
comparisons of two model versions and history across runs. Reads stored runs only."""

from harness.report.compare import Comparison, compare, write_comparison
from harness.report.data import ReportData, gather
from harness.report.history import History, history, write_history
from harness.report.run_report import ReportPaths, render_html, render_markdown, write_report

__all__ = [
    "Comparison",
    "History",
    "ReportData",
    "ReportPaths",
    "compare",
    "gather",
    "history",
    "render_html",
    "render_markdown",
    "write_comparison",
    "write_history",
    "write_report",
]
