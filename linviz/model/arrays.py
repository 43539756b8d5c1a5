"""Scenarios from arrays: your own vectors, or one head of a trained model.

Two layouts:

*pairs*
    ``keys`` ``[N, d_k]`` and ``values`` ``[N, d_v]`` are written in order,
    then every row of ``queries`` ``[M, d_k]`` is read.
*tokens*
    ``q``, ``k`` ``[T, d_k]`` and ``v`` ``[T, d_v]``: each token writes
    ``k_t → v_t`` and then reads with ``q_t``, as recurrent linear attention
    runs (flash-linear-attention's naive recurrences read after writing).

Per-token parameters (either layout, one per write): ``beta`` ``[T]`` is the
delta rule's writing strength; ``g`` ``[T]`` a log-decay (the state is
scaled by ``α = e^g`` before the write) or ``alpha`` ``[T]`` the decay
itself. ``beta`` alone gives the delta rule, ``g``/``alpha`` alone the gated
rule, both the gated delta rule; ``rule`` overrides that choice, and the
arrays it does not take are left out. A parameter that is the same at every
write becomes the rule's own; otherwise every write carries its own.

flash-linear-attention's layout, ``[B, T, H, d]`` (or ``[T, H, d]``) for
vectors and ``[B, T, H]`` (or ``[T, H]``) for ``beta``/``g``, is accepted
too: ``batch`` and ``head`` (array indices, from 0) pick one head. Its
kernels and naive recurrences multiply ``q`` by ``scale = d_k^-½``; linviz
reads ``y = qᵀS`` as the course writes it, so queries are taken as given
unless ``scale`` is set (``scale="fla"`` is ``d_k^-½``: the reads are then
the model's outputs ``o``). The state ``S`` does not depend on it.

Every array is checked before any arithmetic: its type, shape, finiteness,
lengths that agree and parameters in range; a refusal is one
:class:`~linviz.model.errors.ScenarioError` whose field is the array's name.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence

import numpy as np

from linviz.model import limits
from linviz.model.column_layout import layout_for_steps
from linviz.model.errors import QT_TRANSLATE_NOOP, Counted, Phrase, ScenarioError, Term, shown
from linviz.model.rules import RULE_NAMES, RULE_PARAMETERS, Rule
from linviz.model.scenario import READ, WRITE, Scenario, Step, StepColumns, check_text
from linviz.model.texts import Texts, counted

#: The arrays of each layout, and the per-write parameters both take.
PAIR_ARRAYS = ("keys", "values", "queries")
TOKEN_ARRAYS = ("q", "k", "v")
PARAMETER_ARRAYS = ("beta", "g", "alpha")
VECTOR_ARRAYS = PAIR_ARRAYS + TOKEN_ARRAYS
ARRAY_NAMES = VECTOR_ARRAYS + PARAMETER_ARRAYS
#: ``scale`` that stands for flash-linear-attention's default, ``d_k^-½``.
FLA_SCALE = "fla"

_PAIRS = Term(QT_TRANSLATE_NOOP("ScenarioError", "pairs"))
_TOKENS = Term(QT_TRANSLATE_NOOP("ScenarioError", "tokens"))


class ArrayScenario(Scenario):
    """A :class:`Scenario` built from arrays, which can save itself.

    Everything else is a scenario's: edit it, trace it, show it.
    """

    def save(self, path: str | os.PathLike[str]) -> str:
        """Write the scenario file ``linviz trace`` and the window open; return its path."""
        from linviz.model.scenario_file import save_scenario

        return str(save_scenario(self, path))


def shape_text(shape: Iterable[int]) -> str:
    """``(4096, 8, 128)`` as ``[4096, 8, 128]``, how the messages write a shape."""
    return "[" + ", ".join(str(n) for n in shape) + "]"


def as_numbers(raw: object, name: str) -> np.ndarray:
    """``raw`` as a float64 array of finite numbers (any shape), or a refusal naming ``name``.

    Takes numpy arrays, nested lists and anything with ``__array__``; a torch
    tensor (on any device, in any float type) is copied to the CPU first.
    """
    if hasattr(raw, "detach") and hasattr(raw, "cpu") and hasattr(raw, "float"):
        raw = raw.detach().cpu().float().numpy()  # a torch tensor (bfloat16 has no numpy type)
    try:
        array = np.asarray(raw)
    except (TypeError, ValueError, OverflowError):
        array = None
    if array is None or array.dtype.kind not in "fiu":
        kind = type(raw).__name__ if array is None else str(array.dtype)
        if isinstance(raw, (list, tuple)) and (array is None or array.dtype.kind == "O"):
            kind = "ragged or non-numeric lists"
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} holds {kind}; expected an array of real numbers (float or int)",
            ),
            name=name,
            kind=kind,
            field=name,
        )
    array = array.astype(np.float64, copy=False)
    finite = np.isfinite(array)
    if not finite.all():
        index = np.unravel_index(int(np.flatnonzero(~finite)[0]), array.shape)
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} holds {got} at index {index}; expected finite numbers"
            ),
            name=name,
            got=shown(float(array[index])),
            index=shape_text(int(i) for i in index),
            field=name,
        )
    return array


def shape_refusal(name: str, shape: Sequence[int], expected: str) -> ScenarioError:
    """The refusal of array ``name`` of ``shape`` where ``expected`` was wanted."""
    return ScenarioError.of(
        QT_TRANSLATE_NOOP("ScenarioError", "{name} has shape {shape}; expected {expected}"),
        name=name,
        shape=shape_text(shape),
        expected=expected,
        field=name,
    )


def _pick(
    array: np.ndarray,
    name: str,
    axis: int,
    count_noun: str,
    index: int | None,
    option: str,
    shape: Sequence[int],
) -> np.ndarray:
    """Index ``array`` along ``axis`` (a batch or a head), refusing an unusable choice.

    ``shape`` is the array's shape as given (messages quote it).
    """
    size = array.shape[axis]
    if index is None:
        if size != 1:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{name} holds {count} (shape {shape}): choose one with {option} "
                    "from 0 to {last}",
                ),
                name=name,
                count=Counted(size, count_noun),
                shape=shape_text(shape),
                option=option,
                last=size - 1,
                field=name,
            )
        index = 0
    if (
        isinstance(index, bool)
        or not isinstance(index, (int, np.integer))
        or not (0 <= index < size)
    ):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{option} must be from 0 to {last} ({name} holds {count}), got {got}",
            ),
            name=name,
            count=Counted(size, count_noun),
            option=option,
            last=size - 1,
            got=shown(index),
            field=option.strip("-="),
        )
    return np.take(array, int(index), axis=axis)


def select_head(array: np.ndarray, name: str, batch: int | None, head: int | None) -> np.ndarray:
    """One head of ``array``: vectors become ``[T, d]``, parameters ``[T]``.

    Vectors may be ``[T, d]``, ``[T, H, d]`` or ``[B, T, H, d]``; ``beta``,
    ``g`` and ``alpha`` ``[T]``, ``[T, H]`` or ``[B, T, H]``.
    """
    vector = name in VECTOR_ARRAYS
    rank = array.ndim - (1 if vector else 0)  # 1: [T], 2: [T, H], 3: [B, T, H]
    if rank not in (1, 2, 3):
        shapes = (
            ("[T, d]", "[T, H, d]", "[B, T, H, d]") if vector else ("[T]", "[T, H]", "[B, T, H]")
        )
        if name in PAIR_ARRAYS:
            shapes = ("[N, d]", "[N, H, d]", "[B, N, H, d]")
        one_of = QT_TRANSLATE_NOOP("ScenarioError", "{first}, {second} or {third}")
        expected = Phrase(one_of, first=shapes[0], second=shapes[1], third=shapes[2])
        raise shape_refusal(name, array.shape, expected)
    if rank == 1 and (batch is not None or head is not None):
        _refuse_selection(name, array.shape, "--batch" if batch is not None else "--head")
    given = array.shape
    if rank == 3:
        array = _pick(array, name, 0, "sequence", batch, "--batch", given)
    elif batch is not None:
        _refuse_selection(name, given, "--batch")
    if rank >= 2:
        array = _pick(array, name, 1, "head", head, "--head", given)
    return array


def _refuse_selection(name: str, shape: Sequence[int], option: str) -> None:
    raise ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "{option} picks from an axis {name} does not have (shape {shape})"
        ),
        option=option,
        name=name,
        shape=shape_text(shape),
        field=name,
    )


def _check_width(name: str, array: np.ndarray) -> None:
    width = array.shape[1]
    if not limits.MIN_DIM <= width <= limits.MAX_DIM:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} has rows of {count}; d_k and d_v may be {low} to {high}",
            ),
            name=name,
            count=Counted(width, "component"),
            low=limits.MIN_DIM,
            high=limits.MAX_DIM,
            field=name,
        )


def _same_length(name: str, array: np.ndarray, other: str, length: int, unit: str) -> None:
    if len(array) != length:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} has {count} but {other} has {length}: one per {unit}",
            ),
            name=name,
            count=Counted(len(array), "row"),
            other=other,
            length=Counted(length, "row"),
            unit=Term(unit),
            field=name,
        )


def _in_range(name: str, column: np.ndarray) -> np.ndarray:
    """``beta``/``alpha`` checked against the rule's range, or ``g`` turned into ``alpha``."""
    if name == "g":
        bad = np.flatnonzero(column > 0.0)
        if not bad.size:
            alpha = np.exp(column)
            bad = np.flatnonzero(alpha == 0.0)  # e^g below the smallest float
            if not bad.size:
                return alpha
        wanted = Term(
            QT_TRANSLATE_NOOP("ScenarioError", "a log-decay g ≤ 0 whose α = e^g is above 0")
        )
    elif name == "alpha":
        bad = np.flatnonzero((column <= 0.0) | (column > 1.0))
        wanted = Term(QT_TRANSLATE_NOOP("ScenarioError", "a number in (0, 1]"))
    else:
        bad = np.flatnonzero((column < 0.0) | (column > 1.0))
        wanted = Term(QT_TRANSLATE_NOOP("ScenarioError", "a number in [0, 1]"))
    if bad.size:
        first = int(bad[0])
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name}[{index}] is {got}; expected {range}"),
            name=name,
            index=first,
            got=shown(float(column[first])),
            range=wanted,
            field=name,
        )
    return column


