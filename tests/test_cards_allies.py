"""The allies of the box (src/pacg/data/allies), card by card, each power at work on a real table.

The table is at the Watchtower (whose only power is for boons encountered there), the Armory beside it.
Combat checks are against a Mercenary (Combat 10) or a Demonling (a Demon, Combat 9); Seelah's Melee is
Strength 1d8+3. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.state import TurnState
from pacg.engine.turn import end_turn, explore_step
from pacg.engine.zones import ZoneKind
from table import Table

HERE = "Watchtower"
THERE = "Armory"
FILLER = ["Blessing of Ascension"]




# --- recharge it (or bury it) to add dice to a combat check ---------------------------------------------------------

# ally, the bane, the answer, the pool of Seelah's Melee check, where the ally goes
COMBAT = [
    ("Demon Hunter", "Mercenary", "Recharge Demon Hunter: add 1d4", "1d8+1d4+3", ZoneKind.DECK),
    ("Demon Hunter", "Demonling", "Recharge Demon Hunter: add 1d8", "2d8+3", ZoneKind.DECK),
    ("Mendevian Crusader", "Mercenary", "Recharge Mendevian Crusader: add 1d4", "1d8+1d4+3", ZoneKind.DECK),
    ("Mendevian Crusader", "Demonling", "Recharge Mendevian Crusader: add 1d6", "1d8+1d6+3", ZoneKind.DECK),
    ("Grizzled Mercenary", "Mercenary", "Bury Grizzled Mercenary", "2d8+3", ZoneKind.BURIED),
]


@pytest.mark.parametrize(("ally", "bane", "answer", "pool", "goes"), COMBAT)
def test_an_ally_adds_its_dice_to_a_combat_check(ally: str, bane: str, answer: str, pool: str,
                                                 goes: ZoneKind) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[ally], deck=["Cure"])
    table.dice(4, 3)
    result = table.check(seelah, bane, "Melee", answer)
    assert (str(result.pool), result.total) == (pool, 10)
    assert table.cards(seelah, goes)[-1] == ally and table.cards(seelah, ZoneKind.HAND) == []


@pytest.mark.parametrize("ally", ["Demon Hunter", "Mendevian Crusader"])
def test_the_demon_slayers_extra_dice_are_only_offered_against_a_demon(ally: str) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[ally])
    table.dice(4, 3)
    table.check(seelah, "Mercenary", "Melee", f"Recharge {ally}: add 1d4")
    labels = [o.label for d in table.decisions for o in d.options if o.label.startswith(f"Recharge {ally}")]
    assert labels == [f"Recharge {ally}: add 1d4"]


def test_the_grizzled_mercenary_helps_a_local_characters_combat_check_but_not_a_noncombat_one() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=["Grizzled Mercenary"])
    table.dice(4, 3)
    result = table.check(harsk, "Mercenary", "Strength", "Bury Grizzled Mercenary")
    assert str(result.pool) == "1d8+1d6" and table.cards(kyra, ZoneKind.BURIED) == ["Grizzled Mercenary"]
    table.dice(4)
    table.attempt(harsk, "Strength 4", "Strength")
    assert not table.offered("Bury Grizzled Mercenary")


@pytest.mark.parametrize(("player", "answer", "goes"), [
    ("Seelah", "Recharge Recruit", ZoneKind.DECK),  # proficient with weapons: recharged
    ("Enora", "Discard Recruit", ZoneKind.DISCARD),  # not proficient: discarded
])
def test_the_recruit_adds_1_to_a_local_combat_check_and_is_recharged_if_its_player_is_proficient(
    player: str, answer: str, goes: ZoneKind
) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE)
    helper = table.character(player, at=HERE, hand=["Recruit"], deck=["Cure"])
    table.dice(5)
    result = table.check(harsk, "Mercenary", "Strength", answer)
    assert (str(result.pool), result.total) == ("1d6+1", 6)
    assert table.cards(helper, goes)[-1] == "Recruit"
    other = "Discard Recruit" if goes is ZoneKind.DECK else "Recharge Recruit"
    assert not table.offered(other)


# --- noncombat checks ---------------------------------------------------------------------------------------------


# ally, Seelah's skill, the pool with the ally's 1d6 (None: not offered); faces 3 and 4
NONCOMBAT = [
    ("Raconteur", "Charisma", "1d10+1d6", 7), ("Raconteur", "Diplomacy", "1d10+1d6+1", 8),
    ("Raconteur", "Strength", None, 3),
    ("Teamster", "Strength", "1d8+1d6", 7), ("Teamster", "Constitution", "1d8+1d6", 7),
    ("Teamster", "Charisma", None, 3),
    ("Athlete", "Strength", "1d8+1d6", 7), ("Athlete", "Dexterity", "1d6+1d4", 7), ("Athlete", "Wisdom", None, 3),
    ("Researcher", "Intelligence", "1d6+1d4", 7), ("Researcher", "Charisma", None, 3),
]


@pytest.mark.parametrize(("ally", "skill", "pool", "total"), NONCOMBAT)
def test_a_noncombat_helper_recharges_for_1d6_on_checks_with_its_skills(ally: str, skill: str, pool: str | None,
                                                                       total: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[ally], deck=["Cure"])
    table.dice(3, 4)
    result = table.attempt(seelah, f"{skill} 20", skill, *([f"Recharge {ally}"] if pool else []))
    assert table.offered(f"Recharge {ally}") == bool(pool)
    assert result.total == total
    if pool:
        assert str(result.pool) == pool
        assert table.cards(seelah, ZoneKind.DECK) == ["Cure", ally]


def test_the_raconteur_does_not_help_a_combat_check() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Raconteur", "Teamster"])
    table.dice(4, 3)
    table.check(seelah, "Mercenary", "Strength")
    assert not table.offered("Recharge Raconteur") and not table.offered("Recharge Teamster")


def test_the_teamster_helps_a_local_characters_strength_check() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=["Teamster"], deck=["Cure"])
    table.dice(4, 3)
    assert table.attempt(harsk, "Strength 6", "Strength", "Recharge Teamster").total == 7
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Teamster"]


# --- damage -------------------------------------------------------------------------------------------------------


@pytest.mark.rule("DMG-01")
def test_the_caravan_guard_is_recharged_to_reduce_a_local_characters_combat_damage_by_2() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Helm", "Codex"])
    kyra = table.character("Kyra", at=HERE, hand=["Caravan Guard"], deck=["Cure"])
    table.run(take_damage(table.game, seelah, 3, "Combat"), "Recharge Caravan Guard", "Discard Mace")
    assert "The damage to Seelah is reduced to 1" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == ["Helm", "Codex"]
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Caravan Guard"]


def test_the_caravan_guard_does_not_reduce_fire_damage() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Helm", "Caravan Guard"])
    table.run(take_damage(table.game, seelah, 1, "Fire"), "Discard Mace")
    assert not table.offered("Recharge Caravan Guard")


@pytest.mark.rule("DMG-02")
def test_the_vulture_is_revealed_to_pass_1_damage_to_a_random_other_character() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Vulture", "Mace", "Helm"])
    kyra = table.character("Kyra", at=THERE, hand=["Codex", "Cure"])
    table.pick("Kyra")
    table.run(take_damage(table.game, harsk, 2, "Combat"), "Reveal Vulture", "Discard Codex", "Discard Mace")
    assert table.cards(harsk, ZoneKind.HAND) == ["Vulture", "Helm"], "revealed: it stays in hand"
    assert table.cards(harsk, ZoneKind.DISCARD) == ["Mace"]
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Codex"]


# --- exploring, evading, moving -----------------------------------------------------------------------------------


@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize("ally", ["Caravan Guard", "Demon Hunter", "Mendevian Crusader"])
def test_an_ally_is_discarded_to_explore(ally: str) -> None:
    """The turn's free exploration is spent: the ally gives another."""
    table = Table()
    table.location(HERE, ["Mace"])
    kyra = table.character("Kyra", at=HERE, hand=[ally])
    table.game.turn = TurnState(kyra, explorations=1)
    table.run(explore_step(table.game, kyra), f"Discard {ally}", "Let Mace go")
    assert "Kyra encounters Mace" in table.game.log
    assert table.cards(kyra, ZoneKind.DISCARD) == [ally]


