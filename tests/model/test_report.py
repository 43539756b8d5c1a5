"""What ``linviz trace`` prints, line for line, with the course's numbers.

Every expected line was written from CURRICULUM.md's worked cases and from
the update rules worked by hand (gated: α = 0.8 shrinks the old state at
every write; delta: a write first subtracts what its key retrieves), not
from linviz's output.
"""

import numpy as np

from linviz.model.lessons import resolve_scenario_path
from linviz.model.replay import Trace
from linviz.model.report import fmt_matrix, fmt_number, fmt_vector, trace_document, trace_table
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario

HEAD = "step  op     label     what happened"
START = "   0  start            S = [[0, 0], [0, 0]]"


def table(lesson):
    return trace_table(Trace(load_scenario(resolve_scenario_path(lesson)))).splitlines()


def test_the_session_trace_reads_like_worked_case_1():
    lines = table("session-trace")
    # Step 5 (q = [1, 1]) is a blend of both writes; which write it "wanted"
    # is not the course's point, so only its output is pinned here.
    assert lines[9].startswith("   5  read   r3        q = [1, 1]  -> [7, 4]")
    del lines[9]
    assert lines == [
        "The session trace",
        "d_k = 2, d_v = 2, feature map identity, no normaliser, rule additive",
        "",
        HEAD,
        START,
        "   1  write  w1        k = [1, 0]  v = [2, 3]  stamp [[2, 3], [0, 0]]"
        "  S = [[2, 3], [0, 0]]",
        "   2  write  w2        k = [0, 1]  v = [5, 1]  stamp [[0, 0], [5, 1]]"
        "  S = [[2, 3], [5, 1]]",
        "   3  read   r1        q = [1, 0]  -> [2, 3]  target w1: exact",
        "   4  read   r2        q = [0, 1]  -> [5, 1]  target w2: exact",
        "   6  write  w3        k = [1, 0]  v = [9, 9]  stamp [[9, 9], [0, 0]]"
        "  S = [[11, 12], [5, 1]]",
        "   7  read   r4        q = [1, 0]  -> [11, 12]  target w3: wanted [9, 9],"
        " off by [2, 3] = not overwritten [2, 3]",
    ]


def test_gated_forgetting_shows_each_decay_and_what_is_left_of_the_old_value():
    # S ← 0.8 S + k vᵀ; after four more writes the old value keeps 0.8⁴ = 0.4096 of itself.
    assert table("gated-forgetting") == [
        "Gated forgetting",
        "d_k = 2, d_v = 2, feature map identity, no normaliser, rule gated (default α = 0.8)",
        "",
        HEAD,
        START,
        "   1  write  old       k = [1, 0]  v = [10, 5]  α = 0.8  stamp [[10, 5], [0, 0]]"
        "  (old S × 0.8)"
        "  S = [[10, 5], [0, 0]]",
        "   2  read   r1        q = [1, 0]  -> [10, 5]  target old: exact",
        "   3  write  n1        k = [0, 1]  v = [2, 2]  α = 0.8  stamp [[0, 0], [2, 2]]"
        "  (old S × 0.8)"
        "  S = [[8, 4], [2, 2]]",
        "   4  write  n2        k = [0, 1]  v = [4, 0]  α = 0.8  stamp [[0, 0], [4, 0]]"
        "  (old S × 0.8)"
        "  S = [[6.4, 3.2], [5.6, 1.6]]",
        "   5  read   r2        q = [1, 0]  -> [6.4, 3.2]  target old: wanted [10, 5],"
        " off by [-3.6, -1.8] = forgetting [-3.6, -1.8]",
        "   6  write  n3        k = [0, 1]  v = [0, 4]  α = 0.8  stamp [[0, 0], [0, 4]]"
        "  (old S × 0.8)"
        "  S = [[5.12, 2.56], [4.48, 5.28]]",
        "   7  write  n4        k = [0, 1]  v = [1, 3]  α = 0.8  stamp [[0, 0], [1, 3]]"
        "  (old S × 0.8)"
        "  S = [[4.096, 2.048], [4.584, 7.224]]",
        "   8  read   r3        q = [1, 0]  -> [4.096, 2.048]  target old: wanted [10, 5],"
        " off by [-5.904, -2.952] = forgetting [-5.904, -2.952]",
        "   9  read   r4        q = [0, 1]  -> [4.584, 7.224]  target n4: wanted [1, 3],"
        " off by [3.584, 4.224] = not overwritten [3.584, 4.224]",
    ]


