"""Read and write scenario files (JSON, ``"format": "linviz-scenario"``, version 1).

Every way a file can be wrong ends in one :class:`ScenarioError` that names
the file, the step (1-based) and the field.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from linviz.model import limits
from linviz.model.errors import ScenarioError
from linviz.model.replay import Trace
from linviz.model.rules import RULE_PARAMETERS, Rule
from linviz.model.scenario import READ, WRITE, Scenario, Step, check_text

_DIGEST = re.compile(r"[0-9a-f]{12}")

FORMAT = "linviz-scenario"
VERSION = 1

TOP_KEYS = {
    "format",
    "version",
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
REQUIRED_TOP = ("format", "version", "d_k", "d_v", "steps")
STEP_KEYS = {
    WRITE: {"op", "key", "value", "label", "caption", "caption_for", "alpha", "beta"},
    READ: {"op", "query", "label", "target", "caption", "caption_for"},
}
REQUIRED_STEP = {WRITE: ("key", "value"), READ: ("query",)}


def _refuse_constant(name: str) -> Any:
    raise ScenarioError(f"{name} is not a number JSON allows; write a finite number")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(f"the key {key!r} appears twice in one object", field=key)
        out[key] = value
    return out


def _nesting_depth(text: str) -> int:
    """Deepest bracket nesting outside strings (cheap, before parsing)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limits.MAX_JSON_DEPTH:
                return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(data: bytes) -> Any:
    """Decode ``data`` as a JSON document, refusing what a scenario never holds."""
    if not data.strip():
        raise ScenarioError("the file is empty; expected a JSON scenario")
    if b"\x00" in data:
        raise ScenarioError("this is a binary file, not a JSON scenario")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScenarioError(
            f"not UTF-8 text (byte {error.start + 1}); expected a JSON scenario"
        ) from None
    if _nesting_depth(text) > limits.MAX_JSON_DEPTH:
        raise ScenarioError(
            f"JSON nested deeper than {limits.MAX_JSON_DEPTH} levels; a scenario needs 4"
        )
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicate_keys
        )
    except json.JSONDecodeError as error:
        raise ScenarioError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ScenarioError("JSON nested too deeply") from None


