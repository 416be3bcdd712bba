"""The deterministic reference runner: the embedded default and the baseline every model must beat.

One module per stage over a shared evidence view (``evidence``) and shared settledness rules
(``judge``); ``runner`` turns a stage outcome into an envelope and a trace.
"""

from harness.runners.reference.profile import PROFILES, Profile, ProfileName
from harness.runners.reference.runner import ReferenceRunner

__all__ = ["PROFILES", "Profile", "ProfileName", "ReferenceRunner"]
