"""What the two scenario file formats share: the JSON file and the scenario archive.

Reading, both check the top-level fields into an empty scenario
(:func:`settings_scenario`), give it its checked steps (:func:`adopt`) and
check that its replay stays finite (:func:`checked_finite`); writing, both
start from the same head (:func:`head_of`) and hold a step's texts in the
same lists (:func:`row_columns`). The JSON file is read and written by
:mod:`linviz.model.scenario_file`, the archive by
:mod:`linviz.model.scenario_archive`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.caption_fields import check_written_for
from linviz.model.column_checks import ColumnReader
from linviz.model.column_layout import LAYOUT_COLUMNS, LAYOUT_STEPS, LAYOUTS
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term, shown
from linviz.model.field_checks import check_text
from linviz.model.replay import Trace
from linviz.model.rules import RULE_PARAMETERS, Rule
from linviz.model.scenario import Scenario
from linviz.model.step_reader import StepReader, check_keys
from linviz.model.texts import as_json, variants

FORMAT = "linviz-scenario"
VERSION = 1

TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "layout",
        "title",
        "caption",
        "caption_for",
        "d_k",
        "d_v",
        "feature_map",
        "normalize",
        "rule",
        "steps",
    }
)
REQUIRED_TOP = ("format", "version", "d_k", "d_v", "steps")
#: Top-level fields the checking of a step depends on.
STEP_SETTINGS = frozenset({"d_k", "d_v", "rule"})


def parse_rule(raw: Any) -> Rule:
    """The checked :class:`Rule` of a file's ``rule`` object."""
    if not isinstance(raw, dict):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", 'rule must be an object like {{"name": "additive"}}'
            ),
            field="rule",
        )
    if "name" not in raw:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "rule needs a 'name'"), field="rule.name"
        )
    name = raw["name"]
    if not isinstance(name, str) or name not in RULE_PARAMETERS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown rule {name}; expected one of {allowed}"),
            name=shown(name),
            allowed=", ".join(RULE_PARAMETERS),
            field="rule.name",
        )
    allowed = {"name", *RULE_PARAMETERS[name]}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "the {rule} rule takes no {parameter}"),
            rule=name,
            parameter=shown(unknown[0]),
            field=f"rule.{unknown[0]}",
        )
    return Rule(name, raw.get("alpha"), raw.get("beta"))


def settings_scenario(header: dict[str, Any], steps: Any, step_count: int) -> Scenario:
    """An empty scenario with the file's settings, checked in the order messages promise.

    ``header`` holds every top-level field but the steps; ``steps`` is the
    steps' value when it is not a list (``[]`` stands for a list of
    ``step_count`` steps, ``None`` for no steps at all).
    """
    if header.get("format") != FORMAT:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "format must be {format!r}, got {got}"),
            format=FORMAT,
            got=shown(header.get("format")),
            field="format",
        )
    version = header.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "version must be {version}, got {got}"),
            version=VERSION,
            got=shown(version),
            field="version",
        )
    layout = header.get("layout", LAYOUT_STEPS)
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "layout must be {steps!r} or {columns!r}, got {got}"
            ),
            steps=LAYOUT_STEPS,
            columns=LAYOUT_COLUMNS,
            got=shown(layout),
            field="layout",
        )
    check_keys(header, TOP_KEYS, Term(QT_TRANSLATE_NOOP("ScenarioError", "the scenario")))
    for required in REQUIRED_TOP:
        if required not in header and not (required == "steps" and steps is not None):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "missing {name!r}"),
                name=Term(required),
                field=required,
            )
    rule = parse_rule(header.get("rule", {"name": "additive"}))
    if layout == LAYOUT_COLUMNS and not isinstance(steps, dict):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "in the columns layout, steps must be an object of columns"
            ),
            field="steps",
        )
    if layout == LAYOUT_STEPS and not isinstance(steps, list):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "steps must be a list"), field="steps"
        )
    if step_count > limits.MAX_STEPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{count:,} steps; at most {limit:,} allowed"),
            count=step_count,
            limit=limits.MAX_STEPS,
            field="steps",
        )
    scenario = Scenario(
        header["d_k"],
        header["d_v"],
        feature_map=header.get("feature_map", "identity"),
        normalize=header.get("normalize", False),
        rule=rule,
        title=check_text(
            header.get("title", "Untitled"), "title", limits.MAX_TEXT_CHARS, languages=True
        ),
    )
    # Its live fields may quote steps: checked once they are read (_adopt).
    scenario.caption = check_text(
        header.get("caption", ""), "caption", limits.MAX_TEXT_CHARS, languages=True
    )
    scenario.layout = layout
    return scenario


