"""What each edit tells the trace, and that the scenario's own storage follows every edit.

The trace keeps every state an edit did not touch, so a wrong notice (a
first step too late, a write change reported as none) shows up as a stale
state. The expected states come from tests/reference.py.
"""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model.errors import ScenarioError
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Edit, Scenario, read, write
from linviz.model.scenario_file import dumps_scenario
from tests.reference import replay


def scenario(**settings):
    return Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "w1"),
            write([0, 1], [5, 1], "w2"),
            read([1, 1], "r1"),
            write([1, 0], [9, 9], "w3"),
            read([1, 0], "r2", target="w3"),
        ],
        **settings,
    )


def edits_of(sc, action):
    seen = []
    sc.subscribe(seen.append)
    action(sc)
    sc.unsubscribe(seen.append)
    return seen


def assert_trace_is_fresh(trace):
    states, _ = replay(json.loads(dumps_scenario(trace.scenario)))
    for number in range(len(states)):
        np.testing.assert_allclose(trace.state(number), states[number], rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(
    "action, edit",
    [
        (lambda sc: sc.replace_step(2, write([0, 1], [5, 2], "w2")), Edit(2, 2, True)),
        (lambda sc: sc.replace_step(2, write([0, 2], [5, 1], "w2")), Edit(2, 2, True)),
        (lambda sc: sc.replace_step(2, read([0, 1], "w2")), Edit(2, 2, True)),
        (lambda sc: sc.replace_step(3, write([1, 1], [0, 0], "r1")), Edit(3, 3, True)),
        (lambda sc: sc.replace_step(2, write([0, 1], [5, 1], "renamed")), Edit(2, 2, False)),
        (
            lambda sc: sc.replace_step(2, write([0, 1], [5, 1], "w2", caption="c")),
            Edit(2, 2, False),
        ),
        (lambda sc: sc.replace_step(3, read([0, 1], "r1")), Edit(3, 3, False)),
        (lambda sc: sc.replace_step(5, read([1, 0], "r2")), Edit(5, 5, False)),
        (lambda sc: sc.insert_step(3, read([1, 0], "new")), Edit(3)),
        (lambda sc: sc.remove_step(2), Edit(2)),
        (lambda sc: sc.move_step(4, 2), Edit(2)),
        (lambda sc: sc.move_step(1, 3), Edit(1)),
        (lambda sc: sc.set_text(title="t"), Edit(6, None, False)),
        (lambda sc: sc.configure(feature_map="relu"), Edit(1)),
        (lambda sc: sc.resize(3, 2), Edit(1)),
        (lambda sc: sc.replace_all(Scenario(1, 1)), Edit(1)),
    ],
)
@pytest.mark.parametrize("every", [1, 2])
def test_each_edit_says_which_steps_it_touched(action, edit, every):
    sc = scenario()
    trace = Trace(sc, checkpoint_every=every)
    trace.state(len(sc))
    assert edits_of(sc, action) == [edit]
    assert_trace_is_fresh(trace)


@pytest.mark.parametrize(
    "rule, changes",
    [
        (Rule("gated", alpha=0.9), {"alpha": 0.5}),
        (Rule("delta", beta=1.0), {"beta": 0.25}),
        (Rule("gated_delta", alpha=0.9, beta=1.0), {"alpha": 0.5, "beta": 0.25}),
    ],
    ids=lambda x: getattr(x, "name", str(x)),
)
def test_a_write_given_its_own_alpha_or_beta_is_replayed_with_it(rule, changes):
    sc = scenario(rule=rule)
    trace = Trace(sc, checkpoint_every=2)
    trace.state(len(sc))
    old = sc.step(2)
    assert edits_of(sc, lambda s: s.replace_step(2, old.with_changes(**changes))) == [
        Edit(2, 2, True)
    ]
    assert_trace_is_fresh(trace)
    for name in changes:  # and back to the rule's own
        sc.replace_step(2, sc.step(2).with_changes(**{name: None}))
        assert_trace_is_fresh(trace)


def test_a_copy_is_equal_and_independent():
    sc = scenario(rule=Rule("gated", alpha=0.5), title="T", caption="C")
    twin = sc.copy()
    assert twin == sc and twin.settings() == sc.settings()
    seen = []
    sc.subscribe(seen.append)
    twin.replace_step(1, write([1, 0], [0, 0], "w1"))
    twin.insert_step(6, read([0, 1], "r3"))
    assert seen == []  # observers are not copied
    assert sc.step(1).value.tolist() == [2, 3] and len(sc) == 5
    assert twin != sc
    assert not (twin == "a scenario")


@pytest.mark.parametrize(
    "change",
    [
        lambda sc: sc.set_text(title="other"),
        lambda sc: sc.set_text(caption="other"),
        lambda sc: sc.configure(feature_map="relu"),
        lambda sc: sc.configure(rule=Rule("gated", alpha=0.5)),
        lambda sc: sc.resize(2, 3),
        lambda sc: sc.replace_step(1, write([1, 0], [2, 3], "w1", caption="x")),
        lambda sc: sc.replace_step(1, write([1, 0], [2, 3], "w0")),
        lambda sc: sc.replace_step(1, write([1, 0], [2, 4], "w1")),
        lambda sc: sc.replace_step(1, write([1, 1], [2, 3], "w1")),
        lambda sc: sc.replace_step(3, read([1, 1], "r1", target="w2")),
        lambda sc: sc.replace_step(2, read([0, 1], "w2")),
        lambda sc: sc.remove_step(5),
    ],
)
def test_scenarios_differing_in_one_thing_are_not_equal(change):
    sc = scenario()
    change(sc)
    assert sc != scenario()


def test_per_write_parameters_take_part_in_equality():
    base = Scenario(1, 1, [write([1], [1], "w")], rule=Rule("gated_delta", alpha=0.5, beta=0.5))
    for changes in ({"alpha": 0.25}, {"beta": 0.25}):
        other = base.copy()
        other.replace_step(1, other.step(1).with_changes(**changes))
        assert other != base
        other.replace_step(1, other.step(1).with_changes(alpha=None, beta=None))
        assert other == base


def test_steps_compare_by_every_field():
    step = write([1, 0], [2, 3], "w", caption="c", alpha=0.5)
    assert step == write([1.0, 0.0], [2.0, 3.0], "w", caption="c", alpha=0.5)
    for other in (
        write([1, 0], [2, 4], "w", caption="c", alpha=0.5),
        write([1, 1], [2, 3], "w", caption="c", alpha=0.5),
        write([1, 0], [2, 3], "v", caption="c", alpha=0.5),
        write([1, 0], [2, 3], "w", caption="d", alpha=0.5),
        write([1, 0], [2, 3], "w", caption="c", alpha=0.6),
        write([1, 0], [2, 3], "w", caption="c", alpha=0.5, beta=0.5),
        read([1, 0], "w", caption="c", alpha=0.5),
    ):
        assert step != other and other != step
    assert read([1, 0], "r", target="w") != read([1, 0], "r")
    assert read([1, 0], "r") == read([1, 0], "r")
    assert step != "w"
    assert (step.vector_name, read([1], "r").vector_name) == ("key", "query")


def test_resizing_pads_with_zeros_and_cuts_from_the_end():
    sc = scenario()
    sc.resize(3, 1)
    assert sc.step(1).vector.tolist() == [1, 0, 0] and sc.step(1).value.tolist() == [2]
    assert sc.step(3).vector.tolist() == [1, 1, 0] and sc.step(3).value is None
    np.testing.assert_array_equal(Trace(sc).state(5), [[11], [5], [0]])
    assert sc.key_norms().tolist() == pytest.approx([1, 1, 2**0.5, 1, 1])
    assert sc.value_sizes().tolist() == [2, 5, 0, 9, 0]


def test_a_long_scenario_grows_its_columns_and_keeps_every_step():
    sc = Scenario(2, 2)
    for i in range(40):  # far past the first capacity of 8
        sc.insert_step(1, write([i, 1], [1, -i], f"w{i}", alpha=None))
    sc.insert_step(41, read([0, 1], "r"))
    assert len(sc) == 41 and sc.labels()[:2] == ["w39", "w38"]
    assert sc.step(40).vector.tolist() == [0, 1] and sc.step(1).value.tolist() == [1, -39]
    assert sc.number_of("w0") == 40 and sc.has_label("r") and not sc.has_label("w40")
    alphas, betas = sc.write_parameters()
    assert alphas.tolist() == betas.tolist() == [1.0] * 41
    # Σ kᵢvᵢᵀ with kᵢ = (i, 1), vᵢ = (1, −i): Σi = 780, Σi² = 20540, 40 writes.
    np.testing.assert_array_equal(Trace(sc).state(41), [[780, -20540], [40, -780]])
    for _ in range(39):
        sc.remove_step(1)
    assert sc.labels() == ["w0", "r"] and sc.number_of("r") == 2
    assert sc.key_norms().tolist() == [1, 1] and sc.value_sizes().tolist() == [1, 0]
    gated = Scenario(1, 1, rule=Rule("gated", alpha=0.5))
    for i in range(12):
        gated.insert_step(i + 1, write([1], [1], f"g{i}", alpha=0.25 if i == 11 else None))
    assert gated.write_parameters()[0].tolist() == [0.5] * 11 + [0.25]
    assert gated.step(12).alpha == 0.25 and gated.step(11).alpha is None


def test_a_delta_write_that_replaces_an_association_is_recounted_after_edits():
    # Delta, β = 1: w2 removes what key 1 holds, then stores its own value, so
    # the cell holds one association whatever w1 stored; with β = ½ it blends two.
    sc = Scenario(
        1, 1, [write([1], [1], "w1"), read([1], "r"), write([1], [1], "w2"), read([1], "s")]
    )
    sc.configure(rule=Rule("delta", beta=1.0))
    trace = Trace(sc, checkpoint_every=2)
    assert trace.writer_counts(4).tolist() == [[1]]
    sc.replace_step(1, write([1], [2], "w1"))
    assert trace.writer_counts(4).tolist() == [[1]]
    sc.replace_step(3, write([1], [1], "w2", beta=0.5))
    assert trace.writer_counts(4).tolist() == [[2]]
    sc.replace_step(3, write([1], [1], "w2"))
    assert trace.writer_counts(4).tolist() == [[1]]


@pytest.mark.parametrize(
    "rule, first_term",
    [
        (Rule(), [1, 2, 3]),
        (Rule("delta", beta=0.5), [0.5, 1, 1.5]),  # β (v − 0)
        (Rule("gated", alpha=0.5), [1, 2, 3]),
        (Rule("gated_delta", 0.5, 0.5), [0.5, 1, 1.5]),
    ],
    ids=lambda x: getattr(x, "name", ""),
)
def test_before_any_write_the_memory_decomposes_into_no_terms(rule, first_term):
    sc = Scenario(2, 3, [read([1, 0], "r"), write([1, 0], [1, 2, 3], "w")], rule=rule)
    trace = Trace(sc, checkpoint_every=1)
    for t in (0, 1):
        parts = trace.decomposition(t)
        assert len(parts) == 0
        assert parts.phi_keys.shape == (0, 2) and parts.effective_values.shape == (0, 3)
        assert parts.value_sizes().shape == (0,) and parts.cell_amounts(0, 0).shape == (0,)
    assert trace.decomposition(2).effective_values.tolist() == [first_term]


def test_a_step_is_kept_until_its_row_changes():
    sc = Scenario(
        2, 2, [write([1, 0], [1, 2], "w1"), write([0, 1], [3, 4], "w2"), read([1, 0], "r1")]
    )
    first = sc.step(1)
    assert sc.step(1) is first  # asked again: the same immutable step
    sc.replace_step(1, first.with_changes(vector=np.array([0.5, 0.5])))
    assert sc.step(1).vector.tolist() == [0.5, 0.5] and first.vector.tolist() == [1, 0]
    sc.insert_step(1, write([1, 1], [0, 0], "w0"))
    assert [sc.step(n).label for n in (1, 2, 3, 4)] == ["w0", "w1", "w2", "r1"]
    sc.move_step(1, 3)
    assert [sc.step(n).label for n in (1, 2, 3, 4)] == ["w1", "w2", "w0", "r1"]
    sc.remove_step(2)
    assert [sc.step(n).label for n in (1, 2, 3)] == ["w1", "w0", "r1"]
    sc.resize(3, 2)
    assert sc.step(1).vector.tolist() == [0.5, 0.5, 0.0]
    with pytest.raises(ValueError):
        sc.step(1).vector[0] = 9.0  # shared, so read-only


@pytest.mark.parametrize("rule", [Rule("additive"), Rule("gated", alpha=0.8)], ids=str)
def test_an_edit_replays_its_own_segment_and_adds_the_later_ones(rule, monkeypatch):
    """Opening keeps no segment sums; after an edit of step 1 of a 12-step trace
    cut every 4 steps, the last state costs one segment's replay, not three."""
    sc = Scenario(2, 2, [write([1, i % 3], [i, 1], f"w{i}") for i in range(1, 13)], rule=rule)
    trace = Trace(sc, checkpoint_every=4)
    trace.state(12)
    assert trace._sums == {}  # nothing computed for an edit that may never come
    replayed: list[int] = []
    advance = Trace._advance
    monkeypatch.setattr(
        Trace,
        "_advance",
        lambda self, state, normaliser, start, stop: (
            replayed.append(start) or advance(self, state, normaliser, start, stop)
        ),
    )
    for value in ([7, 7], [-2, 5]):  # a drag: the same step edited again and again
        sc.replace_step(1, write([1, 1], value, "w1"))
        replayed.clear()
        trace.state(12)
        assert replayed == [0]
        assert_trace_is_fresh(trace)


@pytest.mark.parametrize("rule", [Rule("additive"), Rule("gated", alpha=0.8)], ids=str)
def test_a_drag_before_the_cursors_segment_keeps_that_segments_sum(rule, monkeypatch):
    """With the cursor inside the last segment, a drag of step 1 replays segment 0
    and adds the cursor's part of its own segment as kept: its writes are not
    gathered again. An edit inside that part, or an insert before it, drops it."""
    steps = [write([1, i % 3], [i, 1], f"w{i}") for i in range(1, 12)]
    sc = Scenario(2, 2, steps, rule=rule, normalize=rule.name == "additive")
    trace = Trace(sc, checkpoint_every=4)
    trace.state(10)
    gathered: list[tuple[int, int]] = []
    writes = Trace._writes
    monkeypatch.setattr(
        Trace,
        "_writes",
        lambda self, start, stop: (
            (self is trace and gathered.append((start, stop))) or writes(self, start, stop)
        ),
    )

    def fresh(t):
        return Trace(sc.copy(), checkpoint_every=4).state_and_normaliser(t)

    def assert_as_fresh(t):
        state, z = trace.state_and_normaliser(t)
        expected_state, expected_z = fresh(t)
        np.testing.assert_allclose(state, expected_state, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(z, expected_z, rtol=1e-12, atol=1e-12)

    for value in ([7, 7], [-2, 5]):  # a drag
        sc.replace_step(1, write([1, 1], value, "w1"))
        gathered.clear()
        assert_as_fresh(10)
        assert (8, 10) not in gathered
    sc.replace_step(9, write([2, 1], [3, 3], "w9"))  # inside the kept part
    gathered.clear()
    assert_as_fresh(10)
    assert (8, 10) in gathered
    sc.replace_step(11, write([4, 1], [3, 3], "w11"))  # after it: still kept
    gathered.clear()
    assert_as_fresh(10)
    assert (8, 10) not in gathered
    sc.insert_step(2, write([0, 1], [1, 1], "new"))  # rows shift: steps 9, 10 are others
    assert_as_fresh(10)
    sc.configure(rule=Rule("gated", alpha=0.5), normalize=False)
    assert_as_fresh(10)


#: A component that is often exactly 0: which cells a write touches changes with it.
SPARSE = st.sampled_from([0.0, 0.0, 1.0, -2.0, 0.5])


@st.composite
def touch_edits(draw, size):
    """An edit of a 3×2 scenario of ``size`` steps: mostly a row replaced in place."""
    kind = draw(st.sampled_from(["drag", "drag", "replace", "kind", "insert", "remove"]))
    number = draw(st.integers(1, size))
    key = draw(st.lists(SPARSE, min_size=3, max_size=3))
    value = draw(st.lists(SPARSE, min_size=2, max_size=2))
    return kind, number, key, value


@settings(max_examples=60, deadline=None)
@given(
    rule=st.sampled_from([Rule("additive"), Rule("gated", alpha=0.5)]),
    feature=st.sampled_from(["identity", "relu"]),
    data=st.data(),
)
def test_writer_counts_stay_those_of_a_fresh_trace_through_any_edits(rule, feature, data):
    """Counts of a drag's frames are recounted from the edited rows alone
    (:meth:`Trace._recount_in_place`): after any run of edits, in place or not,
    every step's counts are those a fresh trace works out."""
    steps = [
        write(data.draw(st.lists(SPARSE, min_size=3, max_size=3)), [i % 2, 1.0], f"w{i}")
        if i % 4
        else read([1.0, 0.0, 0.0], f"r{i}")
        for i in range(11)
    ]
    sc = Scenario(3, 2, steps, rule=rule, feature_map=feature)
    trace = Trace(sc, checkpoint_every=3)
    trace.writer_counts(len(sc))
    inserted = 0
    for kind, number, key, value in data.draw(st.lists(touch_edits(len(sc) - 1), max_size=8)):
        number = min(number, len(sc))  # removals shorten the scenario
        label = sc.step(number).label
        if kind in ("replace", "drag") and sc.step(number).is_write:
            sc.replace_step(number, write(key, value, label))
            if kind == "drag":  # the same row again, as a drag's next frame
                check(trace, sc)
                sc.replace_step(number, write(key[::-1], value[::-1], label))
        elif kind == "kind":  # a write becomes a read, or a read a write, in place
            step = sc.step(number)
            changed = read(key, label) if step.is_write else write(key, value, label)
            try:
                sc.replace_step(number, changed)
            except ScenarioError:
                continue  # a read's target would be lost
        elif kind == "insert":
            inserted += 1
            sc.insert_step(number, write(key, value, f"n{inserted}"))
        elif kind == "remove" and len(sc) > 2:
            try:
                sc.remove_step(number)
            except ScenarioError:
                continue
        check(trace, sc)


def check(trace, sc):
    fresh = Trace(sc.copy(), checkpoint_every=3)
    for t in (len(sc), *range(len(sc) + 1)):
        assert trace.writer_counts(t).tolist() == fresh.writer_counts(t).tolist(), t


NUMBERS = st.floats(
    allow_nan=False, allow_infinity=False, min_value=-1.8e308, max_value=1.8e308
) | st.sampled_from([5e-324, -5e-324, -0.0, 1.7976931348623157e308, -1.7976931348623157e308])


@settings(max_examples=80, deadline=None)
@given(width=st.sampled_from([1, 2, 8, 16, 17, 64]), data=st.data())
def test_a_values_size_is_its_largest_component_in_absolute_terms_narrow_or_wide(width, data):
    # Narrow rows are measured a column at a time, wide ones along the row: same sizes.
    row = st.lists(NUMBERS, min_size=width, max_size=width)
    values = data.draw(st.lists(row, min_size=1, max_size=12))
    sc = Scenario(1, width)
    for i, value in enumerate(values):
        sc.insert_step(i + 1, write([1], value, f"w{i}"))
    sc.insert_step(len(values) + 1, read([1], "r"))
    expected = [max(abs(x) for x in value) for value in values] + [0.0]
    assert sc.value_sizes().tolist() == expected


def test_edits_in_place_keep_the_normaliser_of_every_later_step_exact():
    """A drag of one write rebuilds the later checkpoints from each segment's sums:
    of S, and under the normaliser of z too (z adds the mapped keys)."""
    steps = [write([1, i % 3], [i, 1], f"w{i}") for i in range(1, 13)]
    sc = Scenario(2, 2, steps, feature_map="elu+1", normalize=True)
    trace = Trace(sc, checkpoint_every=4)
    trace.state(12)
    for number, key in ((2, [3.0, -1.0]), (2, [0.5, 2.0]), (6, [-2.0, 4.0])):
        sc.replace_step(number, write(key, [number, 2], f"w{number}"))
        fresh = Trace(sc.copy())
        for t in (12, 5, 8, 9, 3, 12):
            state, z = trace.state_and_normaliser(t)
            expected_state, expected_z = fresh.state_and_normaliser(t)
            np.testing.assert_allclose(state, expected_state, rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(z, expected_z, rtol=1e-12, atol=1e-12)


def test_whether_some_step_has_a_caption_follows_every_edit():
    """The caption bar keeps rows for a caption only where some step has one."""
    from dataclasses import replace

    sc = Scenario(2, 2, [write([1, 0], [1, 1], "k1"), read([1, 0], "r1")])
    assert not sc.has_step_captions()
    sc.replace_step(2, replace(sc.step(2), caption="Reads k1."))
    assert sc.has_step_captions()
    twin = sc.copy()
    sc.remove_step(2)
    assert not sc.has_step_captions() and twin.has_step_captions()
    sc.insert_step(1, replace(write([0, 1], [2, 2], "k0"), caption="First."))
    assert sc.has_step_captions()
    sc.replace_step(1, replace(sc.step(1), caption=""))
    assert not sc.has_step_captions()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("rid"), st.integers(0, 9), st.booleans()), max_size=25))
def test_whether_some_step_has_a_caption_is_never_stale(edits):
    """Kept up to date edit by edit (no walk through every caption on a drag's
    frame): it always agrees with the captions themselves."""
    from dataclasses import replace

    sc = Scenario(2, 2, [write([1, 0], [1, 1], f"k{n}") for n in range(4)])
    for index, (kind, where, captioned) in enumerate(edits):
        count = len(sc)
        caption = f"step {where}" if captioned else ""
        if kind == "r" and count:
            number = where % count + 1
            sc.replace_step(number, replace(sc.step(number), caption=caption))
        elif kind == "i":
            label = f"n{index}"
            sc.insert_step(
                where % (count + 1) + 1, replace(write([0, 1], [2, 2], label), caption=caption)
            )
        elif kind == "d" and count > 1:
            sc.remove_step(where % count + 1)
        assert sc.has_step_captions() == any(sc.captions())