def _rule_for(rule: str | Rule | None, given: Mapping[str, np.ndarray]) -> Rule:
    """The rule asked for, else the one the parameters given imply."""
    if isinstance(rule, Rule):
        return rule
    if rule is None:
        name = {
            (False, False): "additive",
            (True, False): "delta",
            (False, True): "gated",
            (True, True): "gated_delta",
        }["beta" in given, "alpha" in given]
    elif isinstance(rule, str) and rule in RULE_NAMES:
        name = rule
    else:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown rule {name}; expected one of {allowed}"),
            name=shown(rule),
            allowed=", ".join(RULE_NAMES),
            field="rule.name",
        )
    defaults = {}
    for parameter in RULE_PARAMETERS[name]:
        column = given.get(parameter)
        # The same value at every write is the rule's own; else each write has its own.
        if column is not None and len(column) and bool((column == column[0]).all()):
            defaults[parameter] = float(column[0])
        else:
            defaults[parameter] = 1.0
    return Rule(name, **defaults)


def _scale_of(scale: float | str | None, d_k: int) -> float:
    if scale is None:
        return 1.0
    if isinstance(scale, str) and scale.strip().lower() == FLA_SCALE:
        return 1.0 / math.sqrt(d_k)
    number = None
    if not isinstance(scale, bool):
        try:
            number = float(scale)
        except (TypeError, ValueError, OverflowError):
            number = None
    if number is None or not math.isfinite(number) or number <= 0.0:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "scale must be a number above 0 or 'fla' (d_k^-½, as the kernels use), got {got}",
            ),
            got=shown(scale),
            field="scale",
        )
    return number


