"""Maintenance tools run from the repository root, e.g. ``python -m tools.gen_corpus``."""
