"""Effects of the power language that last, restrict and choose, each shown changing a real table: lasting
paragraphs and when they end, what can't be played or reduced, choosing one of several effects, "you may ...;
if you do", choosing from cards drawn from the box, moving at random or to a kind of location, closing by being
dealt damage, summoning a copy of the card encountered, and recharging a card buried for its power.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.closing import attempt_to_close
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import TurnState
from pacg.engine.turn import explore
from pacg.engine.window import resolve
from pacg.engine.zones import REMOVED, ZoneKind, box
from table import Table, card, kind_of

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of



def effects(*data: dict[str, object]) -> list[object]:
    """Effects as a card file writes them."""
    from pydantic import TypeAdapter

    from pacg.cards.powers import Effect

    return [TypeAdapter(Effect).validate_python(one) for one in data]


def step(table: Table, character, timing: Timing = Timing.ANY_TIME) -> Step:  # type: ignore[no-untyped-def]
    return Step(game=table.game, checker=character, timing=timing)


BONUS_DURING_EXPLORATION = {"lasting": [{"when": "check", "optional": False, "if": {"purpose": ["acquire"]},
                                          "effects": [{"add_dice": "1d4+2"}]}],
                            "until": "end of exploration"}


@pytest.mark.rule("TURN-05")
def test_a_lasting_bonus_applies_during_the_exploration_and_ends_with_it() -> None:
    """Like Horgus Gwerm's "during that exploration, add 1d4+2 to your checks to acquire": the bonus is on the
    check to acquire the card explored, and gone once that exploration is over."""
    table = Table()
    table.location("Armory", ["Codex", "Frog"])
    alain = table.character("Alain", at="Armory", deck=FILLER * 6)
    table.game.turn = TurnState(alain)
    table.run(resolve(step(table, alain), effects(BONUS_DURING_EXPLORATION), alain))
    table.dice(1, 3)
    table.run(explore(table.game, alain), "Attempt", "Intelligence")
    acquired = [line for line in table.game.log if "succeeded at Intelligence" in line or "failed at" in line]
    assert "1d6+1d4+2" in acquired[0] and table.game.lasting == []


DAUNTING = card("""
name: Daunting Fiend
type: monster
set: B
provenance: standin
notes: A test monster against which, once you act, you can't play weapons (like Millorn).
check_to_defeat: Combat 8
powers:
- when: before acting
  optional: false
  effects:
  - lasting:
    - {when: any time, optional: false, effects: [{cannot_play: {types: [weapon]}}]}
    until: end of encounter
""")


@pytest.mark.rule("GOLD-03")
def test_what_a_lasting_paragraph_says_cant_be_played_isnt_offered_until_the_encounter_ends() -> None:
    """Like Millorn's "you can't play weapons or spells for the rest of the encounter": no Shortbow on the
    check, a blessing still; once the encounter is over the Shortbow may be played again."""
    table = Table(extra_cards=[DAUNTING])
    table.location("Armory", ["Daunting Fiend"])
    harsk = table.character("Harsk", at="Armory", hand=["Shortbow", "Blessing of Ascension"])
    table.dice(6, 6)
    table.run(encounter(table.game, harsk, table.top("Armory")), "Strength", "Discard Blessing of Ascension")
    labels = [option.label for decision in table.decisions for option in decision.options]
    assert not any(label.startswith("Reveal Shortbow") for label in labels)
    assert table.game.lasting == []
    table.dice(3)
    table.run(attempt_checks(table.game, harsk, "Combat 8", Purpose.DEFEAT), "Reveal Shortbow")


@pytest.mark.rule("DMG-01")
def test_damage_that_cant_be_reduced_offers_no_armor() -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=["Leather Armor", "Codex"])
    table.run(resolve(step(table, kyra), effects({"deal_damage": 1, "type": "Mental", "reducible": False}), kyra),
              "Discard Codex")
    assert table.cards(kyra, ZoneKind.HAND) == ["Leather Armor"]
    assert not any(kind_of(d) == "damage" for d in table.decisions)


PITBORN = card("""
name: Unrelenting Fiend
type: monster
set: B
provenance: standin
notes: A test monster whose damage can't be reduced.
check_to_defeat: Combat 12
powers:
- {when: damage, optional: false, effects: [{cannot_reduce: true}]}
""")


@pytest.mark.rule("GOLD-03")
def test_a_banes_damage_that_cant_be_reduced_offers_no_armor() -> None:
    table = Table(extra_cards=[PITBORN])
    table.location("Armory", ["Unrelenting Fiend"])
    kyra = table.character("Kyra", at="Armory", hand=["Leather Armor", "Codex", "Frog"])
    table.dice(1)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Strength")
    assert table.cards(kyra, ZoneKind.HAND) == [] and not any(kind_of(d) == "damage" for d in table.decisions)


@pytest.mark.rule("CHK-06")
def test_the_player_chooses_one_of_the_effects() -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", deck=FILLER * 3)
    table.run(resolve(step(table, kyra), effects({"choose_one": [[{"draw": 1}], [{"draw": 2}]]}), kyra), "Draw 2")
    assert len(table.cards(kyra, ZoneKind.HAND)) == 2


@pytest.mark.parametrize(("answer", "hand"), [("No", 0), ("Draw a card", 2)])
def test_you_may_do_it_and_if_you_do_what_follows_is_done_too(answer: str, hand: int) -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", deck=FILLER * 3)
    table.run(resolve(step(table, kyra), effects({"may": [{"draw": 1}], "if_you_do": [{"draw": 1}]}), kyra), answer)
    assert len(table.cards(kyra, ZoneKind.HAND)) == hand


TEMPTATION = card("""
name: Tempting Armory
type: barrier
set: B
traits: [Temptation]
provenance: standin
notes: A test barrier like the Temptations, whose choice decides whether it is defeated.
check_to_defeat: See Below
powers:
- when: on encounter
  optional: false
  effects:
  - choose_from_box: {types: [armor]}
    count: 3
    if_kept: [{defeat: false}]
    if_not: [{defeat: true}]
