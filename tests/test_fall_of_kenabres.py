"""The Fall of Kenabres (Adventure Deck 1, scenario 1): Khorramzadeh in the blessings deck, the locations that
close after an Ulkreth, and a scenario without a villain won once every location is closed.

Seelah: Strength 1d8, Melee +3. Kyra: Wisdom 1d12. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.engine.closing import close
from pacg.engine.encounter import encounter
from pacg.engine.setup import apply_setup_powers
from pacg.engine.state import ScenarioOver
from pacg.engine.turn import advance_blessings_deck
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, ZoneKind, box
from table import Table, card

SCENARIO = "The Fall of Kenabres"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of

# A henchman from a location deck, as the scenario's Ulkreths are, with none of Ulkreth's own powers but the usual
# closing line: the location closes after the encounter anyway, so no one is asked to try to close it.
BRUTE = card("""
name: Kenabres Brute
type: henchman
set: B
provenance: standin
notes: A test henchman with only a check and the closing line.
check_to_defeat: Combat 12
powers:
- when: defeat
  optional: false
  effects:
  - close_location: true
""")


def kenabres(*locations: str) -> Table:
    """A table of the scenario at Adventure Deck 1, with these locations (no cards in their decks yet)."""
    table = Table(adventure_deck_number=1, extra_cards=[BRUTE], strict=True)
    table.scenario(SCENARIO)
    for name in locations:
        table.location(name)
    return table


def names(table: Table, zone: object) -> list[str]:
    return [card.name for card in table.game.zones.cards(zone)]  # type: ignore[arg-type]


@pytest.mark.rule("SUM-05")
def test_setting_up_shuffles_khorramzadeh_from_the_box_into_the_blessings_deck() -> None:
    """As the scenario is set up (once the blessings deck is built, SETUP-08), Khorramzadeh leaves the box for a
    random place in the blessings deck; the setup power of the second character finds no other copy."""
    table = kenabres("Citadel")
    table.blessings(*FILLER * 4)
    seelah = table.character("Seelah", at="Citadel")
    kyra = table.character("Kyra", at="Citadel")
    for character in (seelah, kyra):
        table.run(apply_setup_powers(table.game, character))
    assert sorted(names(table, BLESSINGS_DECK)) == sorted([*FILLER * 4, "Khorramzadeh"])
    assert "Khorramzadeh" not in names(table, box("villain"))
    assert table.game.log.count("Khorramzadeh is shuffled into the blessings deck") == 1


@pytest.mark.rule("TURN-01")
@pytest.mark.rule("DICE-02")
def test_khorramzadeh_coming_up_strikes_everyone_at_a_random_location_and_goes_back() -> None:
    """The blessings deck advances to Khorramzadeh: the Citadel is drawn at random, and each character there is
    dealt 1d4 + 1 Fire damage, rolled for each (Seelah 3 + 1, discarding her whole hand of 2; Kyra 1 + 1, who
    chooses 2 of her 3 cards). Harsk, at the Occult Library, is untouched. Then Khorramzadeh is shuffled back
    into the blessings deck: the discard pile doesn't keep him."""
    table = kenabres("Citadel", "Occult Library")
    table.blessings("Khorramzadeh", *FILLER * 3)
    seelah = table.character("Seelah", at="Citadel", hand=["Mace", "Codex"])
    kyra = table.character("Kyra", at="Citadel", hand=["Cure", "Frog", "Recruit"])
    harsk = table.character("Harsk", at="Occult Library", hand=["Shortbow"])
    table.pick("Citadel")
    table.dice(3, 1)
    table.run(advance_blessings_deck(table.game, seelah), "Discard Frog", "Discard Recruit")
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Codex", "Mace"]
    assert table.cards(kyra, ZoneKind.HAND) == ["Cure"]
    assert table.cards(harsk, ZoneKind.HAND) == ["Shortbow"]
    assert "Seelah is dealt 4 Fire damage" in table.game.log and "Kyra is dealt 2 Fire damage" in table.game.log
    assert names(table, BLESSINGS_DISCARD) == []
    assert sorted(names(table, BLESSINGS_DECK)) == sorted([*FILLER * 3, "Khorramzadeh"])


def test_a_blessing_coming_up_does_nothing_more() -> None:
    table = kenabres("Citadel")
    table.blessings(*FILLER, "Khorramzadeh")
    seelah = table.character("Seelah", at="Citadel", hand=["Mace"])
    table.run(advance_blessings_deck(table.game, seelah))
    assert names(table, BLESSINGS_DISCARD) == FILLER and names(table, BLESSINGS_DECK) == ["Khorramzadeh"]
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"]


