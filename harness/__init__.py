"""shadow-harness: Phase 0 (shadow mode) evaluation of Pi stages."""

__version__ = "0.1.0"
