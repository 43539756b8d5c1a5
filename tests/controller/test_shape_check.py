"""Try a vector: the shape check's verdict, in the course's words, with nothing changed."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.controller.session import Session
from linviz.controller.shape_check import (
    EMPTY,
    NOT_A_NUMBER,
    NOT_FINITE,
    OVERFLOW,
    WRONG_LENGTH,
    try_vector,
)
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, parse_vector, split_vector, write


@pytest.fixture
def trace_session() -> Session:
    """The session-trace lesson (d_k = d_v = 2, identity map, no normaliser)."""
    session = Session()
    session.open("session-trace")
    return session


def _unchanged(session: Session, before: Scenario) -> None:
    assert session.scenario == before
    assert not session.undo_stack.can_undo()
    assert not session.is_modified


def test_the_courses_wrong_key_is_refused_naming_both_shapes(trace_session):
    before = trace_session.scenario.copy()
    check = try_vector(trace_session, "[1, 0, 2]", "key")
    assert not check.accepted
    assert check.problem == WRONG_LENGTH
    # CURRICULUM.md: "write k=[1,0,2]  refused: 3 components, S has d_k = 2 rows".
    assert check.message == (
        "key has 3 components but S has d_k = 2 rows: "
        "the stamp k vᵀ would be 3×2, S is 2×2. Give the key 2 components."
    )
    assert check.vector_shape == (3, 1)
    assert check.state_shape == (2, 2)
    assert check.product_shape == (3, 2)
    assert check.numbers == (1.0, 0.0, 2.0)
    assert check.stamp is None and check.read is None
    _unchanged(trace_session, before)


def test_the_refusal_is_the_table_of_steps_own_for_a_key_and_a_value(trace_session):
    """The same words as the model's refusal of the same edit in the table."""
    for role, text in (("key", "1 0 2"), ("value", "[1, 2, 3]"), ("key", "5")):
        with pytest.raises(ScenarioError) as refused:
            parse_vector([float(t) for t in split_vector(text)], role, 2, 2)
        assert try_vector(trace_session, text, role).message == refused.value.message


def test_a_wrong_query_names_both_shapes():
    session = Session(Scenario(3, 2, [write([1, 0, 0], [2, 3], "w1")]))
    check = try_vector(session, "1, 1", "query")
    assert check.message == (
        "query has 2 components but S has d_k = 3 rows: qᵀ would be 1×2 and S is 3×2, "
        "so qᵀS cannot be formed. Give the query 3 components."
    )
    assert check.vector_shape == (2, 1)
    assert check.state_shape == (3, 2)
    assert check.product_shape == (1, 2)


def test_a_value_is_held_against_the_columns():
    session = Session(Scenario(3, 2, [write([1, 0, 0], [2, 3], "w1")]))
    check = try_vector(session, "1 2 3", "value")
    assert check.message == (
        "value has 3 components but S has d_v = 2 columns: "
        "the stamp k vᵀ would be 3×3, S is 3×2. Give the value 2 components."
    )
    assert check.vector_shape == (1, 3)
    assert check.product_shape == (3, 3)
    # A 2-component key is wrong for this S (d_k = 3) though it would fit a value.
    assert try_vector(session, "2 3", "value").accepted
    assert not try_vector(session, "2 3", "key").accepted


def test_the_feature_map_is_named_in_the_refusal():
    session = Session()
    session.open("feature-map")  # elu+1 with the normaliser
    key = try_vector(session, "[1, 0, 2]", "key")
    assert key.message == (
        "key has 3 components, so φ(k) has 3 too, but S has d_k = 2 rows: "
        "the stamp φ(k) vᵀ would be 3×2, S is 2×2. Give the key 2 components."
    )
    query = try_vector(session, "[1, 0, 2]", "query")
    assert "so φ(q) has 3 too" in query.message
    assert "φ(q)ᵀ would be 1×3 and S is 2×2, so φ(q)ᵀS cannot be formed" in query.message
    value = try_vector(session, "1 2 3", "value")
    assert "the stamp φ(k) vᵀ would be 2×3" in value.message


def test_an_accepted_query_reads_s_at_the_cursor(trace_session):
    trace_session.set_cursor(5)  # S = [[2, 3], [5, 1]]
    before = trace_session.scenario.copy()
    check = try_vector(trace_session, "[1, 1]", "query")
    assert check.accepted
    np.testing.assert_allclose(check.read, [7.0, 4.0])  # a blend: the worked case's r3
    np.testing.assert_allclose(check.state, [[2, 3], [5, 1]])
    assert check.message == (
        "query has 2 components, S has d_k = 2 rows: qᵀS is 1×2. "
        "It reads [7, 4] from S after step 5."
    )
    _unchanged(trace_session, before)


def test_an_accepted_key_gives_its_stamp_and_what_s_holds_there(trace_session):
    trace_session.set_cursor(6)  # the write of [9, 9] under the reused key [1, 0]
    check = try_vector(trace_session, "1 0", "key")
    assert check.accepted
    assert check.partner_label == "w3"
    np.testing.assert_allclose(check.partner, [9, 9])
    np.testing.assert_allclose(check.stamp, [[9, 9], [0, 0]])
    np.testing.assert_allclose(check.read, [11, 12])  # the values merged
    assert check.message == (
        "key has 2 components, S has d_k = 2 rows: the stamp k vᵀ is 2×2, like S. "
        "With w3's value [9, 9], k vᵀ = [[9, 9], [0, 0]]. S already holds [11, 12] at this key."
    )
    # At a read, the value is the last write's before it.
    trace_session.set_cursor(4)
    assert try_vector(trace_session, "0 1", "key").partner_label == "w2"
    # Before any write there is no value to stamp with.
    trace_session.set_cursor(0)
    empty = try_vector(trace_session, "0 1", "key")
    assert empty.accepted and empty.stamp is None and empty.partner is None