@pytest.mark.rule("CLOSE-04")
@pytest.mark.parametrize(("dice", "outcome"), [((8, 4), "defeated"), ((1, 1), "undefeated")])
def test_after_encountering_a_henchman_its_location_closes_defeated_or_not(
    dice: tuple[int, int], outcome: str
) -> None:
    """Seelah fights a Kenabres Brute (Combat 12) at the Citadel with her Mace (2d8 + 3): defeated (8 + 4 + 3)
    or not (1 + 1 + 3, whose damage is more than her empty hand), the Citadel closes after the encounter with no
    When Closing requirement met, and its deck is banished. The Occult Library is still open, so the scenario
    goes on."""
    table = kenabres("Citadel", "Occult Library")
    table.location("Citadel", ["Kenabres Brute", "Longsword", "Helm"])
    seelah = table.character("Seelah", at="Citadel", hand=["Mace"])
    table.dice(*dice)
    assert table.run(encounter(table.game, seelah, table.top("Citadel")), "Reveal Mace: Melee", "Done") == outcome
    assert table.game.locations["Citadel"].closed and table.deck("Citadel") == []
    assert "Citadel closes after the encounter with Kenabres Brute" in table.game.log
    assert not table.game.locations["Occult Library"].closed


def test_a_boon_encountered_leaves_the_location_open() -> None:
    table = kenabres("Citadel", "Occult Library")
    table.location("Citadel", ["Longsword", "Helm"])
    seelah = table.character("Seelah", at="Citadel")
    table.dice(6)
    assert table.run(encounter(table.game, seelah, table.top("Citadel")), "Attempt", "Melee") == "acquired"
    assert not table.game.locations["Citadel"].closed and table.deck("Citadel") == ["Helm"]


@pytest.mark.rule("VIL-05")
def test_with_no_villain_the_scenario_is_won_when_the_last_location_closes() -> None:
    """With no villain to corner, closing the last open location wins the scenario."""
    table = kenabres("Citadel", "Occult Library")
    table.game.locations["Occult Library"].closed = True
    table.location("Citadel", ["Kenabres Brute"])
    seelah = table.character("Seelah", at="Citadel", hand=["Mace"])
    table.dice(1, 1)
    with pytest.raises(ScenarioOver) as over:
        table.run(encounter(table.game, seelah, table.top("Citadel")), "Reveal Mace: Melee", "Done")
    assert (over.value.result, over.value.reason) == ("won", "every location is closed")


def test_a_scenario_with_a_villain_is_not_won_by_closing_every_location() -> None:
    table = Table(strict=True)
    table.scenario("The Godless Ones")
    armory = table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory")
    table.run(close(table.game, seelah, armory))
    assert armory.closed and table.game.result is None



@pytest.mark.rule("DEATH-01")
def test_failing_to_defeat_khorramzadeh_kills() -> None:
    """A power has shuffled Khorramzadeh into the Citadel: Seelah fights him with her Mace (2d8 + 3) against
    Combat 30 and fails (1 + 1 + 3). The damage takes her hand; then she dies: her deck is buried too, which no
    damage does. Kyra, elsewhere, lives on (and declines to close her location against the villain)."""
    table = kenabres("Citadel", "Occult Library")
    table.blessings(*FILLER * 3)
    table.location("Citadel", ["Khorramzadeh"])
    seelah = table.character("Seelah", at="Citadel", hand=["Mace", "Codex"], deck=["Helm"])
    kyra = table.character("Kyra", at="Occult Library", deck=["Cure"])
    table.dice(1, 1)
    table.run(encounter(table.game, seelah, table.top("Citadel")), "Don't try to temporarily close",
              "Reveal Mace: Melee", "Done")
    assert not seelah.alive and kyra.alive and "Seelah dies: killed by Khorramzadeh (DEATH-01)" in table.game.log
    assert sorted(table.cards(seelah, ZoneKind.BURIED)) == ["Codex", "Helm", "Mace"]
    assert table.cards(seelah, ZoneKind.DECK) == [] and table.cards(kyra, ZoneKind.DECK) == ["Cure"]


@pytest.mark.rule("DEATH-02")
def test_the_last_character_killed_by_khorramzadeh_loses_the_scenario() -> None:
    table = kenabres("Citadel")
    table.location("Citadel", ["Khorramzadeh"])
    seelah = table.character("Seelah", at="Citadel", hand=["Mace"], deck=["Helm"])
    table.dice(1, 1)
    with pytest.raises(ScenarioOver) as over:
        table.run(encounter(table.game, seelah, table.top("Citadel")), "Reveal Mace: Melee", "Done")
    assert (over.value.result, over.value.reason) == ("lost", "every character is dead")
