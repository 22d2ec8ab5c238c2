"""The locations of the box (src/pacg/data/locations), card by card: each At This Location power at work for a
character there, compared with the Manor House (whose only power is for boons encountered there), and their
When Permanently Closed powers.

Seelah: Strength 1d8, Melee +3; Charisma 1d10, Diplomacy +1. Enora: Intelligence 1d12, Craft +1. Dice faces are
scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose
from pacg.engine.check import attempt_checks
from pacg.engine.closing import attempt_to_close
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.state import TurnState
from pacg.engine.turn import end_turn
from pacg.engine.zones import ZoneKind, box
from table import Table

ELSEWHERE = "Manor House"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of



def in_box(table: Table, kind: str, name: str) -> int:
    return [card.name for card in table.game.zones.cards(box(kind))].count(name)


# --- checks made easier or harder here -------------------------------------------------------------------------

# location, the card checked against, the skill, its difficulty there, its difficulty elsewhere
DIFFICULTIES = [
    ("Cell", "Caravan Guard", "Diplomacy", 8 - 1, 8),  # checks to acquire allies are 1 easier
    ("Cell", "Mace", "Melee", 4, 4),  # ... not weapons
    ("Cemetery", "Skeleton", "Melee", 8 + 1, 8),  # checks to defeat Undead banes are 1 harder
    ("Cemetery", "Dire Rat", "Melee", 8, 8),  # ... not other banes
    ("Sanctum", "Cultist of Baphomet", "Melee", 10 + 1, 10),  # checks to defeat Cultist banes are 1 harder
    ("Sanctum", "Mercenary", "Melee", 10, 10),  # ... not other banes
    ("Abyssal Rift", "Worm Demon", "Melee", 10 + 1, 10),  # checks to defeat Demon banes are 1 harder
    ("Abyssal Rift", "Mercenary", "Melee", 10, 10),  # ... not other banes
    ("Wounded Lands", "Spiked Pit Trap", "Wisdom", 7 + 1, 7),  # checks to defeat barriers are 1 harder
    ("Wounded Lands", "Dire Rat", "Melee", 8, 8),  # ... not monsters
]


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("location", "target", "skill", "here", "elsewhere"), DIFFICULTIES)
def test_a_location_changes_the_difficulty_of_checks_made_there(
    location: str, target: str, skill: str, here: int, elsewhere: int
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=location)
    table.dice(8)
    assert table.check(seelah, target, skill).difficulty == here
    seelah.location = ELSEWHERE
    table.location(ELSEWHERE)
    table.dice(8)
    assert table.check(seelah, target, skill).difficulty == elsewhere


@pytest.mark.parametrize(("target", "skill", "bonus"), [("Mace", "Melee", 1), ("Caltrop Bead", "Dexterity", 1),
                                                        ("Recruit", "Diplomacy", 0)])
def test_the_great_hall_adds_1_to_checks_to_acquire_weapons_and_items(target: str, skill: str, bonus: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at="Great Hall")
    table.dice(3)
    result = table.check(seelah, target, skill)
    modifier = {"Melee": 3, "Dexterity": 0, "Diplomacy": 1}[skill]
    assert result.total == 3 + modifier + bonus


@pytest.mark.parametrize(("target", "skill", "bonus"), [("Blessing of Ascension", "Charisma", 1),
                                                        ("Recruit", "Diplomacy", 0)])
def test_the_cathedral_of_st_clydwell_adds_1_to_checks_to_acquire_blessings(
    target: str, skill: str, bonus: int
) -> None:
    table = Table(strict=True)
    seelah = table.character("Seelah", at="Cathedral of St. Clydwell")
    table.dice(3)
    result = table.check(seelah, target, skill)
    assert result.total == 3 + {"Charisma": 0, "Diplomacy": 1}[skill] + bonus


@pytest.mark.parametrize(("location", "target", "bonus"), [("Occult Library", "Cure", 1),
                                                           ("Occult Library", "Codex", 0), (ELSEWHERE, "Cure", 0)])
def test_the_occult_library_adds_1_to_checks_to_recharge_spells(location: str, target: str, bonus: int) -> None:
    """Kyra's check to recharge a card (Wisdom 1d12: a 4) against it: at the Occult Library a spell's is 1 easier."""
    table = Table(strict=True)
    kyra = table.character("Kyra", at=location)
    table.dice(4)
    [result] = table.run(attempt_checks(table.game, kyra, "Wisdom 6", Purpose.RECHARGE, table.card(target)),
                         "Wisdom")
    assert result.total == 4 + bonus


# --- powers for what happens here ------------------------------------------------------------------------------


@pytest.mark.parametrize("used", [True, False])
@pytest.mark.parametrize("location", ["Guardpost", "Gray Garrison"])
def test_defeating_a_monster_at_the_guardpost_lets_you_recharge_a_weapon_from_your_hand(
    used: bool, location: str
) -> None:
    """Seelah reveals her Mace (2d8+3: 8 and 4) to defeat a Dire Rat; at the Guardpost (or the Gray Garrison)
    she may then recharge a weapon from her hand: the Longsword goes to the bottom of her deck."""
    table = Table()
    table.location(location, ["Dire Rat", "Helm"])
    seelah = table.character("Seelah", at=location, hand=["Mace", "Longsword"], deck=FILLER)
    table.dice(8, 4)
    answers = [f"Use {location}", "Longsword"] if used else ["Done"]
    outcome = table.run(encounter(table.game, seelah, table.top(location)), "Reveal Mace: Melee", "Done",
                        *answers)
    assert outcome == "defeated"
    assert table.cards(seelah, ZoneKind.DECK) == (FILLER + ["Longsword"] if used else FILLER)
    assert table.cards(seelah, ZoneKind.HAND) == (["Mace"] if used else ["Mace", "Longsword"])


@pytest.mark.parametrize(("location", "boon", "offered"), [
    ("Mongrel Village", "Recruit", True), ("Mongrel Village", "Mace", False),  # allies
    ("Citadel", "Helm", True), ("Citadel", "Recruit", False),  # armors
    ("Armory", "Mace", True), ("Armory", "Helm", False),  # weapons
])
def test_acquiring_a_boon_of_a_kind_at_some_locations_lets_you_draw_a_card(
    location: str, boon: str, offered: bool
) -> None:
    """The Mongrel Village lets you draw a card when you acquire an ally there, the Citadel an armor, the
    Armory a weapon."""
    table = Table()
    table.location(location, [boon, "Longsword"])
    seelah = table.character("Seelah", at=location, deck=["Codex", *FILLER])
    table.dice(8)
    skill = {"Recruit": "Diplomacy", "Mace": "Melee", "Helm": "Constitution"}[boon]
    outcome = table.run(encounter(table.game, seelah, table.top(location)), "Attempt", skill,
                        *([f"Use {location}"] if offered else []))
    assert outcome == "acquired"
    assert table.cards(seelah, ZoneKind.HAND) == ([boon, "Codex"] if offered else [boon])


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("location", "damage"), [("Torture Chamber", "Combat"), (ELSEWHERE, None)])
def test_ending_your_turn_in_the_torture_chamber_deals_you_1_damage(
        location: str, damage: str | None) -> None:
    table = Table()
    seelah = table.character("Seelah", at=location, hand=["Mace", *FILLER * 3], deck=FILLER * 4)
    table.game.turn = TurnState(seelah)
    table.run(end_turn(table.game, seelah, forced=True), *(["Discard Blessing"] if damage else []),
              "Done discarding")
    assert [line for line in table.game.log if "damage" in line] == ([f"Seelah is dealt 1 {damage} damage"]
                                                                      if damage else [])
    assert table.cards(seelah, ZoneKind.DISCARD) == (FILLER if damage else [])


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("location", "shielded"), [("Molten Pool", False), (ELSEWHERE, True)])
def test_combat_damage_dealt_at_the_molten_pool_becomes_fire_damage_which_a_shield_does_not_reduce(
        location: str, shielded: bool) -> None:
    """Seelah is dealt 3 Combat damage holding a Steel Shield, which reduces Combat damage only: elsewhere she
    recharges it and discards nothing; at the Molten Pool the damage is Fire, and she discards 3 cards."""
    table = Table(strict=True)
    seelah = table.character("Seelah", at=location, hand=["Steel Shield", *FILLER * 3], deck=FILLER * 4)
    table.run(take_damage(table.game, seelah, 3, "Combat"),
              *(["Recharge Steel Shield"] if shielded else ["Discard Blessing"] * 3))
    assert ("The damage to Seelah becomes Fire damage" in table.game.log) is not shielded
    assert table.cards(seelah, ZoneKind.DISCARD) == ([] if shielded else FILLER * 3)
    assert table.cards(seelah, ZoneKind.HAND) == (FILLER * 3 if shielded else ["Steel Shield"])


@pytest.mark.rule("TURN-03")
@pytest.mark.parametrize(("location", "carried"), [("Abyssal River", True), (ELSEWHERE, False)])
def test_ending_your_turn_at_the_abyssal_river_carries_you_to_a_random_other_location(
        location: str, carried: bool) -> None:
    table = Table()
    for other in ("Cell", "Armory"):
        table.location(other)
    seelah = table.character("Seelah", at=location, hand=FILLER * 4, deck=FILLER * 4)
    table.game.turn = TurnState(seelah)
    if carried:
        table.pick("Armory")
    table.run(end_turn(table.game, seelah, forced=True), "Done discarding")
    assert seelah.location == ("Armory" if carried else location)


@pytest.mark.parametrize(("location", "buried"), [("Laboratory", True), (ELSEWHERE, False)])
def test_an_item_banished_for_its_power_in_the_laboratory_is_buried_instead(location: str, buried: bool) -> None:
    """Seelah banishes her Caltrop Bead to evade a Dire Rat: in the Laboratory it is buried instead."""
    table = Table()
    table.location(location, ["Dire Rat", "Helm"])
    seelah = table.character("Seelah", at=location, hand=["Caltrop Bead"])
    outcome = table.run(encounter(table.game, seelah, table.top(location)), "Banish Caltrop Bead")
    assert outcome == "evaded"
    assert table.cards(seelah, ZoneKind.BURIED) == (["Caltrop Bead"] if buried else [])
    assert in_box(table, "item", "Caltrop Bead") == (1 if buried else 2)  # the box holds 2


@pytest.mark.parametrize(("location", "recharged"), [("Temple of Iomedae", True), (ELSEWHERE, False)])
def test_a_blessing_of_iomedae_discarded_for_its_power_at_her_temple_is_recharged_instead(
    location: str, recharged: bool
) -> None:
    """Seelah discards a Blessing of Iomedae on her Strength check: at the Temple of Iomedae it goes to the bottom
    of her deck instead of her discard pile."""
    table = Table(strict=True)
    seelah = table.character("Seelah", at=location, hand=["Blessing of Iomedae"], deck=FILLER)
    table.dice(4, 4)
    table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength",
              "Discard Blessing of Iomedae", "Done")
    assert table.cards(seelah, ZoneKind.DECK) == (FILLER + ["Blessing of Iomedae"] if recharged else FILLER)
    assert table.cards(seelah, ZoneKind.DISCARD) == ([] if recharged else ["Blessing of Iomedae"])


@pytest.mark.rule("CLOSE-04")
def test_closing_the_laboratory_draws_a_random_item_from_the_box() -> None:
    """Enora meets the Laboratory's Craft 5 (d12+1: a 4); once it is closed she draws a random item."""
    table = Table()
    laboratory = table.location("Laboratory", ["Mace", "Helm"])
    enora = table.character("Enora", at="Laboratory")
    table.dice(4)
    table.pick("Potion of Healing")
    assert table.run(attempt_to_close(table.game, enora, laboratory), "Close Laboratory", "Craft")
    assert laboratory.closed and table.deck("Laboratory") == []
    assert table.cards(enora, ZoneKind.HAND) == ["Potion of Healing"]