def test_an_accepted_key_under_elu_plus_one_is_mapped_and_normalised():
    session = Session()
    session.open("feature-map")
    session.set_cursor(2)  # a: [1, 0] -> [10, 0]; b: [0, 1] -> [0, 10]
    check = try_vector(session, "1 0", "key")
    np.testing.assert_allclose(check.phi, [2.0, 1.0])  # elu(1) + 1, elu(0) + 1
    np.testing.assert_allclose(check.stamp, np.outer([2.0, 1.0], [0.0, 10.0]))
    # What the model reads with query [1, 0] at this S: the same arithmetic as a read step.
    phi = np.array([2.0, 1.0])
    state = session.trace.state(2)
    z = np.array([2.0, 1.0]) + np.array([1.0, 2.0])
    np.testing.assert_allclose(check.read, phi @ state / (phi @ z + 1e-6))
    assert "φ(k) = [2, 1]" in check.message
    query = try_vector(session, "1 0", "query")
    np.testing.assert_allclose(query.read, check.read)
    assert "φ(q)ᵀS is 1×2" in query.message


def test_typed_text_is_read_like_the_table_of_steps(trace_session):
    for text in ("[1, 0]", "(1, 0)", "1 0", "1,0", " 1 ; 0 ", "1e0, -0"):
        assert try_vector(trace_session, text, "key").accepted, text
    bad = try_vector(trace_session, "1, x", "key")
    assert (bad.problem, bad.position, bad.token) == (NOT_A_NUMBER, 2, "x")
    assert bad.message == "key component 2 must be a number, got 'x'"
    for text, shown in (("1, inf", "inf"), ("1, nan", "nan"), ("1, 1e999", "inf")):
        check = try_vector(trace_session, text, "query")
        assert (check.problem, check.position) == (NOT_FINITE, 2), text
        assert check.message == f"query component 2 must be finite, got {shown}"
    # The order of the table's checks: a non-finite number before the wrong length.
    assert try_vector(trace_session, "1, 0, nan", "key").problem == NOT_FINITE
    empty = try_vector(trace_session, "  ", "key")
    assert empty.problem == EMPTY and empty.message == "type a key of 2 numbers"


@pytest.mark.parametrize(
    "text, why",
    [
        ("1, \u0665", "\u0665 is the digit 5 of another script (ARABIC-INDIC DIGIT FIVE)"),
        ("1, 5_000", "without '_' between digits"),
        ("1 \uff10", "FULLWIDTH DIGIT ZERO"),
    ],
)
def test_digits_python_reads_but_a_person_cannot_check_are_refused_saying_why(
    trace_session, text, why
):
    check = try_vector(trace_session, text, "key")
    assert (check.problem, check.position) == (NOT_A_NUMBER, 2) and not check.accepted
    assert why in check.reason and why in check.message
    assert check.message.startswith("key component 2 must be a number, got ")
    assert try_vector(trace_session, "1, x", "key").reason is None  # nothing more to say


def test_a_read_that_overflows_is_refused_not_shown():
    session = Session(Scenario(2, 2, [write([1e200, 0], [1e100, 0], "w1")]))  # S = 1e300
    check = try_vector(session, "1e200 0", "query")
    assert check.problem == OVERFLOW and not check.accepted
    assert check.message == (
        "the arithmetic overflows (a number beyond ±1.8e308): use a smaller query"
    )


def test_a_hidden_read_keeps_its_answer(trace_session):
    trace_session.set_hide_outputs(True)
    trace_session.set_cursor(5)  # read r3, hidden: S would give the answer away
    check = try_vector(trace_session, "1 1", "query")
    assert check.accepted and check.hidden
    assert check.read is None and check.state is None
    assert "[7, 4]" not in check.message
    trace_session.reveal()
    assert try_vector(trace_session, "1 1", "query").read is not None


def test_an_unknown_role_is_a_programming_error(trace_session):
    with pytest.raises(ValueError):
        try_vector(trace_session, "1 0", "weight")


def test_one_row_and_one_column_are_said_in_the_singular():
    """A scenario of d_k = d_v = 1 refused with "S has d_k = 1 rows"."""
    session = Session(Scenario(1, 1, [write([1.0], [2.0], "w1")]))
    key, value = try_vector(session, "[1, 2]", "key"), try_vector(session, "[1, 2]", "value")
    assert key.message.startswith("key has 2 components but S has d_k = 1 row: ")
    assert value.message.startswith("value has 2 components but S has d_v = 1 column: ")
    for role, check in (("key", key), ("value", value)):  # the table's own words too
        with pytest.raises(ScenarioError) as refused:
            parse_vector([1.0, 2.0], role, 1, 1)
        assert check.message == refused.value.message
    accepted = try_vector(session, "[3]", "key")
    assert accepted.accepted and "S has d_k = 1 row: " in accepted.message
