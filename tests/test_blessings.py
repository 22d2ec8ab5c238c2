"""The blessings of the base set and the top card of the blessings discard pile (FACTS.md 4.9, the FAQ)."""

from __future__ import annotations

from pacg.cards.powers import Purpose
from pacg.engine.check import attempt_checks
from pacg.engine.state import TurnState
from pacg.engine.turn import explore_step
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind
from table import Table, kind_of


def on_top_of_the_blessings_discard(table: Table, name: str) -> None:
    table.game.zones.move(table.card(name), BLESSINGS_DISCARD)


def test_a_deity_blessing_matching_the_top_of_the_blessings_discard_may_be_recharged() -> None:
    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Abadar"])
    on_top_of_the_blessings_discard(table, "Blessing of Torag")
    table.dice(1, 1)
    table.run(attempt_checks(table.game, kyra, "Wisdom 30", Purpose.OTHER), "Wisdom", "Discard Blessing of Abadar")
    assert not [d for d in table.decisions if kind_of(d) == "instead"], "another deity: no choice"
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Blessing of Abadar"]

    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Abadar"])
    on_top_of_the_blessings_discard(table, "Blessing of Abadar")
    table.dice(1, 1)
    table.run(attempt_checks(table.game, kyra, "Wisdom 30", Purpose.OTHER), "Wisdom", "Discard Blessing of Abadar",
              "Recharge Blessing of Abadar instead")
    assert table.cards(kyra, ZoneKind.DECK) == ["Blessing of Abadar"]


def test_a_corrupted_blessing_on_a_corrupted_top_card_costs_a_card() -> None:
    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Shax", "Mace", "Helm"])
    on_top_of_the_blessings_discard(table, "Blessing of Baphomet")
    table.dice(1, 1)
    table.run(attempt_checks(table.game, kyra, "Wisdom 30", Purpose.OTHER), "Wisdom", "Discard Blessing of Shax",
              "Helm")
    assert sorted(table.cards(kyra, ZoneKind.DISCARD)) == ["Blessing of Shax", "Helm"]
    assert table.cards(kyra, ZoneKind.HAND) == ["Mace"]


def test_blessing_of_baphomet_explores_only_on_a_corrupted_top_card() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Baphomet"])
    table.game.turn = TurnState(kyra, explorations=1)
    on_top_of_the_blessings_discard(table, "Blessing of Torag")
    table.run(explore_step(table.game, kyra))
    assert table.decisions == [], "nothing to explore with"
    on_top_of_the_blessings_discard(table, "Blessing of Abraxas")
    table.run(explore_step(table.game, kyra), "Discard Blessing of Baphomet: explore", "Let Mace go")
    assert "Kyra encounters Mace" in table.game.log