def _labels(
    raw: Sequence[object] | None, writes: int, reads: int, tokens: bool
) -> tuple[list[str], list[str]]:
    """The write and read labels: given (made unique) or ``w1 …`` / ``r1 …``."""
    if raw is None:
        return [f"w{i}" for i in range(1, writes + 1)], [f"r{i}" for i in range(1, reads + 1)]
    if isinstance(raw, np.ndarray):
        raw = raw.tolist()
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "labels must be a list of text, got {kind}"),
            kind=type(raw).__name__,
            field="labels",
        )
    allowed = (writes,) if tokens else (writes, writes + reads)
    if len(raw) not in allowed:
        expected = (
            Counted(writes, "label")
            if tokens
            else f"{Counted(writes, 'label')} / {Counted(writes + reads, 'label')}"
        )
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "labels has {count}; expected {expected}, one per {unit}",
            ),
            count=Counted(len(raw), "entry"),
            expected=expected,
            unit=Term(
                QT_TRANSLATE_NOOP("ScenarioError", "token")
                if tokens
                else QT_TRANSLATE_NOOP("ScenarioError", "step")
            ),
            field="labels",
        )
    # Room for the "#123456?" a repeated token's labels get.
    texts = [
        check_text(label, "labels", limits.MAX_LABEL_CHARS - 8, allow_empty=False) for label in raw
    ]
    if tokens:
        # A token that occurs more than once is numbered by position (from 1).
        seen: dict[str, int] = {}
        for text in texts:
            seen[text] = seen.get(text, 0) + 1
        writes_ = [text if seen[text] == 1 else f"{text}#{t}" for t, text in enumerate(texts, 1)]
        return writes_, [f"{text}?" for text in writes_]
    reads_ = texts[writes:] if len(texts) > writes else [f"r{i}" for i in range(1, reads + 1)]
    return texts[:writes], reads_


