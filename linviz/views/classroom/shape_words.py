"""The shape check's verdicts in words, in the language shown.

One :class:`ShapeWords` says why a typed vector was refused or what it would
do; in English its words are the check's own message
(:mod:`linviz.controller.shape_check`), in French their translation, with
numbers as the language writes them.
"""

from __future__ import annotations

from PySide6 import QtCore

from linviz.controller.shape_check import (
    EMPTY,
    NOT_A_NUMBER,
    NOT_FINITE,
    OVERFLOW,
    ShapeCheck,
)
from linviz.model.errors import Phrase
from linviz.views.error_text import fill
from linviz.views.number_text import grouped, shown_matrix, shown_number, shown_vector


def vector_symbol(check: ShapeCheck) -> str:
    """The typed vector's name in the formulas: k, φ(k), q, φ(q) or v."""
    if check.role == "value":
        return "v"
    letter = "k" if check.role == "key" else "q"
    return f"φ({letter})" if check.mapped else letter


def _key_symbol(check: ShapeCheck) -> str:
    return "k" if check.feature_map == "identity" else "φ(k)"


class ShapeWords(QtCore.QObject):
    """The sentences of a shape check (a QObject for ``tr`` and its plural forms)."""

    def refusal(self, check: ShapeCheck) -> str:
        """Why ``check`` was refused, in the user's language (English: the check's own words)."""
        role, n, d_k, d_v = check.role, check.components, check.d_k, check.d_v
        if check.problem == NOT_A_NUMBER:
            words = self.tr("{role} component {position} must be a number, got {token!r}").format(
                role=self._role_word(role), position=check.position, token=check.token
            )
            if isinstance(check.reason, Phrase):  # ٥ or 5_000: why Python's reading is refused
                words += ": " + fill(check.reason.template, check.reason.values)
            return words
        if check.problem == NOT_FINITE:
            return self.tr("{role} component {position} must be finite, got {value}").format(
                role=self._role_word(role),
                position=check.position,
                value=shown_number(check.numbers[check.position - 1]),
            )
        if check.problem == EMPTY:
            return {
                "key": self.tr("type a key of %Ln numbers", "", d_k),
                "query": self.tr("type a query of %Ln numbers", "", d_k),
                "value": self.tr("type a value of %Ln numbers", "", d_v),
            }[role]
        if check.problem == OVERFLOW:
            return self.tr(
                "the arithmetic overflows (a number beyond ±1.8e308): use a smaller {role}",
            ).format(role=self._role_word(role))
        k = _key_symbol(check)
        if role == "value":
            return (
                self.tr("value has %Ln components", "", n)
                + self.tr(
                    " but S has d_v = %Ln columns: the stamp {k} vᵀ would be {d_k}×{n}, ", "", d_v
                ).format(k=k, d_k=d_k, n=n)
                + self.tr("S is {d_k}×{d_v}. ").format(d_k=d_k, d_v=d_v)
                + self.tr("Give the value %Ln components.", "", d_v)
            )
        if role == "key":
            head = self.tr("key has %Ln components", "", n)
            if check.mapped:
                head += self.tr(", so φ(k) has {n} too,").format(n=n)
            product = self.tr("the stamp {k} vᵀ would be {n}×{d_v}, S is {d_k}×{d_v}").format(
                k=k, n=n, d_k=d_k, d_v=d_v
            )
            give = self.tr("Give the key %Ln components.", "", d_k)
        else:
            head = self.tr("query has %Ln components", "", n)
            if check.mapped:
                head += self.tr(", so φ(q) has {n} too,").format(n=n)
            product = self.tr(
                "{q}ᵀ would be 1×{n} and S is {d_k}×{d_v}, so {q}ᵀS cannot be formed"
            ).format(q=vector_symbol(check), n=n, d_k=d_k, d_v=d_v)
            give = self.tr("Give the query %Ln components.", "", d_k)
        return head + self.tr(" but S has d_k = %Ln rows: ", "", d_k) + product + ". " + give

    def accepted(self, check: ShapeCheck) -> str:
        """What an accepted vector would do, in the user's language."""
        d_k, d_v, n = check.d_k, check.d_v, check.components
        if check.role == "query":
            text = self.tr("query has %Ln components", "", n) + self.tr(
                ", S has d_k = %Ln rows: {q}ᵀS is 1×{d_v}.", "", d_k
            ).format(q=vector_symbol(check), d_v=d_v)
            if check.hidden:
                return text + self.tr(
                    " Its read is hidden until the read at the cursor is revealed."
                )
            return text + self.tr(" It reads {y} from S after step {step}.").format(
                y=shown_vector(check.read), step=grouped(check.step)
            )
        k = _key_symbol(check)
        if check.role == "key":
            text = self.tr("key has %Ln components", "", n) + self.tr(
                ", S has d_k = %Ln rows: the stamp {k} vᵀ is {d_k}×{d_v}, like S.", "", d_k
            ).format(d_k=d_k, k=k, d_v=d_v)
        else:
            text = self.tr("value has %Ln components", "", n) + self.tr(
                ", S has d_v = %Ln columns: the stamp {k} vᵀ is {d_k}×{d_v}, like S.", "", d_v
            ).format(d_v=d_v, k=k, d_k=d_k)
        if check.mapped and check.phi is not None:
            text += self.tr(" {k} = {phi}.").format(k=k, phi=shown_vector(check.phi))
        if check.stamp is not None:
            partner = (
                self.tr(" With {label}'s value {v}, ")
                if check.role == "key"
                else self.tr(" With {label}'s key {v}, ")
            )
            text += partner.format(label=check.partner_label, v=shown_vector(check.partner))
            text += self.tr("{k} vᵀ = {stamp}.").format(k=k, stamp=shown_matrix(check.stamp))
        if check.role == "key" and check.read is not None:
            text += self.tr(" S already holds {y} at this key.").format(y=shown_vector(check.read))
        return text

    def _role_word(self, role: str) -> str:
        return {
            "key": self.tr("key"),
            "query": self.tr("query"),
            "value": self.tr("value"),
        }[role]


def refusal_text(check: ShapeCheck) -> str:
    """Why ``check`` was refused, in the user's language (English: the check's own words)."""
    return ShapeWords().refusal(check)


def accepted_text(check: ShapeCheck) -> str:
    """What an accepted vector would do, in the user's language."""
    return ShapeWords().accepted(check)
