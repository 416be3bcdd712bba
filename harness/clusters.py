"""Which runs are copies of one scenario: the clusters that rate bounds count as independent.

Packages generated from one template stage the same situation with different names and dates,
and hand-written packages of one agent about one failure mode are variants of one scene; a model
that gets one wrong tends to get its siblings wrong too. Counting them as independent runs makes
every bound narrower than the data, so tables group runs by scenario first:

- a ``cluster`` label, when a package sets one, names its cluster outright;
- ``origin: generated:<template>`` clusters by template;
- ``origin: handwritten`` clusters by hand-written family: the ``family`` label when set, else
  the agent and the failure mode (``handwritten:vojan/premature_completion``);
- a package with neither label is its own cluster.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

LABEL = "label_"


def cluster_of(package_id: str, agent: str | None, labels: Mapping[str, str]) -> str:
    """The cluster id of one package, by the rules above (``cluster_ids`` does a whole table)."""
    if labels.get("cluster") is not None:
        return f"cluster:{labels['cluster']}"
    origin = labels.get("origin")
    if origin is not None and origin.startswith("generated:"):
        return "template:" + origin.removeprefix("generated:")
    if origin == "handwritten":
        family = labels.get("family") or f"{agent or ''}/{labels.get('failure_mode') or ''}"
        return f"handwritten:{family}"
    return f"package:{package_id}"


def _label(wide: pd.DataFrame, name: str) -> pd.Series:
    import pandas as pd  # here, not at the top: replay's case selection needs only cluster_of

    column = f"{LABEL}{name}"
    if column in wide.columns:
        return wide[column].astype("string")
    return pd.Series(pd.NA, index=wide.index, dtype="string")


def cluster_ids(wide: pd.DataFrame) -> pd.Series:
    """One cluster id per row of a run table (``package``, ``agent`` and ``label_*`` columns)."""
    package = wide["package"].astype("string")
    origin = _label(wide, "origin")
    agent = wide["agent"].astype("string") if "agent" in wide.columns else package
    family = _label(wide, "family").fillna(
        agent.fillna("") + "/" + _label(wide, "failure_mode").fillna("")
    )
    generated = origin.str.startswith("generated:").fillna(False).astype(bool)
    handwritten = origin.eq("handwritten").fillna(False).astype(bool)
    ids = ("package:" + package).where(
        ~generated, "template:" + origin.str.removeprefix("generated:")
    )
    ids = ids.where(~handwritten, "handwritten:" + family)
    explicit = _label(wide, "cluster")
    ids = ("cluster:" + explicit).where(explicit.notna(), ids)
    return ids.astype(str)