def test_the_delta_rule_stamp_is_what_repairs_the_reused_key():
    # w3 finds [2, 3] under [1, 0] and stamps the difference [7, 6]; w4 (β = 0.5)
    # moves half-way from [9, 9] to [1, 1].
    assert table("delta-repair") == [
        "The delta rule repairs a key",
        "d_k = 2, d_v = 2, feature map identity, no normaliser, rule delta (default β = 1)",
        "",
        HEAD,
        START,
        "   1  write  w1        k = [1, 0]  v = [2, 3]  β = 1  stamp [[2, 3], [0, 0]]"
        "  S = [[2, 3], [0, 0]]",
        "   2  write  w2        k = [0, 1]  v = [5, 1]  β = 1  stamp [[0, 0], [5, 1]]"
        "  S = [[2, 3], [5, 1]]",
        "   3  read   r1        q = [1, 0]  -> [2, 3]  target w1: exact",
        "   4  write  w3        k = [1, 0]  v = [9, 9]  β = 1  stamp [[7, 6], [0, 0]]"
        "  S = [[9, 9], [5, 1]]",
        "   5  read   r2        q = [1, 0]  -> [9, 9]  target w3: exact",
        "   6  read   r3        q = [0, 1]  -> [5, 1]  target w2: exact",
        "   7  write  w4        k = [1, 0]  v = [1, 1]  β = 0.5  stamp [[-4, -4], [0, 0]]"
        "  S = [[5, 5], [5, 1]]",
        "   8  read   r4        q = [1, 0]  -> [5, 5]  target w4: wanted [1, 1],"
        " off by [4, 4] = not overwritten [4, 4]",
    ]


def test_the_heading_names_the_feature_map_and_the_normaliser():
    assert table("feature-map")[:2] == [
        "The elu+1 feature map and the normaliser",
        "d_k = 2, d_v = 2, feature map elu+1, normalised, rule additive",
    ]


def test_a_read_before_any_write_has_no_target_and_large_states_are_summarised():
    key = [0.0] * 9
    key[0] = 3.0
    scenario = Scenario(
        9, 2, [read([1] + [0] * 8, "early"), write(key, [-4, 1], "big")], title="Nine rows"
    )
    lines = trace_table(Trace(scenario)).splitlines()
    assert lines[4] == "   0  start            S = 9×2 matrix, largest |entry| 0"
    assert (
        lines[5] == "   1  read   early     q = [1, 0, 0, 0, 0, 0, 0, 0, … (9 in all)]  -> [0, 0]"
    )
    assert lines[6] == (
        "   2  write  big       k = [3, 0, 0, 0, 0, 0, 0, 0, … (9 in all)]  v = [-4, 1]"
        "  stamp 9×2 matrix, largest |entry| 12  S = 9×2 matrix, largest |entry| 12"
    )


def test_numbers_are_written_as_a_person_writes_them():
    assert fmt_number(2.0) == "2"
    assert fmt_number(-0.5) == "-0.5"
    assert fmt_number(-0.0) == "0"
    assert fmt_number(1.23456) == "1.235"
    assert fmt_number(123456789.0) == "1.235e+08"
    assert fmt_number(1.23456, digits=2) == "1.2"
    # Rounding residue of exact arithmetic (8.9e-16) is not interference.
    assert fmt_number(8.9e-16) == "0"
    assert fmt_number(1e-12) == "1e-12"  # the threshold itself is shown
    assert fmt_number(9.9e-13) == "0"
    assert fmt_number(5e-10, scale=1e3) == "0"  # residue of numbers near 1,000
    assert fmt_number(5e-10, scale=1e-3) == "5e-10"  # small scales do not hide more
    assert fmt_number(5e-10, scale=-1e3) == "0"


