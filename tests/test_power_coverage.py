"""The guard that every power of every card is run by some test (tests/power_coverage.py, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pacg.cards.loader import CardLibrary
from pacg.cards.powers import Power, Purpose
from pacg.engine import trace
from pacg.engine.check import attempt_checks
from power_coverage import UNTESTED_LIST, coverage, list_text, power_names, read_list
from table import Table, card, library

TORCH_TEXT = """
name: Torch
type: item
set: B
provenance: standin
check_to_acquire: Craft 4
powers:
  - when: check
    action: reveal
    effects: [{add_dice: 1d4}]
  - when: check
    action: discard
    effects: [{add_modifier: 2}]
    feats:
      - box: "+3"
        power: {when: check, action: discard, effects: [{add_modifier: 3}]}
"""
TORCH = card(TORCH_TEXT)


@contextmanager
def fresh_trace() -> Iterator[dict[int, Power]]:
    """Trace from nothing for one test; the session's record is put back afterwards."""
    saved = trace.executed
    trace.start()
    assert trace.executed is not None
    try:
        yield trace.executed
    finally:
        trace.executed = saved


def test_a_play_is_traced_and_nothing_else() -> None:
    table = Table(extra_cards=[TORCH])
    seelah = table.character("Seelah", at="Abattoir", hand=["Torch"])
    table.dice(5, 3)
    with fresh_trace() as executed:
        [result] = table.run(attempt_checks(table.game, seelah, "Wisdom 7", Purpose.OTHER), "Wisdom", "Reveal Torch")
    assert result.total == 8
    assert list(executed.values()) == [TORCH.powers[0]]  # type: ignore[union-attr]


def test_nothing_is_traced_while_tracing_is_off() -> None:
    table = Table(extra_cards=[TORCH])
    seelah = table.character("Seelah", at="Abattoir", hand=["Torch"])
    with fresh_trace() as executed:
        trace.stop()
        table.run(attempt_checks(table.game, seelah, "Wisdom 7", Purpose.OTHER), "Wisdom", "Reveal Torch")
        assert trace.executed is None
    assert executed == {}


def test_every_paragraph_is_named_with_its_field_feat_powers_included() -> None:
    names = sorted(name for name, _ in power_names([TORCH]).values())
    assert names == ["Torch: powers[0]", "Torch: powers[1]", "Torch: powers[1].feats[0].power"]


def test_a_paragraph_that_never_ran_must_be_listed_and_a_listed_one_must_not_have_run() -> None:
    torch_cards = CardLibrary([TORCH])
    reveal = TORCH.powers[0]  # type: ignore[union-attr]
    ran = {id(reveal): reveal}
    unlisted = coverage(torch_cards, ran, set())
    assert (unlisted.total, unlisted.ran) == (3, 1)
    assert unlisted.unlisted == ["Torch: powers[1]", "Torch: powers[1].feats[0].power"] and not unlisted.holds
    listed = {"Torch: powers[1]", "Torch: powers[1].feats[0].power"}
    assert coverage(torch_cards, ran, listed).holds
    stale = coverage(torch_cards, ran, listed | {"Torch: powers[0]", "Torch: powers[7]"})
    assert stale.stale == ["Torch: powers[0]", "Torch: powers[7]"] and not stale.holds


def test_an_equal_paragraph_of_another_card_is_not_the_one_that_ran() -> None:
    """What ran is known by identity: an equal paragraph printed on another card is not counted with it."""
    twin = card(TORCH_TEXT.replace("name: Torch", "name: Twin Torch"))
    twin_reveal = twin.powers[0]  # type: ignore[union-attr]
    assert twin_reveal == TORCH.powers[0]  # type: ignore[union-attr]
    result = coverage(CardLibrary([TORCH, twin]), {id(twin_reveal): twin_reveal}, set())
    assert "Torch: powers[0]" in result.unlisted and "Twin Torch: powers[0]" not in result.unlisted


def test_the_list_is_sorted_names_of_real_paragraphs_after_a_header() -> None:
    text = UNTESTED_LIST.read_text(encoding="utf-8")
    names = read_list()
    assert text == list_text(names), "one name a line, sorted, after the header (power_coverage.list_text)"
    known = {name for name, _ in power_names(library()).values()}
    assert names <= known, f"not a paragraph of any card: {sorted(names - known)}"
