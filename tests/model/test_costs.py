"""The memory calculator: the course's numbers, exactly (CURRICULUM.md, "Memory")."""

import numpy as np
import pytest

from linviz.model.costs import PRESETS, ModelShape, human_size, memory_rows
from linviz.model.errors import ScenarioError

COURSE = PRESETS["course"]
WHOLE_MODEL = PRESETS["model"]


def test_the_course_head_is_one_layer_one_head_size_128_in_bf16():
    assert (COURSE.layers, COURSE.heads, COURSE.head_dim, COURSE.dtype) == (1, 1, 128, "bf16")
    assert COURSE.bytes_per_number == 2


def test_a_token_costs_512_bytes_of_cache_in_the_course_head():
    # keys and values: 2 · d · 2 B = 512 B per token
    assert COURSE.kv_bytes_per_token == 512


@pytest.mark.parametrize(
    ("tokens", "cache", "cache_text"),
    [(1_000, 512_000, "500 KiB"), (100_000, 51_200_000, "48.8 MiB")],
)
def test_the_course_cache_against_its_32_kib_state(tokens, cache, cache_text):
    assert COURSE.kv_cache_bytes(tokens) == cache
    assert COURSE.state_bytes == 32_768
    assert human_size(cache) == cache_text
    assert human_size(COURSE.state_bytes) == "32 KiB"


def test_the_state_is_the_same_at_any_length():
    rows = memory_rows(COURSE, [0, 1, 1_000, 100_000, 10**9])
    assert {row.state_bytes for row in rows} == {32_768}
    assert [row.kv_cache_bytes for row in rows] == [0, 512, 512_000, 51_200_000, 512 * 10**9]


def test_a_whole_model_multiplies_both_by_layers_times_heads():
    assert (WHOLE_MODEL.layers, WHOLE_MODEL.heads) == (32, 8)
    assert WHOLE_MODEL.kv_cache_bytes(1_000) == 256 * 512_000 == 131_072_000
    assert WHOLE_MODEL.kv_cache_bytes(100_000) == 256 * 51_200_000
    assert WHOLE_MODEL.state_bytes == 256 * 32_768 == 8_388_608
    assert human_size(WHOLE_MODEL.state_bytes) == "8 MiB"
    assert human_size(WHOLE_MODEL.kv_cache_bytes(100_000)) == "12.2 GiB"


@pytest.mark.parametrize(("dtype", "size"), [("fp32", 4), ("bf16", 2), ("fp16", 2), ("fp8", 1)])
def test_number_formats_scale_both_sizes(dtype, size):
    shape = ModelShape(1, 1, 128, dtype)
    assert shape.kv_cache_bytes(1_000) == 2 * 128 * size * 1_000
    assert shape.state_bytes == 128 * 128 * size


@pytest.mark.parametrize("shape", [COURSE, WHOLE_MODEL, ModelShape(3, 5, 7, "fp32")])
def test_the_crossover_is_the_first_length_whose_cache_is_larger(shape):
    t = shape.crossover_tokens
    assert shape.kv_cache_bytes(t) > shape.state_bytes
    assert shape.kv_cache_bytes(t - 1) <= shape.state_bytes


def test_the_course_cache_passes_the_state_at_65_tokens():
    # 2 · 128 · T > 128² from T = 65 on: 64 tokens are exactly 32 KiB.
    assert COURSE.kv_cache_bytes(64) == COURSE.state_bytes
    assert COURSE.crossover_tokens == 65


def test_the_curves_match_the_exact_sizes():
    tokens = np.array([1, 10, 1_000, 100_000])
    kv, state = COURSE.curves(tokens)
    assert kv.tolist() == [512.0, 5_120.0, 512_000.0, 51_200_000.0]
    assert state.tolist() == [32_768.0] * 4


@pytest.mark.parametrize(
    ("n_bytes", "text"),
    [
        (0, "0 B"),
        (1_023, "1023 B"),
        (1_024, "1 KiB"),
        (1_536, "1.5 KiB"),
        (1_048_575, "1 MiB"),  # 1023.999 KiB would read as 1024 KiB
        (3 * 2**30, "3 GiB"),
    ],
)
def test_human_sizes_use_binary_units(n_bytes, text):
    assert human_size(n_bytes) == text


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"layers": 0}, "layers"),
        ({"heads": -1}, "heads"),
        ({"head_dim": 2.5}, "head_dim"),
        ({"dtype": "fp4"}, "dtype"),
    ],
)
def test_bad_shapes_are_refused_naming_the_field(changes, field):
    with pytest.raises(ScenarioError) as caught:
        ModelShape(**changes)
    assert caught.value.field == field


def test_negative_lengths_are_refused():
    with pytest.raises(ScenarioError, match="tokens must be a whole number from 0"):
        COURSE.kv_cache_bytes(-1)