@pytest.mark.rule("ENC-05")
@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize("seed", range(4))  # an evaded card shuffled in would land elsewhere with some seed
def test_during_the_exploration_the_frog_gives_it_is_buried_from_the_discard_pile_to_evade_a_trap(seed: int) -> None:
    """Kyra discards the Frog to explore; the Trap she finds is evaded with the Frog, buried from her discard
    pile, and goes to the bottom of its deck."""
    table = Table(seed=seed, strict=True)
    table.location(HERE, ["Spiked Pit Trap", "Mace", "Codex", "Helm"])
    kyra = table.character("Kyra", at=HERE, hand=["Frog"])
    table.game.turn = TurnState(kyra, explorations=1)
    table.run(explore_step(table.game, kyra), "Discard Frog", "Use Frog, bury Frog")
    assert table.deck(HERE) == ["Mace", "Codex", "Helm", "Spiked Pit Trap"]
    assert table.cards(kyra, ZoneKind.BURIED) == ["Frog"] and table.game.lasting == []


def test_the_frog_in_the_discard_pile_evades_nothing_in_another_exploration() -> None:
    """The Frog discarded in an earlier exploration does not help in this one: the Trap is encountered."""
    table = Table()
    table.location(HERE, ["Spiked Pit Trap"])
    kyra = table.character("Kyra", at=HERE, discard=["Frog"], deck=FILLER * 3)
    table.game.turn = TurnState(kyra)
    table.dice(12)
    table.run(explore_step(table.game, kyra), "Explore", "Wisdom")
    assert not table.offered("Use Frog")
    assert "Kyra encounters Spiked Pit Trap" in table.game.log and table.cards(kyra, ZoneKind.DISCARD)[0] == "Frog"


