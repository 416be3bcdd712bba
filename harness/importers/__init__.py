"""Importers: turn another tool's transcripts into package skeletons a host completes."""
