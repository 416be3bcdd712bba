"""Cassettes: recorded model-server exchanges replayed over HTTP, so pi and the openai runner run
in CI with no model and no network. ``keys`` normalises and hashes a request, ``store`` reads and
writes the files, ``record`` is the recording proxy, ``replay`` the replaying server, ``scripted``
turns hand-written YAML scripts into replies."""