""")


@pytest.mark.rule("ENC-06")
@pytest.mark.parametrize(("keep", "outcome"), [(True, "undefeated"), (False, "defeated")])
def test_a_choice_among_cards_from_the_box_decides_a_barrier(keep: bool, outcome: str) -> None:
    """Keeping one of the 3 armors leaves the barrier undefeated; keeping none defeats it. Those not kept
    stay in the box."""
    table = Table(extra_cards=[TEMPTATION])
    table.location("Armory", ["Tempting Armory"])
    alain = table.character("Alain", at="Armory")
    for armor in [c for c in table.game.zones.cards(box("armor")) if c.name != "Helm"][1:]:
        table.game.zones.move(armor, REMOVED)  # the box keeps three armors: two Helms and one other
    armors = len(table.game.zones.cards(box("armor")))
    result = table.run(encounter(table.game, alain, table.top("Armory")), "Helm" if keep else "Keep none")
    keeps = [d for d in table.decisions if kind_of(d) == "keep"]
    assert len(keeps[0].options) == 4  # none, or one of 3
    assert result == outcome
    assert len(table.cards(alain, ZoneKind.HAND)) == (1 if keep else 0)
    assert len(table.game.zones.cards(box("armor"))) == armors - (1 if keep else 0)


@pytest.mark.rule("TURN-03")
def test_a_move_at_random_goes_to_another_location_of_the_kind_named() -> None:
    table = Table()
    for name in ("Armory", "Laboratory", "Manor House"):
        table.location(name)
    kyra = table.character("Kyra", at="Armory")
    table.run(resolve(step(table, kyra), effects({"move": "you", "to": "random"}), kyra))
    assert kyra.location in ("Laboratory", "Manor House")
    table.run(resolve(step(table, kyra), effects({"move": "you", "where": {"traits": ["Abyssal"]}}), kyra))
    assert kyra.location in ("Laboratory", "Manor House")  # no Abyssal location: the move is ignored (GOLD-04)


BRIDGE = card("""
name: Swaying Bridge
type: location
set: B
provenance: standin
notes: A test location closed by being dealt damage, like the Collapsing Bridge.
deck: {}
when_closing: [{damage: 4, damage_type: Combat}]
""")


@pytest.mark.rule("CLOSE-02")
def test_a_location_closed_by_being_dealt_damage_closes_once_the_damage_is_dealt() -> None:
    """The Example of Play: the Collapsing Bridge's requirement is being dealt 4 Combat damage; Alain reduces
    it with a Helm and his Magic Scale Mail and discards one card for what is left."""
    table = Table(extra_cards=[BRIDGE])
    bridge = table.location("Swaying Bridge")
    alain = table.character("Alain", at="Swaying Bridge", hand=["Helm", "Magic Scale Mail", "Codex"])
    met = table.run(attempt_to_close(table.game, alain, bridge, temporarily=True), "Temporarily close",
                    "Reveal Helm", "Recharge Magic Scale Mail", "Discard Codex")
    assert met and table.cards(alain, ZoneKind.DISCARD) == ["Codex"]


CANYON_LIKE = card("""
name: Echoing Gorge
type: location
set: B
provenance: standin
notes: A test location where each other local character summons a copy of a monster encountered.
deck: {}
when_closing: [{automatic: true}]
at_this_location:
- when: on encounter
  optional: false
  if:
    against: {types: [monster], not_types: [villain, henchman]}
    summoned: false
  effects:
  - summon: the encountered card
    who: each other local