# --- the Watchtower: summon and defeat a monster instead of the check to acquire a boon ----------------------------


@pytest.mark.rule("SUM-02")
@pytest.mark.rule("ENC-07")
@pytest.mark.parametrize(("face", "acquired"), [(8, True), (1, False)])
def test_at_the_watchtower_a_boon_is_acquired_by_defeating_a_summoned_monster_instead_of_its_check(
        face: int, acquired: bool) -> None:
    """Seelah summons a random monster (the Dire Rat, Combat 8) instead of her check for the Codex (Intelligence
    8, which her d4 could never reach): defeating it acquires the Codex; failing banishes it, and the rat deals
    its damage. The rat goes back to the box either way."""
    table = Table(strict=True)
    table.location("Watchtower", ["Codex"])
    seelah = table.character("Seelah", at="Watchtower", hand=["Mace"], deck=FILLER * 2)
    rats = in_box(table, "monster", "Dire Rat")
    table.pick("Dire Rat")
    table.dice(face)
    outcome = table.run(encounter(table.game, seelah, table.top("Watchtower")), "Use Watchtower", "Melee", "Done")
    assert outcome == ("acquired" if acquired else "not acquired")
    assert table.cards(seelah, ZoneKind.DISCARD) == ([] if acquired else ["Mace"])
    assert ("Codex" in table.cards(seelah, ZoneKind.HAND)) == acquired and table.deck("Watchtower") == []
    assert in_box(table, "monster", "Dire Rat") == rats and not table.offered("Attempt to acquire Codex")