def scenario_from_arrays(
    keys: object = None,
    values: object = None,
    queries: object = None,
    *,
    q: object = None,
    k: object = None,
    v: object = None,
    beta: object = None,
    g: object = None,
    alpha: object = None,
    rule: str | Rule | None = None,
    feature_map: str = "identity",
    normaliser: bool = False,
    labels: Sequence[str] | None = None,
    title: str | None = None,
    scale: float | str | None = None,
    batch: int | None = None,
    head: int | None = None,
) -> ArrayScenario:
    """A scenario whose steps are the rows of arrays (see the module's docstring).

    Parameters
    ----------
    keys, values, queries
        The pairs layout: ``[N, d_k]``, ``[N, d_v]`` written in order, then
        ``[M, d_k]`` read (``queries`` may be left out).
    q, k, v
        The tokens layout: ``[T, d_k]``, ``[T, d_k]``, ``[T, d_v]``; token
        ``t`` writes ``k_t → v_t``, then reads with ``q_t``.
    beta, g, alpha
        One per write: the writing strength in [0, 1], a log-decay ≤ 0
        (``α = e^g``), or the decay in (0, 1]; ``g`` and ``alpha`` exclude
        each other.
    rule
        A rule name or a :class:`~linviz.model.rules.Rule`; default: the
        one the parameters given imply.
    feature_map, normaliser
        The map φ applied to keys and queries, and whether reads are
        normalised (additive rule only).
    labels
        Tokens layout: one text per token (a repeated token gets ``#t``;
        its read is the label with ``?``). Pairs layout: one per write, or
        one per write then one per query.
    title
        Shown in the window's title (default: a description of the arrays).
    scale
        Multiplies every query: ``None`` (1), a number, or ``"fla"`` for
        ``d_k^-½`` (flash-linear-attention's default).
    batch, head
        Array indices (from 0) picking one head of arrays in
        flash-linear-attention's layout; needed when that axis has more than one.

    Returns
    -------
    ArrayScenario
        Saved one object per step, or in columns from 10,000 steps on
        (:data:`~linviz.model.column_layout.COLUMNS_FROM_STEPS`: such a file
        opens again in seconds).

    Raises
    ------
    ScenarioError
        Naming the array (its ``field``) and what was expected.
    """
    given_vectors = {
        name: raw
        for name, raw in zip(VECTOR_ARRAYS, (keys, values, queries, q, k, v))
        if raw is not None
    }
    pairs = [name for name in PAIR_ARRAYS if name in given_vectors]
    tokens = [name for name in TOKEN_ARRAYS if name in given_vectors]
    if pairs and tokens:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "give keys, values, queries (pairs) or q, k, v (tokens), not both: got {names}",
            ),
            names=", ".join(pairs + tokens),
            field=tokens[0],
        )
    token_layout = bool(tokens) or not pairs
    needed = ("q", "k", "v") if token_layout else ("keys", "values")
    for name in needed:
        if name not in given_vectors:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} is missing: the {layout} layout needs {needed}"
                ),
                name=name,
                layout=_TOKENS if token_layout else _PAIRS,
                needed=", ".join(needed),
                field=name,
            )
    arrays = {
        name: select_head(as_numbers(raw, name), name, batch, head)
        for name, raw in given_vectors.items()
    }
    for name, array in arrays.items():
        if array.ndim != 2:
            raise shape_refusal(name, array.shape, "[T, d]")
        _check_width(name, array)
    writes_key = arrays["k" if token_layout else "keys"]
    writes_value = arrays["v" if token_layout else "values"]
    reads_query = arrays.get("q" if token_layout else "queries")
    d_k, d_v = writes_key.shape[1], writes_value.shape[1]
    count = len(writes_key)
    unit = "token" if token_layout else "write"
    key_name = "k" if token_layout else "keys"
    _same_length("v" if token_layout else "values", writes_value, key_name, count, unit)
    if reads_query is not None:
        query_name = "q" if token_layout else "queries"
        if token_layout:
            _same_length(query_name, reads_query, key_name, count, unit)
        if reads_query.shape[1] != d_k:
            raise shape_refusal(
                query_name,
                reads_query.shape,
                Phrase(
                    QT_TRANSLATE_NOOP("ScenarioError", "{shape} (d_k = {d_k}, as {name} has)"),
                    shape=shape_text((len(reads_query), d_k)),
                    d_k=d_k,
                    name=key_name,
                ),
            )
    # Per-write parameters.
    if g is not None and alpha is not None:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "give g (a log-decay) or alpha (the decay), not both"
            ),
            field="alpha",
        )
    parameters: dict[str, np.ndarray] = {}
    for name, raw in (("beta", beta), ("g", g), ("alpha", alpha)):
        if raw is None:
            continue
        column = select_head(as_numbers(raw, name), name, batch, head)
        if column.ndim != 1:
            per = (
                QT_TRANSLATE_NOOP("ScenarioError", "[{count}]: one number per token")
                if token_layout
                else QT_TRANSLATE_NOOP("ScenarioError", "[{count}]: one number per write")
            )
            raise shape_refusal(name, column.shape, Phrase(per, count=count))
        _same_length(name, column, key_name, count, unit)
        parameters["alpha" if name == "g" else name] = _in_range(name, column)
    chosen = _rule_for(rule, parameters)
    factor = _scale_of(scale, d_k)
    reads = 0 if reads_query is None else len(reads_query)
    total = count + reads
    if total > limits.MAX_STEPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{count:,} steps; at most {limit:,} allowed"),
            count=total,
            limit=limits.MAX_STEPS,
            field="steps",
        )
    write_labels, read_labels = _labels(labels, count, reads, token_layout)
    if title is None:  # in both of the course's languages, as the lessons' titles are
        layout = (
            counted(count, "token", "tokens")
            if token_layout
            else f"{counted(count, 'pair', 'pairs')}, {counted(reads, 'query', 'queries')}"
        )
        french = (
            counted(count, "jeton", "jetons")
            if token_layout
            else f"{counted(count, 'paire', 'paires')}, {counted(reads, 'requête', 'requêtes')}"
        )
        title = Texts(
            {
                "en": f"Arrays: {layout}, d_k = {d_k}, d_v = {d_v}",
                "fr": f"Tableaux\u202f: {french}, d_k = {d_k}, d_v = {d_v}",
            }
        )
    # Rows: tokens interleave (write t, read t); pairs write all, then read all.
    is_write = np.zeros(total, dtype=bool)
    if token_layout:
        write_rows, read_rows = np.arange(0, total, 2), np.arange(1, total, 2)
    else:
        write_rows, read_rows = np.arange(count), np.arange(count, total)
    is_write[write_rows] = True
    vectors = np.zeros((total, d_k))
    vectors[write_rows] = writes_key
    if reads_query is not None and reads:
        vectors[read_rows] = reads_query * factor
    values_column = np.zeros((total, d_v))
    values_column[write_rows] = writes_value
    overrides = {}
    for parameter in ("alpha", "beta"):
        column = np.full(total, np.nan)
        given = parameters.get(parameter)
        own = getattr(chosen, parameter)
        if given is not None and parameter in RULE_PARAMETERS[chosen.name]:
            if not bool((given == own).all()):
                column[write_rows] = given
        overrides[parameter] = column
    labels_column = [""] * total
    for row, label in zip(write_rows.tolist(), write_labels):
        labels_column[row] = label
    for row, label in zip(read_rows.tolist(), read_labels):
        labels_column[row] = label
    if not all(label.isascii() for label in labels_column):
        # Labels of other scripts go through the scenario's own checks, step by
        # step (their normal form, invisible characters): slower, and as a file's are.
        scenario = ArrayScenario(
            d_k,
            d_v,
            _steps(is_write, vectors, values_column, overrides, labels_column),
            title=title,
            feature_map=feature_map,
            normalize=normaliser,
            rule=chosen,
        )
        _check_finite(scenario)
        scenario.layout = layout_for_steps(total)
        return scenario
    scenario = ArrayScenario(
        d_k, d_v, title=title, feature_map=feature_map, normalize=normaliser, rule=chosen
    )
    by_label: dict[str, int] = {}
    for row, label in enumerate(labels_column):
        if label in by_label:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "label {label!r} is already used by another step"
                ),
                label=label,
                step=row + 1,
                field="labels",
            )
        by_label[label] = row
    scenario.adopt_columns(
        StepColumns(
            is_write=is_write,
            vectors=vectors,
            values=values_column,
            alpha=overrides["alpha"],
            beta=overrides["beta"],
            labels=labels_column,
            targets=[None] * total,
            captions=[""] * total,
            by_label=by_label,
        )
    )
    _check_finite(scenario)
    scenario.layout = layout_for_steps(total)
    return scenario


def _steps(
    is_write: np.ndarray,
    vectors: np.ndarray,
    values: np.ndarray,
    overrides: dict[str, np.ndarray],
    labels: list[str],
) -> Iterator[Step]:
    """The rows as :class:`Step` objects (read-only rows: the scenario copies them once)."""
    vectors.flags.writeable = values.flags.writeable = False
    alphas, betas = overrides["alpha"].tolist(), overrides["beta"].tolist()
    for row, writes in enumerate(is_write.tolist()):
        if writes:
            alpha, beta = alphas[row], betas[row]
            yield Step(
                WRITE,
                vectors[row],
                values[row],
                labels[row],
                alpha=None if alpha != alpha else alpha,  # NaN: none of its own
                beta=None if beta != beta else beta,
            )
        else:
            yield Step(READ, vectors[row], None, labels[row])


def _check_finite(scenario: Scenario) -> None:
    """Refuse arrays whose replay overflows, as a scenario file's is refused."""
    from linviz.model.replay import Trace

    trace = Trace(scenario)
    try:
        trace.check_finite()
    finally:
        trace.close()
