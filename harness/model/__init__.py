"""A local model endpoint the project can start: llama-cpp-python's OpenAI-compatible server on a
GGUF file shipped in a PyPI package (the ``[model]`` extra), never downloaded at run time."""
