"""``python -m tools.gen_corpus [--out DIR]``, run from the repository root."""

import sys

from tools.gen_corpus.cli import main

sys.exit(main())
