"""``python -m harness.cli``: the same as the ``shadow`` command."""

from harness.cli import main

raise SystemExit(main())