def _check_keys(obj: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise ScenarioError(
            f"unknown key {unknown[0]!r} in {where}; allowed: {', '.join(sorted(allowed))}",
            field=unknown[0],
        )


def _parse_rule(raw: Any) -> Rule:
    if not isinstance(raw, dict):
        raise ScenarioError('rule must be an object like {"name": "additive"}', field="rule")
    if "name" not in raw:
        raise ScenarioError("rule needs a 'name'", field="rule.name")
    name = raw["name"]
    if name not in RULE_PARAMETERS:
        raise ScenarioError(
            f"unknown rule {name!r}; expected one of {', '.join(RULE_PARAMETERS)}",
            field="rule.name",
        )
    allowed = {"name", *RULE_PARAMETERS[name]}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ScenarioError(f"the {name} rule takes no {unknown[0]!r}", field=f"rule.{unknown[0]}")
    return Rule(name, raw.get("alpha"), raw.get("beta"))


def _parse_step(raw: Any, writes: int, reads: int) -> Step:
    if not isinstance(raw, dict):
        raise ScenarioError("a step must be an object with an 'op'")
    op = raw.get("op")
    if op not in STEP_KEYS:
        raise ScenarioError(f"unknown op {op!r}; expected 'write' or 'read'", field="op")
    _check_keys(raw, STEP_KEYS[op], f"a {op} step")
    for required in REQUIRED_STEP[op]:
        if required not in raw:
            raise ScenarioError(f"a {op} needs a {required!r}", field=required)
    label = raw.get("label", f"w{writes}" if op == WRITE else f"r{reads}")
    target = raw.get("target")
    if target is not None and not isinstance(target, str):
        raise ScenarioError(
            f"target must be the label of an earlier write, got {target!r}", field="target"
        )
    caption = check_text(raw.get("caption", ""), "caption", limits.MAX_TEXT_CHARS)
    vector = raw["key"] if op == WRITE else raw["query"]
    # Shapes and numbers are checked by Scenario.check_step; keep raw lists here.
    return Step(
        op,
        vector,
        raw.get("value"),
        label,
        target,
        caption,  # type: ignore[arg-type]
        raw.get("alpha"),
        raw.get("beta"),
    )


def _written_for(raw: Any) -> str:
    """A ``caption_for`` value: the short digest a stale caption keeps."""
    if not isinstance(raw, str) or not _DIGEST.fullmatch(raw):
        raise ScenarioError(
            f"caption_for must be 12 hexadecimal digits (written by linviz), got {raw!r}",
            field="caption_for",
        )
    return raw


def scenario_from_dict(document: Any) -> Scenario:
    """Build a checked :class:`Scenario` from a decoded JSON document."""
    if not isinstance(document, dict):
        raise ScenarioError("the file must hold one JSON object (a scenario)")
    if document.get("format") != FORMAT:
        raise ScenarioError(
            f"format must be {FORMAT!r}, got {document.get('format')!r}", field="format"
        )
    version = document.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise ScenarioError(f"version must be {VERSION}, got {version!r}", field="version")
    _check_keys(document, TOP_KEYS, "the scenario")
    for required in REQUIRED_TOP:
        if required not in document:
            raise ScenarioError(f"missing {required!r}", field=required)
    rule = _parse_rule(document.get("rule", {"name": "additive"}))
    raw_steps = document["steps"]
    if not isinstance(raw_steps, list):
        raise ScenarioError("steps must be a list", field="steps")
    if len(raw_steps) > limits.MAX_STEPS:
        raise ScenarioError(
            f"{len(raw_steps):,} steps; at most {limits.MAX_STEPS:,} allowed", field="steps"
        )
    steps = []
    written_for: dict[str, str] = {}
    writes = reads = 0
    for number, raw in enumerate(raw_steps, start=1):
        if isinstance(raw, dict):
            writes += raw.get("op") == WRITE
            reads += raw.get("op") == READ
        try:
            step = _parse_step(raw, writes, reads)
            if "caption_for" in raw:
                written_for[step.label] = _written_for(raw["caption_for"])
        except ScenarioError as error:
            raise error.located(step=number) from None
        steps.append(step)
    if "caption_for" in document:
        written_for[""] = _written_for(document["caption_for"])
    scenario = Scenario(
        document["d_k"],
        document["d_v"],
        steps,
        feature_map=document.get("feature_map", "identity"),
        normalize=document.get("normalize", False),
        rule=rule,
        title=document.get("title", "Untitled"),
        caption=document.get("caption", ""),
    )
    scenario.caption_written_for = written_for
    return scenario


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check the scenario file at ``path``; replay it once to be sure.

    Raises
    ------
    ScenarioError
        Naming the file, the step and the field of the first problem.
    """
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ScenarioError("no such file", file=name) from None
    except IsADirectoryError:
        raise ScenarioError("this is a folder, not a scenario file", file=name) from None
    except OSError as error:
        raise ScenarioError(f"cannot be read: {error.strerror}", file=name) from None
    return load_scenario_bytes(data, name)


def load_scenario_bytes(data: bytes, name: str) -> Scenario:
    """Like :func:`load_scenario` for bytes already read; ``name`` is used in errors."""
    try:
        scenario = scenario_from_dict(parse_json(data))
        trace = Trace(scenario)
        trace.check_finite()
        trace.close()
    except ScenarioError as error:
        raise error.located(file=name) from None
    return scenario


def _number(x: float) -> int | float:
    """Integral floats are written without ``.0`` so files stay readable."""
    return int(x) if x.is_integer() and abs(x) < 2**53 else x


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """The scenario as the JSON document :func:`save_scenario` writes."""
    steps = []
    for step in scenario.steps:
        item: dict[str, Any] = {"op": step.op}
        if step.is_write:
            item["key"] = [_number(float(x)) for x in step.vector]
            item["value"] = [_number(float(x)) for x in step.value]  # type: ignore[union-attr]
        else:
            item["query"] = [_number(float(x)) for x in step.vector]
        item["label"] = step.label
        for optional in ("target", "alpha", "beta"):
            if getattr(step, optional) is not None:
                item[optional] = getattr(step, optional)
        if step.caption:
            item["caption"] = step.caption
            if step.label in scenario.caption_written_for:
                item["caption_for"] = scenario.caption_written_for[step.label]
        steps.append(item)
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "title": scenario.title,
        "d_k": scenario.d_k,
        "d_v": scenario.d_v,
        "feature_map": scenario.feature_map,
        "normalize": scenario.normalize,
        "rule": scenario.rule.to_dict(),
    }
    if scenario.caption:
        document["caption"] = scenario.caption
        if "" in scenario.caption_written_for:
            document["caption_for"] = scenario.caption_written_for[""]
    document["steps"] = steps
    return document


def dumps_scenario(scenario: Scenario) -> str:
    """The file text: two-space indent, one step per line."""
    document = scenario_to_dict(scenario)
    steps = document.pop("steps")
    head = json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False)
    lines = ",\n".join("    " + json.dumps(s, ensure_ascii=False, allow_nan=False) for s in steps)
    body = f'  "steps": [\n{lines}\n  ]' if steps else '  "steps": []'
    return head[:-2] + ",\n" + body + "\n}\n"


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write ``scenario`` to ``path`` atomically (temporary file, then rename).

    A crash or a full disk leaves either the old file or the new one, never
    half of one.
    """
    path = Path(path)
    text = dumps_scenario(scenario)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
