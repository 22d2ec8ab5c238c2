"""The seven base-set characters (Alain, Balazar, Enora, Harsk, Imrijka, Kyra, Seelah): each power of their
character cards, of both roles and of their power feat boxes shown working on a real table (DESIGN.md 8,
CHAR-01, ROLE-01, FEAT-02). A paragraph the card and its roles share is parametrized over where it is
written, and over the boxes that make the same play bigger."""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.damage import take_damage
from pacg.engine.effects import play_window
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import Feats, TurnState
from pacg.engine.turn import end_turn
from pacg.engine.zones import ZoneKind
from table import Table, card

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


def top(table: Table, location: str):  # type: ignore[no-untyped-def]
    return table.game.zones.cards(table.game.locations[location].deck)[0]


def window(table: Table, character, timing: Timing) -> Step:  # type: ignore[no-untyped-def]
    """The players' chance to play at a moment of the character's turn (start of turn, any time)."""
    table.game.turn = TurnState(character)
    return Step(game=table.game, checker=character, timing=timing, also=Timing.ANY_TIME)


def logged(table: Table, text: str) -> bool:
    return any(text in line for line in table.game.log)


def feats(role: str | None, index: int | None = None, box: str | tuple[str, ...] | None = None) -> Feats:
    """A role (None: the character card), with power feat boxes of one paragraph checked, by (paragraph index,
    box label): a label, or several (the box a paragraph begins with, then a box on it)."""
    labels = (box,) if isinstance(box, str) else box or ()
    return Feats(role=role, powers={(index, label) for label in labels if index is not None})


# --- Alain ------------------------------------------------------------------------------------------------------

ALAIN_CHARGE = [(None, 0, None, 1), (None, 0, "+2", 2), ("Glory Hound", 1, None, 1), ("Glory Hound", 1, "+2", 2),
                ("Glory Hound", 1, "+3", 3), ("Glory Hound", 1, "under the top card", 3), ("Lancer", 0, None, 1),
                ("Lancer", 0, "+2", 2), ("Lancer", 0, "recharge", 2)]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "index", "box", "bonus"), ALAIN_CHARGE)
def test_alain_discards_a_card_to_add_to_his_check_against_a_monster_which_goes_back_on_top_if_undefeated(
        role: str | None, index: int, box: str | None, bonus: int) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats(role, index, box))
    table.dice(1)
    outcome = table.run(encounter(table.game, alain, top(table, "Armory")), "Melee", "Use Alain's power, discard Codex")
    assert outcome == "undefeated"
    assert logged(table, f"failed at Melee 1d10+{3 + bonus} against 8: rolled {1 + 3 + bonus}")
    assert table.cards(alain, ZoneKind.DISCARD) == ["Codex"]
    assert table.deck("Armory") == ["Dire Rat", "Mace"]  # on top, not shuffled in


@pytest.mark.rule("FEAT-02")
def test_lancers_recharge_box_recharges_a_random_card_from_his_discard_pile_when_the_charge_defeats() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats("Lancer", 0, "recharge"))
    table.dice(5)
    outcome = table.run(encounter(table.game, alain, top(table, "Armory")), "Melee", "Use Alain's power, discard Codex")
    assert outcome == "defeated"
    assert table.cards(alain, ZoneKind.DISCARD) == [] and table.cards(alain, ZoneKind.DECK) == ["Codex"]


ALAIN_RECHARGE = [(None, 1, None, False), (None, 1, "ally, item", True), ("Glory Hound", 2, None, False),
                  ("Glory Hound", 2, "ally, item", True), ("Lancer", 1, None, False), ("Lancer", 1, "ally, item", True)]


@pytest.mark.rule("TURN-08")
@pytest.mark.parametrize(("role", "index", "box", "more"), ALAIN_RECHARGE)
def test_alain_recharges_weapons_at_the_end_of_his_turn_and_with_the_box_allies_and_items(
        role: str | None, index: int, box: str | None, more: bool) -> None:
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Longsword", "Codex", "Recruit", "Helm"], deck=FILLER * 4,
                            feats=feats(role, index, box))
    table.game.turn = TurnState(alain)
    table.run(end_turn(table.game, alain, forced=False), "Use Alain's power", "Longsword",
              *(["Codex", "Recruit"] if more else []), "Done discarding")
    recharged = ["Longsword", "Codex", "Recruit"] if more else ["Longsword"]
    assert table.cards(alain, ZoneKind.DECK)[-len(recharged):] == recharged
    assert "Helm" in table.cards(alain, ZoneKind.HAND)
    offered = [o.label for d in table.decisions if d.prompt.endswith("which card?") for o in d.options]
    assert ("Codex" in offered) == more


GLARING_FIEND = card("""
name: Glaring Fiend
type: monster
set: B
provenance: standin
notes: A test monster with a check before you act.
check_to_defeat: Combat 30
powers:
- when: before acting
  optional: false
  effects:
  - attempt: Wisdom 7
    failure: [{adjust_difficulty: 3}]
""")


