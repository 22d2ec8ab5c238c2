"""Card definitions never change, and what changes about a card in a game is that game's (issue 11).

A library reads each card once, and one full box of physical cards serves every game filled from it
(`GameState.fill_box`):
so a card model, everything in it (powers, effects, conditions, filters, amounts, checks) and a physical card
refuse to be changed, and a game keeps what it changes about a card (an ignored trait, a redeemed boon) itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from pacg.cards.amounts import Amount
from pacg.cards.model import Boon, Character, Location, Scenario
from pacg.cards.powers import AddDice, CardFilter, Timing
from pacg.cards.vocabulary import CardType, Skill
from pacg.engine.filters import fits
from pacg.engine.setup import new_game
from pacg.engine.window import play_window
from pacg.engine.zones import PhysicalCard, ZoneKind, box
from table import Table, library

CORRUPTED = CardFilter(traits=("Corrupted",))


def _mutable_parts(value: Any, where: str) -> Iterator[str]:
    """Where a card's data holds something that could be changed: a list, dict or set, or a model or dataclass
    that isn't frozen."""
    if isinstance(value, (list, dict, set, bytearray)):
        yield f"{where}: a {type(value).__name__}"
    elif isinstance(value, BaseModel):
        if not type(value).model_config.get("frozen"):
            yield f"{where}: {type(value).__name__} is not frozen"
        for name in type(value).model_fields:
            yield from _mutable_parts(getattr(value, name), f"{where}.{name}")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            yield f"{where}: {type(value).__name__} is not frozen"
        for field in dataclasses.fields(value):
            yield from _mutable_parts(getattr(value, field.name), f"{where}.{field.name}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _mutable_parts(item, f"{where}[{index}]")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _mutable_parts(item, f"{where}[{key!r}]")


def test_no_card_of_the_library_holds_anything_that_could_be_changed() -> None:
    """Every part of every built-in card, and what a card reads from its powers once (by timing, by moment), is
    frozen, a tuple or a read-only mapping."""
    found = [part for card in library() for part in _mutable_parts(card, card.name)]
    found += [part for card in library() for name in ("powers_by_timing", "choices_by_moment", "displayed_standing")
              for part in _mutable_parts(getattr(card, name), f"{card.name}.{name}")]
    assert found == []
    with pytest.raises(TypeError):
        library().typed("Sacristy", Location).powers_by_timing[Timing.CHECK] = ()


def test_a_cards_fields_cannot_be_assigned() -> None:
    longsword = library().typed("Longsword", Boon)
    with pytest.raises(ValidationError, match="frozen"):
        longsword.name = "Shortsword"
    with pytest.raises(ValidationError, match="frozen"):
        longsword.traits = ("Elite",)
    assert longsword.name == "Longsword" and "Elite" not in longsword.traits


def test_a_cards_traits_and_powers_cannot_be_added_to() -> None:
    longsword = library().typed("Longsword", Boon)
    traits, powers = longsword.traits, longsword.powers
    with pytest.raises(AttributeError):
        longsword.traits.append("Elite")
    with pytest.raises(AttributeError):
        longsword.powers.append(powers[0])
    with pytest.raises(TypeError):
        longsword.powers[0] = powers[-1]
    assert longsword.traits == traits and longsword.powers == powers


def test_a_power_and_its_effects_cannot_be_changed() -> None:
    """A power (a frozen dataclass), its effects, conditions and filters refuse every change."""
    power = next(power for power in library().typed("Longsword", Boon).powers if power.effect(AddDice))
    with pytest.raises(FrozenInstanceError):
        power.optional = False
    with pytest.raises(ValidationError, match="frozen"):
        power.effect(AddDice).add_dice = Amount(10)
    with pytest.raises(TypeError):
        power.effects[0] = power.effects[-1]
    with pytest.raises(ValidationError, match="frozen"):
        power.conditions.check = "noncombat"
    assert str(power.effect(AddDice).add_dice) == "1d8"


def test_a_cards_mappings_cannot_be_changed() -> None:
    """A location's deck list, a character's skills and Cards List, a scenario's locations are read-only."""
    sacristy = library().typed("Sacristy", Location)
    with pytest.raises(TypeError):
        sacristy.deck[CardType.MONSTER] = 9
    seelah = library().typed("Seelah", Character)
    with pytest.raises(TypeError):
        del seelah.skills[Skill.STRENGTH]
    with pytest.raises(TypeError):
        seelah.cards_list[CardType.WEAPON] = seelah.cards_list[CardType.BLESSING]
    with pytest.raises(TypeError):
        library().typed("The Godless Ones", Scenario).locations[1] = ()
    assert Skill.STRENGTH in seelah.skills


def test_a_mapping_a_card_file_leaves_out_is_read_only_too() -> None:
    """A default ({}: a skill with no derived skills) is no dict shared by every card that leaves it out."""
    derived = [entry.derived for card in library() if isinstance(card, Character)
               for entry in card.skills.values() if not entry.derived]
    assert len(derived) > 1
    with pytest.raises(TypeError):
        derived[0][Skill.MELEE] = 3
    assert not any(derived)


@pytest.mark.parametrize("name", PhysicalCard.__slots__)
def test_a_physical_cards_attributes_cannot_be_assigned_nor_deleted(name: str) -> None:
    card = Table().card("Corroded Helm")
    before = getattr(card, name)
    with pytest.raises(FrozenInstanceError):
        setattr(card, name, None)
    with pytest.raises(FrozenInstanceError):
        delattr(card, name)
    assert getattr(card, name) is before


def test_a_physical_cards_traits_are_its_cards() -> None:
    card = Table().card("Corroded Helm")
    assert isinstance(card.traits, tuple) and card.traits is card.card.traits
    with pytest.raises(AttributeError):
        card.traits.remove("Corrupted")


@pytest.mark.rule("GOLD-03")
def test_a_trait_ignored_in_one_game_is_not_ignored_in_another() -> None:
    """Two games filled from one library share the box's physical cards. Seelah recharges a Blessing of Pulura
    to ignore the Corrupted trait of her Corroded Helm: in her game the helm has no Corrupted trait this turn;
    in the other game the same physical card still has it."""
    one, other = Table(strict=True), Table()
    seelah = one.character("Seelah", at="Armory", hand=["Blessing of Pulura", "Corroded Helm"])
    helm = one.game.zones.cards(seelah.hand)[1]
    assert other.card("Corroded Helm") is helm  # the very same physical card
    one.run(play_window(one.window(seelah, Timing.TURN_START)), "Recharge Blessing of Pulura")
    assert one.cards(seelah, ZoneKind.DECK) == ["Blessing of Pulura"]
    assert "Corrupted" not in one.game.traits(helm) and not fits(one.game, helm, CORRUPTED)
    assert other.game.traits(helm) == ("Elite", "Heavy Armor", "Helm", "Corrupted")
    assert fits(other.game, helm, CORRUPTED) and "Corrupted" in helm.traits


@pytest.mark.rule("RED-01")
def test_a_boon_redeemed_in_one_game_is_not_redeemed_in_another() -> None:
    """A game of the Adventure Path in which the Corroded Helm was redeemed sees it without its Corrupted trait;
    a game of another party from the same library, in which it wasn't, sees the trait on the same physical card."""
    redeemed = new_game(library(), "The Godless Ones", ["Seelah"], seed=3, redeemed=["Corroded Helm"])
    fresh = new_game(library(), "The Godless Ones", ["Seelah"], seed=3)
    helm = next(card for card in redeemed.zones.cards(box(CardType.ARMOR)) if card.name == "Corroded Helm")
    assert helm in fresh.zones.cards(box(CardType.ARMOR))
    assert not fits(redeemed, helm, CORRUPTED) and redeemed.redeemed == {"Corroded Helm"}
    assert fits(fresh, helm, CORRUPTED) and fresh.redeemed == set()
    assert fresh.traits(helm) == helm.card.traits == ("Elite", "Heavy Armor", "Helm", "Corrupted")


def test_what_a_card_reads_from_its_powers_is_read_once() -> None:
    """A frozen card still keeps what it reads from its powers (`cached_property`): its powers by timing and by
    moment are worked out once, from its powers in their order."""
    longsword = library().typed("Longsword", Boon)
    assert longsword.powers_by_timing is longsword.powers_by_timing
    assert longsword.choices_by_moment is longsword.choices_by_moment
    assert longsword.powers_by_timing[None] == tuple(enumerate(longsword.powers))
    assert [power for _, power in longsword.powers_by_timing[Timing.CHECK]] == list(longsword.powers)