""")


@pytest.mark.rule("SUM-01")
def test_a_copy_of_the_card_encountered_is_summoned_and_vanishes_after() -> None:
    table = Table(extra_cards=[CANYON_LIKE])
    table.location("Echoing Gorge", ["Dire Rat"])
    imrijka = table.character("Imrijka", at="Echoing Gorge")
    table.character("Balazar", at="Echoing Gorge")
    total = table.game.zones.total
    table.dice(6, 8)  # Balazar (his summoned copy first, SUM-02) with Strength 1d6, then Imrijka with d10
    table.run(encounter(table.game, imrijka, table.top("Echoing Gorge")), "Strength", "Strength")
    assert "Balazar summons Dire Rat" in table.game.log
    assert sum("encounters Dire Rat" in line for line in table.game.log) == 2
    assert table.game.zones.total == total  # the copy vanished (SUM-01)


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize(("roll", "where"), [(10, ZoneKind.DECK), (9, ZoneKind.BURIED)])
def test_a_card_buried_for_its_power_is_recharged_by_its_check(roll: int, where: ZoneKind) -> None:
    """The Example of Play: Balazar buries the Wand of Paralyze to evade, then "a very difficult Arcane 12
    check to avoid burying the Wand": his Arcane is Charisma 1d10+2."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    balazar = table.character("Balazar", at="Armory", hand=["Wand of Paralyze"])
    table.dice(roll)
    outcome = table.run(encounter(table.game, balazar, table.top("Armory")), "Bury Wand of Paralyze", "Arcane")
    assert outcome == "evaded"
    assert table.cards(balazar, where) == ["Wand of Paralyze"]


@pytest.mark.rule("DMG-02")
def test_damage_may_bury_the_cards_it_makes_you_discard() -> None:
    """Like the Wight's Cold damage, whose cards are buried, not discarded."""
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=["Codex", "Frog"])
    table.run(resolve(step(table, kyra), effects({"deal_damage": 1, "type": "Cold", "buried": True}), kyra),
              "Bury Frog")
    assert table.cards(kyra, ZoneKind.BURIED) == ["Frog"] and table.cards(kyra, ZoneKind.DISCARD) == []


@pytest.mark.rule("GOLD-03")
@pytest.mark.rule("TURN-03")
@pytest.mark.parametrize(("roll", "stays"), [(1, True), (6, False)])
def test_an_undefeated_trap_displayed_by_its_location_holds_its_characters_until_they_beat_it(
    roll: int, stays: bool
) -> None:
    """Tangle Trap: undefeated, it is displayed by its location; no one may move into or out of it; at the
    start of a turn there, a Constitution or Fortitude 5 check banishes it, or the top card of the deck is
    buried."""
    from pacg.engine.turn import take_turn

    table = Table()
    table.location("Armory", ["Tangle Trap"])
    table.location("Laboratory")
    table.blessings(*FILLER * 3)
    kyra = table.character("Kyra", at="Armory", deck=FILLER * 8)
    trap = table.top("Armory")
    table.dice(1)
    assert table.run(encounter(table.game, kyra, trap), "Strength") == "undefeated"
    assert table.game.zones.where(trap).kind is ZoneKind.BY_LOCATION and table.deck("Armory") == []
    assert table.game.destinations(kyra) == []
    table.dice(roll)  # Kyra's Constitution 1d6 against 5
    table.run(take_turn(table.game, kyra), "Constitution", *([] if stays else ["Stay at Armory"]), "Don't try")
    moving = [d for d in table.decisions if kind_of(d) == "turn"]
    assert (moving == []) == stays  # held, she can't move: she isn't asked
    assert (table.game.zones.where(trap).kind is ZoneKind.BY_LOCATION) == stays
    assert table.cards(kyra, ZoneKind.BURIED) == (FILLER if stays else [])


@pytest.mark.rule("CHK-12")
def test_a_trap_lets_you_reveal_a_slashing_weapon_to_add_a_die() -> None:
    """Tangle Trap: reveal a weapon with the Slashing trait to add 1d4 to the check against it."""
    table = Table()
    table.location("Armory", ["Tangle Trap"])
    seelah = table.character("Seelah", at="Armory", hand=["Longsword"])
    table.dice(4, 3)
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Strength",
                        "Use Tangle Trap, reveal Longsword")
    assert outcome == "defeated" and table.cards(seelah, ZoneKind.HAND) == ["Longsword"]