@pytest.mark.rule("CHK-05")
def test_glory_hound_uses_his_charisma_for_a_check_before_he_acts() -> None:
    table = Table(extra_cards=[GLARING_FIEND])
    table.location("Armory", ["Glaring Fiend"])
    alain = table.character("Alain", at="Armory", feats=feats("Glory Hound"))
    table.dice(8, 1)
    table.run(encounter(table.game, alain, top(table, "Armory")), "Use Alain's power", "Strength")
    assert logged(table, "Alain succeeded at Charisma 1d8 against 7: rolled 8")
    assert logged(table, "failed at Strength 1d10 against 30")  # the difficulty was not increased


@pytest.mark.rule("CHK-06")
@pytest.mark.parametrize(("index", "box", "check", "purpose", "skill"),
                         [(3, "Diplomacy", "Melee 30", Purpose.OTHER, "Melee"),
                          (4, "item", "Strength 30", Purpose.ACQUIRE, "Strength")])
def test_glory_hound_adds_his_diplomacy_and_the_mental_trait_on_his_turn(
        index: int, box: str, check: str, purpose: Purpose, skill: str) -> None:
    """The Diplomacy box: on his Melee checks; the item box: on his checks to acquire an item (Codex)."""
    table = Table()
    alain = table.character("Alain", at="Armory", feats=feats("Glory Hound", index, box))
    table.game.turn = TurnState(alain)
    target = table.card("Codex") if purpose is Purpose.ACQUIRE else None
    table.dice(2, 5)  # the skill's d10, then Diplomacy's d8 (+3)
    [result] = table.run(attempt_checks(table.game, alain, check, purpose, target), skill, "Use Alain's power")
    assert result.total == 2 + (3 if skill == "Melee" else 0) + 5 + 3
    assert "Mental" in result.traits


@pytest.mark.rule("KEEP-02")
@pytest.mark.parametrize(("box", "bane"), [("recharge", "Dire Rat"), ("weapon", "Dire Rat"),
                                                                        ("weapon", "Mace")])
def test_glory_hound_recharges_a_card_to_take_over_another_local_characters_encounter(box: str, bane: str) -> None:
    table = Table()
    table.location("Armory", [bane])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats("Glory Hound", 5, ("take over", box)))
    kyra = table.character("Kyra", at="Armory")
    table.dice(10)
    outcome = table.run(encounter(table.game, kyra, top(table, "Armory")), "Use Alain's power, recharge Codex",
                        *(["Attempt"] if bane == "Mace" else []), "Strength")
    assert outcome in ("defeated", "acquired")
    assert [d.player for d in table.decisions if d.kind == "skill"] == ["Alain"]
    assert table.cards(alain, ZoneKind.DECK) == ["Codex"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "cost", "answers"),
                         [(("Mount",), "Longsword", ["Use Alain's power, recharge Longsword"]),
                          (("Mount", "top"), "Helm", ["Use Alain's power", "top of deck"])])
def test_lancer_recharges_a_weapon_or_armor_to_take_a_mount_from_his_deck_or_discard_pile(
        box: tuple[str, ...], cost: str, answers: list[str]) -> None:
    table = Table()
    alain = table.character("Alain", at="Armory", hand=[cost], discard=["Riding Horse"],
                            feats=feats("Lancer", 2, box))
    table.run(play_window(window(table, alain, Timing.ANY_TIME), [alain]), *answers)
    assert table.cards(alain, ZoneKind.HAND) == ["Riding Horse"] and table.cards(alain, ZoneKind.DECK) == [cost]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "answer", "deck"),
                         [(("Polearm",), "Recharge", ["Blessing of Ascension", "Javelin"]),
                          (("Polearm", "shuffle"), "Shuffle", None),
                          (("Polearm", "top"), "Put on top", ["Javelin", "Blessing of Ascension"])])
def test_lancer_recharges_a_spear_he_would_discard_or_with_the_boxes_shuffles_it_in_or_puts_it_on_top(
        box: tuple[str, ...], answer: str, deck: list[str] | None) -> None:
    """The Javelin (a Spear): discard it to add 1d6."""
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Javelin"], deck=FILLER, feats=feats("Lancer", 3, box))
    table.dice(3, 4)
    [result] = table.run(attempt_checks(table.game, alain, "Combat 30", Purpose.OTHER), "Strength",
                         "Discard Javelin", answer)
    assert result.total == 3 + 4
    assert table.cards(alain, ZoneKind.DISCARD) == [] and "Javelin" in table.cards(alain, ZoneKind.DECK)
    if deck is not None:
        assert table.cards(alain, ZoneKind.DECK) == deck


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "answers", "pile"), [(("ride",), [], ZoneKind.DISCARD),
                                                      (("ride", "top"), ["top of deck"], ZoneKind.DECK)])
def test_lancer_rides_his_mount_to_another_location_and_encounters_the_monster_on_top_of_it(
        box: tuple[str, ...], answers: list[str], pile: ZoneKind) -> None:
    table = Table()
    table.location("Armory", FILLER)
    table.location("Laboratory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", hand=["Riding Horse"], feats=feats("Lancer", 4, box))
    table.dice(10)
    table.run(play_window(window(table, alain, Timing.ANY_TIME), [alain]), "Use Alain's power", *answers, "Melee")
    assert alain.location == "Laboratory"
    assert logged(table, "Dire Rat is defeated") and table.deck("Laboratory") == []
    assert table.cards(alain, pile) == ["Riding Horse"]