@pytest.mark.rule("ENC-07")
def test_a_boon_found_in_the_exploration_the_grizzled_mercenary_gives_is_banished() -> None:
    """Kyra discards the Mercenary to explore into a Mace: it is banished, with no chance to acquire it; in the
    next exploration, one she gets from the Frog, the Codex may be acquired again."""
    table = Table(strict=True)
    table.location(HERE, ["Mace", "Codex"])
    kyra = table.character("Kyra", at=HERE, hand=["Grizzled Mercenary", "Frog"])
    table.game.turn = TurnState(kyra, explorations=1)
    table.dice(8)
    table.run(explore_step(table.game, kyra), "Discard Grizzled Mercenary", "Discard Frog", "Done",
              "Attempt to acquire", "Knowledge")
    assert "Mace is banished" in table.game.log and not table.offered("Attempt to acquire Mace")
    assert table.cards(kyra, ZoneKind.HAND) == ["Codex"]


def test_the_frog_does_not_evade_a_monster() -> None:
    table = Table()
    table.location(HERE, ["Mercenary"])
    seelah = table.character("Seelah", at=HERE, hand=["Frog", *FILLER * 4], deck=FILLER * 4)
    table.dice(8, 8)
    mercenary = table.game.zones.cards(table.game.locations[HERE].deck)[0]
    table.run(encounter(table.game, seelah, mercenary), "Melee")
    assert not table.offered("Bury Frog")


@pytest.mark.rule("TURN-03")
@pytest.mark.parametrize("along", [True, False])
def test_the_riding_horse_is_discarded_at_the_end_of_your_turn_to_move_taking_a_local_character_along(
    along: bool
) -> None:
    table = Table()
    table.location(THERE)
    kyra = table.character("Kyra", at=HERE, hand=["Riding Horse"], deck=FILLER * 6)
    harsk = table.character("Harsk", at=HERE)
    table.game.turn = TurnState(kyra)
    table.run(end_turn(table.game, kyra, forced=False), "Discard Riding Horse", "Yes" if along else "No")
    assert kyra.location == THERE and harsk.location == (THERE if along else HERE)
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Riding Horse"]


@pytest.mark.rule("KEEP-01")
def test_the_researcher_is_recharged_for_1d6_on_a_local_characters_knowledge_check() -> None:
    """Seelah recharges her Researcher on Kyra's Knowledge check at her location (Intelligence 1d8, Knowledge +2):
    1d8+1d6+2 against 12. It is not offered on a combat check."""
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Researcher"])
    kyra = table.character("Kyra", at=HERE)
    table.dice(6, 4)
    result = table.attempt(kyra, "Knowledge 12", "Knowledge", "Recharge Researcher")
    assert str(result.pool) == "1d8+1d6+2" and result.total == 12 and result.success
    assert table.cards(seelah, ZoneKind.DECK) == ["Researcher"]
    table.dice(6)
    table.attempt(kyra, "Combat 12", "Strength")
    assert not table.offered("Recharge Researcher")
