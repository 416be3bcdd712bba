"""pytest plugin for shadow case suites (entry point ``pytest11: shadow``).

It must change nothing for a test run that has no shadow suites: it only recognises YAML/TOML files
whose header key ``shadow-suite`` is present.
"""
