"""The cohorts of the box (src/pacg/data/cohorts), card by card, each power at work on a real table.

A cohort is played from the hand like a boon (SETUP-11). The table is at the Watchtower (no powers of its
own). Anevia Tirabade and Aravashnial come with Adventure Deck 1, so their tables play adventure 1 (SET-01).
Harsk's dice: Dexterity 1d8 (Stealth +2), Wisdom 1d8 (Perception +1); Enora's Intelligence 1d12
(Knowledge +3, Arcane +1). Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.cards.model import Character
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.state import TurnState
from pacg.engine.turn import _any_time
from pacg.engine.zones import ZoneKind
from table import Table, feats

HERE = "Watchtower"
FILLER = ["Blessing of Ascension"]




# --- reveal it to add 1d6 to a local character's check with its skills --------------------------------------------

# cohort, the checker, the skill, the pool with the cohort's 1d6 (None: not offered)
REVEALED = [
    ("Anevia Tirabade", "Harsk", "Dexterity", "1d8+1d6"),
    ("Anevia Tirabade", "Harsk", "Stealth", "1d8+1d6+2"),
    ("Anevia Tirabade", "Harsk", "Wisdom", None),
    ("Aravashnial", "Enora", "Knowledge", "1d12+1d6+3"),
    ("Aravashnial", "Enora", "Arcane", "1d12+1d6+1"),
    ("Aravashnial", "Harsk", "Perception", "1d8+1d6+1"),
    ("Aravashnial", "Harsk", "Dexterity", None),
]


@pytest.mark.parametrize(("cohort", "who", "skill", "pool"), REVEALED)
def test_a_cohort_is_revealed_to_add_1d6_to_a_local_characters_check_with_its_skills(
    cohort: str, who: str, skill: str, pool: str | None
) -> None:
    """Kyra holds the cohort; the checker beside her gets its 1d6, and she keeps it in hand."""
    table = Table(adventure_deck_number=1)
    checker = table.character(who, at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=[cohort])
    table.dice(3, 4)
    result = table.attempt(checker, f"{skill} 20", skill, *([f"Reveal {cohort}"] if pool else []))
    assert table.offered(f"Reveal {cohort}") == bool(pool)
    if pool:
        assert str(result.pool) == pool and result.total == 7 + result.pool.modifier
    assert table.cards(kyra, ZoneKind.HAND) == [cohort]


@pytest.mark.rule("DMG-01")
def test_anevia_tirabade_is_recharged_to_reduce_a_local_characters_combat_damage_by_2() -> None:
    table = Table(adventure_deck_number=1)
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Helm", "Codex"])
    kyra = table.character("Kyra", at=HERE, hand=["Anevia Tirabade"], deck=["Cure"])
    table.run(take_damage(table.game, seelah, 3, "Combat"), "Recharge Anevia Tirabade", "Discard Mace")
    assert "The damage to Seelah is reduced to 1" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == ["Helm", "Codex"]
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Anevia Tirabade"]


def test_anevia_tirabade_does_not_reduce_fire_damage() -> None:
    table = Table(adventure_deck_number=1)
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Anevia Tirabade"])
    table.run(take_damage(table.game, seelah, 1, "Fire"), "Discard Mace")
    assert not table.offered("Recharge Anevia Tirabade")


def test_aravashnial_is_recharged_to_put_a_spell_from_your_discard_pile_on_top_of_your_deck() -> None:
    table = Table(adventure_deck_number=1)
    enora = table.character("Enora", at=HERE, hand=["Aravashnial"], deck=["Mace", "Helm"],
                            discard=["Codex", "Cure"])
    table.game.turn = TurnState(enora)
    table.run(_any_time(table.game, enora, [enora]), "Recharge Aravashnial")
    assert table.cards(enora, ZoneKind.DECK) == ["Cure", "Mace", "Helm", "Aravashnial"]
    assert table.cards(enora, ZoneKind.DISCARD) == ["Codex"], "only a spell"


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize(("bane", "evades"), [("Mercenary", True), ("Spiked Pit Trap", False)])
def test_cecilla_the_uprooter_is_discarded_to_evade_a_monster(bane: str, evades: bool) -> None:
    table = Table()
    table.location(HERE, [bane, "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Cecilla the Uprooter", *FILLER * 4], deck=FILLER * 4)
    top = table.game.zones.cards(table.game.locations[HERE].deck)[0]
    table.dice(8, 8)
    outcome = table.run(encounter(table.game, seelah, top),
                        *(["Discard Cecilla the Uprooter: evade"] if evades else ["Wisdom"]))
    assert table.offered("Discard Cecilla the Uprooter: evade") == evades
    if evades:
        assert outcome == "evaded" and sorted(table.deck(HERE)) == sorted([bane, "Mace"])
        assert table.cards(seelah, ZoneKind.DISCARD) == ["Cecilla the Uprooter"]


@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("ilivan_at", "against", "pool"), [
    (HERE, "Mercenary", "1d8+1d6+3"),  # a local character's combat check against a monster
    ("Manor House", "Mercenary", None),  # not at another location
    (HERE, None, None),  # not a combat check against no card
])
def test_sir_ilivan_is_revealed_to_add_1d6_to_a_local_characters_combat_check_against_a_monster(
    ilivan_at: str, against: str | None, pool: str | None
) -> None:
    """Kyra holds Sir Ilivan; Seelah attempts a Melee combat check (Strength 1d8, Melee +3)."""
    table = Table()
    seelah = table.character("Seelah", at=HERE)
    kyra = table.character("Kyra", at=ilivan_at, hand=["Sir Ilivan"])
    table.dice(3, 4)
    answers = ["Melee", *(["Reveal Sir Ilivan"] if pool else [])]
    if against is None:
        result = table.attempt(seelah, "Combat 20", *answers)
    else:
        result = table.check(seelah, against, *answers)
    assert table.offered("Reveal Sir Ilivan") == bool(pool)
    if pool:
        assert str(result.pool) == pool and result.total == 3 + 4 + 3
    assert table.cards(kyra, ZoneKind.HAND) == ["Sir Ilivan"]


# --- a support card is no boon (SUP-01) -----------------------------------------------------------------------------


def _renewing_crowe(table: Table, hand: list[str]) -> None:
    """Crowe the Spellrager with the renew box: at any time, discard a boon without the Attack trait to recharge a
    card with the Attack trait from your discard pile (Force Missile)."""
    spellrager = next(role for role in table.game.library.typed("Crowe", Character).roles if role.name == "Spellrager")
    renew = next(index for index, power in enumerate(spellrager.powers) if power.box == "renew")
    crowe = table.character("Crowe", at=HERE, hand=hand, discard=["Force Missile"],
                            feats=feats("Spellrager", renew, "renew"))
    table.run(_any_time(table.game, crowe, [crowe]))


@pytest.mark.rule("SUP-01")
def test_a_cohort_is_no_boon_to_pay_a_power_that_asks_for_one() -> None:
    """Support cards are neither banes nor boons: Crowe can't discard the cohort Kolo (no Attack trait) for his
    power that asks for a boon, only the item Codex."""
    table = Table()
    _renewing_crowe(table, ["Kolo"])
    assert table.decisions == [], "with only a cohort in hand, the power is not offered"
    table = Table()
    _renewing_crowe(table, ["Kolo", "Codex"])
    offered = [option.label for option in table.decisions[0].options]
    assert offered == ["Done", "Use Crowe's power, discard Codex: recharge a card with the Attack trait from your "
                               "discard pile"]
