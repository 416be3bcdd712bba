"""docs/format.md cannot drift from the models: its field tables are what the models generate
today, every field has a description (so `shadow schema` documents itself), and every example
block loads through the model of its format."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from harness.cli.schema_cmd import write_schemas
from harness.invocation import _result_schema as build_invocation_schema
from harness.package_checks import check_package
from harness.policy import load_policy
from harness.rundir import RunMeta
from harness.schema import CONTRACTS, Package, RecordedOutput, RunRecord, ScoreRecord, Stage
from harness.schema.reference import formats, render_doc, undocumented

DOC = Path(__file__).resolve().parent.parent / "docs" / "format.md"
EXAMPLE = re.compile(r"```(json|toml) format=([a-z-]+)\n(.*?)\n```", re.S)
MODELS: dict[str, type[BaseModel]] = {
    "package": Package,
    "recorded-output": RecordedOutput,
    "run-json": RunMeta,
    "results-line": RunRecord,
    "scores-line": ScoreRecord,
}


def test_field_tables_are_what_the_models_generate() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert render_doc(text) == text, "run: python -m harness.schema.reference docs/format.md"
    markers = re.findall(r"<!-- fields: ([a-z-]+) -->", text)
    assert sorted(markers) == sorted(formats())


def test_every_field_of_every_documented_model_has_a_description() -> None:
    assert undocumented() == []


def _properties_without_description(schema: dict[str, Any]) -> list[str]:
    missing = []
    for name, model in {"": schema, **schema.get("$defs", {})}.items():
        for field, spec in model.get("properties", {}).items():
            if not spec.get("description"):
                missing.append(f"{name or schema.get('title')}.{field}")
    return missing


def test_shadow_schema_carries_every_description(tmp_path: Path) -> None:
    missing = []
    for path in write_schemas(tmp_path):
        missing += _properties_without_description(json.loads(path.read_text()))
    assert missing == []


def _examples() -> list[tuple[str, str, str]]:
    return EXAMPLE.findall(DOC.read_text(encoding="utf-8"))


def test_each_user_format_has_an_example() -> None:
    assert sorted(name for _, name, _ in _examples()) == sorted([*MODELS, "policy"])


@pytest.mark.parametrize(("lang", "name", "body"), _examples(), ids=lambda v: str(v)[:20])
def test_example_loads_through_its_model(lang: str, name: str, body: str, tmp_path: Path) -> None:
    if name == "policy":
        path = tmp_path / "policy.toml"
        path.write_text(body)
        policy = load_policy(path)
        assert policy.current_phase(Stage.reconcile) == 1
        return
    model = MODELS[name].model_validate(json.loads(body))
    if isinstance(model, Package):
        assert check_package(model) == []  # the example breaks none of validate's rules


def _property_descriptions(schema: Any) -> list[str]:
    found = []
    if isinstance(schema, dict):
        for name, prop in (schema.get("properties") or {}).items():
            if isinstance(prop, dict) and "description" in prop:
                found.append(name)
        for value in schema.values():
            found += _property_descriptions(value)
    elif isinstance(schema, list):
        for value in schema:
            found += _property_descriptions(value)
    return found


def test_field_descriptions_stay_out_of_what_a_model_is_asked() -> None:
    # They document the format; in the prompt's result schema a reworded description would
    # change every model's input and miss every recorded cassette.
    for stage in Stage:
        assert _property_descriptions(CONTRACTS[stage].model_json_schema())
        assert _property_descriptions(build_invocation_schema(stage)) == []