def test_vectors_and_matrices_are_written_the_same_way():
    assert fmt_vector(np.array([2.0, -0.0, 1e-13])) == "[2, 0, 0]"
    assert fmt_vector(np.array([1e4, 5e-9])) == "[1e+04, 0]"  # residue next to 10,000
    assert fmt_vector(np.array([1e-12, 0.5])) == "[1e-12, 0.5]"
    assert fmt_vector(np.array([1e-13])) == "[0]"
    assert fmt_vector(np.array([])) == "[]"
    assert fmt_vector(np.arange(8.0)) == "[0, 1, 2, 3, 4, 5, 6, 7]"
    assert fmt_vector(np.arange(9.0)) == "[0, 1, 2, 3, 4, 5, 6, 7, … (9 in all)]"
    assert fmt_vector(np.arange(9.0), limit=2) == "[0, 1, … (9 in all)]"
    assert fmt_vector(np.array([1.23456]), digits=2) == "[1.2]"
    assert fmt_matrix(np.array([[2.0, 3.0], [0.0, -1.0]])) == "[[2, 3], [0, -1]]"
    assert fmt_matrix(np.ones((4, 4))) == "[[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]"
    assert fmt_matrix(-np.arange(17.0).reshape(1, 17)) == "1×17 matrix, largest |entry| 16"
    assert fmt_matrix(np.ones((3, 3)), limit=8) == "3×3 matrix, largest |entry| 1"


def test_the_json_document_of_a_decaying_write_and_a_blended_read():
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "w1"),
            write([0, 1], [5, 1], "w2", alpha=0.5),
            read([1, 1], "r1", target="w2"),
        ],
        rule=Rule("gated", alpha=0.9),
    )
    document = trace_document(Trace(scenario))
    assert document == {
        "d_k": 2,
        "d_v": 2,
        "steps": [
            {
                "index": 1,
                "op": "write",
                "label": "w1",
                "key": [1, 0],
                "value": [2, 3],
                "alpha": 0.9,
                "stamp": [[2, 3], [0, 0]],
                "state": [[2, 3], [0, 0]],
            },
            {
                "index": 2,
                "op": "write",
                "label": "w2",
                "key": [0, 1],
                "value": [5, 1],
                "alpha": 0.5,
                "stamp": [[0, 0], [5, 1]],
                "state": [[1, 1.5], [5, 1]],
            },
            {
                "index": 3,
                "op": "read",
                "label": "r1",
                "query": [1, 1],
                "output": [6, 2.5],
                "target": "w2",
                "tied": [],
                "expected": [5, 1],
                "interference": [1, 1.5],
                # w1's term is crosstalk; w2, the last write, has not faded.
                "error_parts": {"crosstalk": [1, 1.5], "forgetting": [0, 0]},
                "contributions": [
                    {"label": "w1", "weight": 1.0, "term": [1, 1.5]},
                    {"label": "w2", "weight": 1.0, "term": [5, 1]},
                ],
                "state": [[1, 1.5], [5, 1]],
            },
        ],
    }
    # Negative zero is written as 0 (a JSON reader would show -0.0).
    flipped = Scenario(1, 1, [write([-1], [0], "w"), read([1], "r")])
    steps = trace_document(Trace(flipped))["steps"]
    assert [str(x) for x in steps[0]["stamp"][0] + steps[1]["output"]] == ["0.0", "0.0"]


def test_a_read_with_no_target_in_the_json_document_has_none():
    scenario = Scenario(2, 2, [read([1, 0], "alone")])
    step = trace_document(Trace(scenario))["steps"][0]
    assert (step["target"], step["expected"], step["interference"]) == (None, None, None)
    assert step["error_parts"] is None
    assert step["contributions"] == [] and step["output"] == [0, 0]