def adopt(scenario: Scenario, reader: StepReader | ColumnReader, header: dict[str, Any]) -> None:
    """Give the settings scenario its steps, then what needs them: the own caption's
    labels and the digests of captions kept as written for an earlier version.
    """
    scenario.adopt_columns(reader.finish())
    if any("{" in text or "}" in text for text in variants(scenario.caption)):
        scenario.caption = scenario.check_scenario_caption(scenario.caption)
    written_for = dict(reader.written_for)
    if "caption_for" in header:
        written_for[""] = check_written_for(header["caption_for"])
    scenario.caption_written_for = written_for
    scenario.text_written_for = dict(reader.texts_written_for)


def checked_finite(scenario: Scenario, name: str) -> Scenario:
    """``scenario`` once its replay is known to stay finite."""
    try:
        trace = Trace(scenario)
        trace.check_finite()
        trace.close()
    except ScenarioError as error:
        raise error.located(file=name) from None
    return scenario


def head_of(scenario: Scenario, layout: str = LAYOUT_STEPS) -> dict[str, Any]:
    """The top-level fields a file of ``scenario`` holds, all but its steps."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        **({"layout": layout} if layout != LAYOUT_STEPS else {}),
        "title": as_json(scenario.title),
        "d_k": scenario.d_k,
        "d_v": scenario.d_v,
        "feature_map": scenario.feature_map,
        "normalize": scenario.normalize,
        "rule": scenario.rule.to_dict(),
    }
    if scenario.caption:
        document["caption"] = as_json(scenario.caption)
        if "" in scenario.caption_written_for:
            document["caption_for"] = scenario.caption_written_for[""]
    return document


def row_columns(scenario: Scenario, parameters: bool = True) -> dict[str, list[Any]]:
    """The lists of one item per step a columnar file holds, those some step uses.

    ``labels`` always; ``targets``, ``alpha`` and ``beta`` (with
    ``parameters``), ``captions``, ``notes``, ``questions`` and the digests
    of texts kept as written for an earlier version (``caption_for``,
    ``notes_for``, ``questions_for``) when some step has one. ``None`` (or
    ``""`` for a text) where a step has none.
    """
    labels, targets, captions = scenario.text_columns()
    notes, questions = scenario.teaching_columns()
    written_for = scenario.caption_written_for
    columns: dict[str, list[Any]] = {"labels": labels}
    # Scans of a million steps: list.count and a test of the (mostly empty) dicts
    # first, not a Python loop per step (0.26 of the 0.28 s of a recovery write).
    if targets.count(None) != len(targets):
        columns["targets"] = targets
    if parameters:
        for name, column in zip(("alpha", "beta"), scenario.parameter_overrides()):
            if not np.isnan(column).all():  # some step has its own
                columns[name] = [x if x == x else None for x in column.tolist()]
    for name, texts in (("captions", captions), ("notes", notes), ("questions", questions)):
        if any(texts):
            columns[name] = [as_json(text) if text else "" for text in texts]
    if written_for and any(
        label in written_for for label, caption in zip(labels, captions) if caption
    ):
        columns["caption_for"] = [
            written_for.get(label) if caption else None for label, caption in zip(labels, captions)
        ]
    texts_for = scenario.text_written_for
    for name, kind, texts in (
        ("notes_for", "notes", notes),
        ("questions_for", "question", questions),
    ):
        if texts_for and any(
            (label, kind) in texts_for for label, text in zip(labels, texts) if text
        ):
            columns[name] = [
                texts_for.get((label, kind)) if text else None for label, text in zip(labels, texts)
            ]
    return columns
