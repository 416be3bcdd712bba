"""The replay step alone, in one process, for ``ab.py --steps replay-alone``: ``shadow run
--no-report`` also scores the run, so its peak RSS is scoring's as often as the replay's.

    python benchmarks/replay_alone.py OUT     # in a corpus folder (``corpus.py``)

Packages come from ``PackageFiles`` where the harness tree has it (read as cases start), else from
``load_packages`` (held whole), so the same script measures a tree from before that change.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import corpus

from harness.cli.run_settings import make_runner
from harness.replay import replay


def packages(paths: list[Path]) -> Any:
    try:
        from harness.replay.packages import PackageFiles
    except ImportError:
        from harness.loading import load_packages

        return load_packages(paths).items
    return PackageFiles(paths)


def main() -> int:
    runner = make_runner("recorded", corpus.MODEL, {}, [])
    replay(
        packages([Path("recordings/sophobot")]), runner, out_dir=Path(sys.argv[1]), progress=False
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
