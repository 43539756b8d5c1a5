"""Quantities in running text: grouped and decimal the language's way, never broken inside."""

import pytest

from linviz.views import number_text as nt

J, NB = nt.WORD_JOINER, nt.NARROW_NO_BREAK


@pytest.fixture
def french():
    nt.set_number_language("fr")
    yield
    nt.set_number_language("en")


def test_french_groups_thousands_with_a_narrow_space_and_writes_a_decimal_comma(french):
    # The issue's "le cache fait 1,562 × l'état" read as 1.562 in French.
    assert nt.shown_amount(1562) == f"1{NB}562"
    assert nt.shown_amount(1.562) == f"1,{J}562"
    assert nt.shown_amount(-3.374) == f"−3,{J}374"
    assert nt.shown_size(51_200_000) == f"48,{J}8{NB}MiB"  # was "48.8 MiB"
    assert nt.shown_amount(0) == "0"


def test_english_groups_with_commas():
    assert nt.shown_amount(1562) == f"1,{J}562"
    assert nt.shown_amount(48.8) == f"48.{J}8"
    assert nt.shown_size(512) == f"512{NB}B"


def test_no_line_break_inside_a_number(french):
    # Qt wrapped "[−3,374 ; 3,374]" after a decimal comma: "3, / 374".
    text = nt.unbroken_number("[−3,374 ; 3,374]")
    assert text == f"[−3,{J}374 ; 3,{J}374]"
    assert text.replace(J, "") == "[−3,374 ; 3,374]"  # the same text to a reader


def test_tick_labels_grouped_the_english_way_are_regrouped_in_french(french):
    # The recall and MQAR axes label powers of two as "1,024": 1.024 to a French reader.
    assert nt.localised("1,024") == f"1{NB}024"
    assert nt.localised("65,536") == f"65{NB}536"
    assert nt.localised("[1.5, -2]") == "[1,5 ; −2]"  # lists keep their separators
    assert nt.localised("0.125") == "0,125"
