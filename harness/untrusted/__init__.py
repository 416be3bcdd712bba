"""Untrusted input and output: bounded JSON parsing (``parse``) and terminal-safe text (``display``)."""
