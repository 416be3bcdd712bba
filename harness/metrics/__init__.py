"""Metrics: the headline numbers of tables, gates and reports, each declared next to the scorer
whose values it reads (``harness.metrics.spec``, used by ``@scorer(..., metrics=...)``), gathered
from the scorer registry into ``METRICS`` (``harness.metrics.registry``).

This package root imports nothing: the scorers import the declarations, and the registry imports
the scorers, so a root that re-exported the registry would make that a cycle.
"""