def test_the_watchtowers_power_is_not_offered_against_a_bane() -> None:
    table = Table()
    table.location("Watchtower", ["Dire Rat"])
    seelah = table.character("Seelah", at="Watchtower")
    table.dice(8)
    assert table.run(encounter(table.game, seelah, table.top("Watchtower")), "Melee") == "defeated"
    assert not table.offered("Use Watchtower")


# --- a location's powers for characters at other locations -------------------------------------------------------

@pytest.mark.rule("ENC-05")
@pytest.mark.rule("TURN-03")
def test_a_character_elsewhere_may_discard_a_card_to_evade_and_move_to_the_forsaken_cloister() -> None:
    """Seelah, at the Manor House, encounters a Dire Rat: she discards a Mace to evade it and moves to the
    Forsaken Cloister, where moving in buries a card; the Dire Rat goes back into the Manor House's deck."""
    table = Table(strict=True)
    table.location("Forsaken Cloister", FILLER)
    table.location(ELSEWHERE, ["Dire Rat"])
    seelah = table.character("Seelah", at=ELSEWHERE, hand=["Mace", "Codex", *FILLER], deck=FILLER * 4)
    outcome = table.run(encounter(table.game, seelah, table.top(ELSEWHERE)), "Use Forsaken Cloister, discard Mace",
                        "Codex")
    assert outcome == "evaded"
    assert seelah.location == "Forsaken Cloister"
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Mace"] and table.cards(seelah, ZoneKind.BURIED) == ["Codex"]
    assert table.deck(ELSEWHERE) == ["Dire Rat"]


@pytest.mark.parametrize(("seelah_at", "closed"), [("Forsaken Cloister", False), (ELSEWHERE, True)])
def test_the_forsaken_cloister_offers_its_evasion_only_to_characters_elsewhere_while_it_is_open(
        seelah_at: str, closed: bool) -> None:
    table = Table(strict=True)
    rat = ["Dire Rat"]
    table.location("Forsaken Cloister", rat if seelah_at == "Forsaken Cloister" else [])
    table.location(ELSEWHERE, rat if seelah_at == ELSEWHERE else [])
    table.game.locations["Forsaken Cloister"].closed = closed
    seelah = table.character("Seelah", at=seelah_at, hand=["Mace", *FILLER], deck=FILLER * 4)
    table.dice(8)
    assert table.run(encounter(table.game, seelah, table.top(seelah_at)), "Melee 1d8+3", "Done") == "defeated"
    offered = [option.label for decision in table.decisions for option in decision.options]
    assert offered and not any("Forsaken Cloister" in label for label in offered)
