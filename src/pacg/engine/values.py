"""What a card's amounts come to (amounts.py): each value they name, read from the step being resolved.

The step knows the game (the adventure deck number, the characters, every deck and pile), the card encountered
or checked against, and, on a check, its roll; the effect names the character it acts for, who is "you" in
its amount ("the number of cards in your hand"). Dice are rolled with the game's one random generator
(DESIGN.md 4), once each time an amount is used: an effect on several characters works its amount out for each
of them, so each gets a roll of their own (DICE-02).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from pacg.cards.amounts import VALUES, Amount
from pacg.cards.checks import CheckOption
from pacg.cards.powers import CardFilter
from pacg.cards.vocabulary import CardType
from pacg.engine.box import random_from_box
from pacg.engine.state import CharacterState
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind

if TYPE_CHECKING:
    from pacg.engine.check import CheckState
    from pacg.engine.playing import Step

ValueOf = Callable[["Step", CharacterState], int]


def _cards_in(kind: ZoneKind) -> ValueOf:
    """The number of cards in one of your places: your hand, your deck, your discard pile, your buried cards."""
    return lambda step, you: len(step.game.zones.cards(you.zone(kind)))


def _location_deck(step: Step, you: CharacterState) -> int:
    """The number of cards left in your location deck: a card being encountered is no longer in it, though it
    waits there until the encounter sends it somewhere (ENC-07)."""
    return len(step.game.cards_left(Zone(ZoneKind.LOCATION_DECK, you.location)))


def _encountered(step: Step) -> PhysicalCard | None:
    """The card being encountered (the innermost encounter, SUM-02), or else the card the step is against: a
    check to recharge a card played in an encounter is against that card, but "the bane" is still the one
    encountered."""
    encounters = step.game.encounters
    return encounters[-1].card if encounters else step.against


def _encountered_number(step: Step, you: CharacterState) -> int:
    """The adventure deck number of the card encountered (a letter set counts as 0, SET-01; so does no card)."""
    card = _encountered(step)
    return card.card.adventure_deck_number if card is not None else 0


def _margin(step: Step, you: CharacterState) -> int:
    """By how much the check succeeded or failed (CHK-14): on a check once it is rolled, its roll; in the steps
    after an encounter's check (after acting, defeated or undefeated), that check's; 0 with no roll."""
    if step.in_check:
        check = cast("CheckState", step)
        return abs(check.roll.total - check.difficulty) if check.roll is not None else 0
    encounter = step.encounter
    return encounter.margin if encounter is not None and encounter.margin is not None else 0


_MONSTERS = CardFilter.model_construct(types=(CardType.MONSTER,))  # unvalidated: see powers.ANY_CARD


def _random_monster(step: Step, you: CharacterState) -> int:
    """The highest difficulty to defeat a random monster drawn from the box (a Mongrel's "Combat X"); the monster
    goes back. One is drawn for each encounter with the card, the first time its check needs it, so every skill
    the check is prepared for shows the same difficulty; outside an encounter, one each time. A monster with no
    difficulty, or whose difficulty is itself a random monster's, doesn't fit (SUM-06: draw until one fits); with
    none in the box, it is 0."""
    encounter = step.encounter
    if encounter is not None and encounter.random_monster is not None:
        return encounter.random_monster
    game = step.game
    monster = random_from_box(game, _MONSTERS, also=lambda card: bool(_fixed_options(card)))
    highest = max((option.difficulty + value(step, option.plus, you) for option in _fixed_options(monster)),
                  default=0) if monster is not None else 0
    game.note(f"{monster.name} is drawn from the box: its highest difficulty to defeat is {highest}; it goes back"
              if monster is not None else "There is no monster in the box to draw: the difficulty is 0")
    if encounter is not None:
        encounter.random_monster = highest
    return highest


def _fixed_options(card: PhysicalCard) -> list[CheckOption]:
    """The options of a bane's check to defeat, if none of them is itself a random monster's difficulty."""
    check = getattr(card.card, "check_to_defeat", None)
    options = [option for step in check.steps for option in step.options] if check is not None else []
    return [] if any("random monster" in option.plus.names for option in options) else options


def _undefeated_summons(step: Step, you: CharacterState) -> int:
    """How many of the cards summoned and encountered in this encounter so far were undefeated (an evaded one
    is neither defeated nor undefeated, ENC-05): "if any trees are undefeated"."""
    encounter = step.encounter
    return sum(outcome == "undefeated" for _, outcome in encounter.summons) if encounter is not None else 0


# Where each value an amount may name comes from (amounts.VALUES says what each is).
VALUE_OF: dict[str, ValueOf] = {
    "AD": lambda step, you: step.game.adventure_deck_number,
    "characters": lambda step, you: len(step.game.characters),
    "local": lambda step, you: len(step.game.local_characters(you.location)),
    "location deck": _location_deck,
    "encountered AD": _encountered_number,
    "charges": lambda step, you: you.mythic_charges,
    "margin": _margin,
    "hand": _cards_in(ZoneKind.HAND),
    "deck": _cards_in(ZoneKind.DECK),
    "discard pile": _cards_in(ZoneKind.DISCARD),
    "buried": _cards_in(ZoneKind.BURIED),
    "random monster": _random_monster,
    "undefeated summons": _undefeated_summons,
}
assert set(VALUE_OF) == set(VALUES), "every value an amount may name has a source"  # DESIGN.md 2


def value(step: Step, amount: Amount, you: CharacterState) -> int:
    """What an amount comes to in this step for `you`: the values it names, and its dice rolled (noted in the
    game's log)."""
    number = amount.number
    if number is not None:
        return number
    game = step.game
    total = amount.evaluate(lambda name: VALUE_OF[name](step, you), game.rng)
    if amount.dice:
        game.note(f"{you.name} rolls {amount}: {total}")
    return total


def margin_at_least(step: Step, wanted: Amount, you: CharacterState) -> bool:
    """Whether the check succeeded or failed by at least this much (CHK-14; a `margin` condition)."""
    return _margin(step, you) >= value(step, wanted, you)


def difficulty_of(step: Step, option: CheckOption) -> int:
    """A check option's difficulty as printed, with the part that varies worked out ("5 + 2*encountered AD"),
    for the character who attempts it (CHK-08 then applies the powers that change it)."""
    return option.difficulty + value(step, option.plus, step.checker)
