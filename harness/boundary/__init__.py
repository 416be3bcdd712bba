"""Boundary rules of Phase 0: what a stage's trace and result may not do.

Pure functions of the invocation (manifest, forbidden verbs, roots, limits) and of what the runner
returned: ``trace`` and ``result`` find the events, over ``verbs`` (forbidden verbs in any
spelling) and ``paths`` (where a path really lands). Replay stores the events in the run record;
the boundary scorer reads them from there, so a stored run keeps the verdict of the rules it ran
under.
"""
