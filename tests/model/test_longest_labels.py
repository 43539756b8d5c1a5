"""The longest labels of the writes: what the heatmap's legend is made to fit."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz.model.scenario import Scenario, read, write


def scenario(*labels: str) -> Scenario:
    """Writes labelled ``labels``, and a read labelled after each one marked ``r:``."""
    steps = []
    for i, label in enumerate(labels):
        if label.startswith("r:"):
            steps.append(read([1, 0], label[2:]))
        else:
            steps.append(write([1, 0] if i % 2 else [0, 1], [1, 2], label))
    return Scenario(2, 2, steps)


def test_the_two_longest_write_labels_the_longest_last():
    sc = scenario("k1", "alpha", "k22", "omega-long", "mi")
    assert sc.longest_write_labels() == ("alpha", "omega-long")
    assert sc.longest_write_labels(1) == ("omega-long",)
    assert sc.longest_write_labels(3) == ("k22", "alpha", "omega-long")


def test_reads_do_not_count_however_long_their_labels():
    sc = scenario("k1", "r:a-very-long-read-label", "key2")
    assert sc.longest_write_labels() == ("k1", "key2")


def test_of_labels_as_long_the_later_steps_are_taken_in_step_order():
    # As sorted(labels, key=len)[-2:] takes them: a stable sort keeps step order.
    sc = scenario("aa", "bbb", "ccc", "ddd", "e")
    assert sc.longest_write_labels() == ("ccc", "ddd")
    assert sc.longest_write_labels(1) == ("ddd",)
    assert sc.longest_write_labels(4) == ("aa", "bbb", "ccc", "ddd")


def test_length_is_counted_in_characters_not_bytes():
    # "ééé" is 3 characters (6 bytes in UTF-8); "abcd" is 4 of each.
    sc = scenario("\u00e9\u00e9\u00e9", "abcd", "\u6f22\u5b57")
    assert sc.longest_write_labels() == ("\u00e9\u00e9\u00e9", "abcd")


@pytest.mark.parametrize("labels", [(), ("r:q1", "r:q2")], ids=["empty", "only reads"])
def test_no_writes_no_labels(labels):
    assert scenario(*labels).longest_write_labels() == ()


def test_one_write_gives_one_label():
    assert scenario("r:q", "k", "r:longer").longest_write_labels() == ("k",)


def test_every_edit_of_a_row_is_seen():
    sc = scenario("k1", "k2", "k3")
    assert sc.longest_write_labels() == ("k2", "k3")
    sc.replace_step(1, write([1, 1], [1, 1], "renamed"))
    assert sc.longest_write_labels() == ("k3", "renamed")
    sc.insert_step(2, write([1, 1], [1, 1], "the-longest"))
    assert sc.longest_write_labels() == ("renamed", "the-longest")
    sc.remove_step(2)
    assert sc.longest_write_labels() == ("k3", "renamed")
    sc.replace_step(1, read([1, 0], "renamed"))
    assert sc.longest_write_labels() == ("k2", "k3")


def test_a_copy_and_an_undone_replacement_keep_their_own_labels():
    sc = scenario("k1", "k2")
    assert sc.longest_write_labels() == ("k1", "k2")
    twin = sc.copy()
    sc.replace_step(2, write([0, 1], [1, 2], "longer"))
    assert twin.longest_write_labels() == ("k1", "k2")
    assert sc.longest_write_labels() == ("k1", "longer")
    sc.replace_all(twin)
    assert sc.longest_write_labels() == ("k1", "k2")


@given(
    st.lists(st.tuples(st.booleans(), st.text("ab\u00e9", min_size=1, max_size=6)), max_size=30),
    st.integers(1, 4),
)
def test_as_a_stable_sort_by_length_takes_them(rows, count):
    labels = [f"{text}{i}" for i, (_, text) in enumerate(rows)]  # each label once
    sc = scenario(
        *(label if is_write else "r:" + label for (is_write, _), label in zip(rows, labels))
    )
    writes = [label for (is_write, _), label in zip(rows, labels) if is_write]
    assert sc.longest_write_labels(count) == tuple(sorted(writes, key=len)[-count:])


@pytest.mark.parametrize("kind", ["columns", "archive"])
@given(
    labels=st.lists(
        st.text(alphabet="abé漢 x", min_size=1, max_size=9).filter(lambda t: not t.isspace()),
        min_size=1,
        max_size=12,
        unique=True,
    ),
    renamed=st.text(alphabet="zé", min_size=1, max_size=20),
)
def test_a_file_read_with_its_label_lengths_gives_the_same_labels_and_follows_edits(
    kind, labels, renamed
):
    # The columns reader measures every label already: the scenario keeps those lengths.
    from linviz.model.scenario_archive import archive_pieces
    from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes

    built = scenario(*labels)
    data = (
        b"".join(archive_pieces(built))
        if kind == "archive"
        else dumps_scenario(built, "columns").encode()
    )
    read_back = load_scenario_bytes(data, "x")
    assert read_back.longest_write_labels(3) == built.longest_write_labels(3)
    if renamed not in labels:  # an edit: the lengths measured at reading no longer hold
        for sc in (built, read_back):
            sc.replace_step(1, write([1, 1], [1, 1], renamed))
        assert read_back.longest_write_labels(3) == built.longest_write_labels(3)
        read_back.remove_step(1)
        built.remove_step(1)
        assert read_back.longest_write_labels() == built.longest_write_labels()
