"""Numbers in the views follow the language; the model's formatters never do."""

import numpy as np
import pytest

from linviz.model.report import fmt_number, fmt_vector
from linviz.views import number_text as nt


@pytest.fixture
def french():
    nt.set_number_language("fr")
    yield
    nt.set_number_language("en")


def test_french_views_write_a_decimal_comma_and_semicolons(french):
    assert nt.shown_vector(np.array([1.2, -1.8])) == "[1,2 ; −1,8]"
    assert nt.shown_matrix(np.array([[2.5, 3], [0, -1]])) == "[[2,5 ; 3] ; [0 ; −1]]"
    assert nt.shown_number(0.5) == "0,5" and nt.cell_text(-1.25, 5) == "−1,25"
    assert nt.shown_number(12.345) == "12,35" and nt.shown_number(-0.25) == "−0,25"
    assert nt.list_separator() == " ; "
    assert nt.grouped(1_234_567) == "1\u202f234\u202f567"  # no comma that reads as a decimal
    numbers = nt.caption_numbers()
    assert numbers.percent(0.684) == "68,4 %"
    # The model stays as files, --json, trace and CSV need it.
    assert fmt_vector(np.array([1.2, -1.8])) == "[1.2, -1.8]" and fmt_number(0.5) == "0.5"


def test_english_views_write_a_real_minus_sign_and_keep_points_and_commas():
    assert nt.shown_vector(np.array([1.2, -1.8])) == "[1.2, −1.8]"
    assert nt.shown_vector(np.array([1e-300, -2e-300]), at=2e-300) == "[1e−300, −2e−300]"
    assert nt.shown_number(-0.5) == "−0.5" and nt.list_separator() == ", "
    assert nt.grouped(1_234_567) == "1,234,567"
    # A label's hyphen is no sign: "key-1" keeps it, in English and in French.
    assert nt.localised("key-1 reads [-2, 4]") == "key-1 reads [−2, 4]"
    assert nt.localised("-inf, -∞, 2e-05, 1E-5") == "−inf, −∞, 2e−05, 1E−5"


def test_french_labels_keep_their_hyphens(french):
    assert nt.localised("key-1 reads [-2.5, 4]") == "key-1 reads [−2,5 ; 4]"


def test_an_english_vector_is_typed_back_with_hyphens():
    from linviz.views.panels.typed_text import vector_numbers, vector_text

    shown = vector_text(np.array([0.8, -0.6]))
    assert shown == "0.8, -0.6"  # what float() and a notebook read, copied
    assert vector_numbers(shown, "key") == [0.8, -0.6]
    assert vector_numbers("0.8, −0.6", "key") == [0.8, -0.6]  # the shown form too


def test_a_french_vector_is_typed_back_as_it_is_shown(french):
    from linviz.views.panels.typed_text import vector_numbers, vector_text

    shown = vector_text(np.array([0.8, -0.6]))
    assert shown == "0,8 ; −0,6"
    assert vector_numbers(shown, "key") == [0.8, -0.6]
    assert vector_numbers("[1,5 ; 2]", "key") == [1.5, 2.0]
    assert vector_numbers("1.5, 2", "key") == [1.5, 2.0]  # points still work


def test_a_typed_vector_or_parameter_is_read_with_ascii_digits_only(qapp):
    from linviz.model.errors import ScenarioError
    from linviz.views.panels.typed_text import parse_parameters, vector_numbers

    with pytest.raises(ScenarioError) as caught:
        vector_numbers("1, \u0665", "key")  # float() reads it as 5
    assert caught.value.field == "key"
    assert "key component 2 must be a number, got '\u0665': " in caught.value.message
    assert "ARABIC-INDIC DIGIT FIVE" in caught.value.message
    with pytest.raises(ScenarioError, match="without '_' between digits"):
        parse_parameters("β=0_5", "delta")
    assert parse_parameters("β=0.5", "delta")["beta"] == 0.5


def test_a_huge_share_is_written_with_four_significant_digits():
    """A read of a diverging state (a delta rule with unnormalised keys) said
    "relative error 595659747151998720.0 %": every digit of the float's noise."""
    percent = nt.shown_percent

    assert percent(5956597471519987.2) == "5.\u2060957e+17\u202f%"
    assert percent(123.456) == "12,\u2060350\u202f%"
    assert percent(0.684) == "68.4\u202f%" and percent(99.99) == "9999.0\u202f%"
    assert nt.caption_numbers().percent(5956597471519987.2) == "5.\u2060957e+17 %"


def test_a_huge_french_share_keeps_its_decimal_comma(french):
    percent = nt.shown_percent

    assert percent(5956597471519987.2) == "5,\u2060957e+17\u202f%"
    assert percent(123.456) == "12\u202f350\u202f%" and percent(0.684) == "68,4\u202f%"


def test_a_per_cent_beyond_the_floats_keeps_its_digits(qapp):
    """A share of 8.95e307 is 8.95e309 %, not "∞ %" (its per cent alone overflows)."""
    assert nt.shown_percent(8.95e307).replace(nt.WORD_JOINER, "") == "8.95e+309\u202f%"
    assert nt.shown_percent(-1.7e308).replace(nt.WORD_JOINER, "") == "\u22121.7e+310\u202f%"
    assert nt.shown_percent(float("inf")) == "∞\u202f%"  # an overflowed share stays infinite
