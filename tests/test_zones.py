"""Zones and conservation: every card in exactly one place, moved by one operation (DESIGN.md 7)."""

from __future__ import annotations

import random

import pytest

from pacg.engine.zones import REMOVED, ConservationError, Zone, ZoneKind, box
from table import Table


@pytest.mark.rule("SET-03")
def test_the_box_holds_every_copy_by_type() -> None:
    table = Table()
    blessings = table.game.zones.cards(box("blessing"))
    assert sum(card.name == "Blessing of Ascension" for card in blessings) == 35
    assert all(card.type == "blessing" for card in blessings)


def test_moving_keeps_every_card_in_exactly_one_place() -> None:
    table = Table()
    zones = table.game.zones
    total = zones.total
    harsk = table.character("Harsk", at="Abattoir", hand=["Shortbow"], deck=["Javelin", "Bolas"])
    deck = harsk.deck
    bow = zones.cards(harsk.hand)[0]
    zones.move(bow, deck, bottom=True)
    assert [card.name for card in zones.cards(deck)] == ["Javelin", "Bolas", "Shortbow"]
    assert zones.where(bow) == deck
    zones.move(bow, REMOVED)
    zones.shuffle_into(zones.cards(deck)[0], box("weapon"), random.Random(1))
    zones.check_conservation()
    assert zones.total == total
    assert sum(len(zones.cards(zone)) for zone in list(zones._piles)) == total


def test_a_card_recorded_in_the_wrong_place_is_caught() -> None:
    table = Table()
    zones = table.game.zones
    card = zones.cards(box("weapon"))[0]
    zones._where[card.uid] = Zone(ZoneKind.HAND, "Nobody")
    with pytest.raises(ConservationError):
        zones.check_conservation()


@pytest.mark.rule("SET-03")
def test_games_of_one_library_fill_their_boxes_alike_and_apart() -> None:
    """Every game's box starts with the same cards; what one game does with them leaves the other's box
    as it was."""
    first, second = Table(), Table()
    weapons = [card.uid for card in second.game.zones.cards(box("weapon"))]
    assert [card.uid for card in first.game.zones.cards(box("weapon"))] == weapons
    first.character("Harsk", at="Abattoir", hand=["Shortbow"])
    first.game.zones.shuffle(box("weapon"), random.Random(1))
    assert [card.uid for card in second.game.zones.cards(box("weapon"))] == weapons
    assert second.game.zones.total == first.game.zones.total
    second.game.zones.check_conservation()


def test_the_box_is_filled_before_any_other_card_comes_in() -> None:
    table = Table()
    with pytest.raises(ValueError, match="before any other card"):
        table.game.fill_box()
