"""Choosing (DESIGN.md 3): a player picks one of some things, and the characters a power names.

The engine never decides for a player: where the rules give a choice, it asks (`choose`), with every legal option.
The characters an effect names (`Who`: you, another character, each local character, one at random ...) are
worked out from "you", the character the effect acts for (`characters`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from pacg.cards.powers import Characters, Who, WhoWithTraits
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine.playing import Step
from pacg.engine.state import CharacterState, GameState


def _label(item: Any, nothing: str) -> str:
    if item is None:
        return nothing
    if isinstance(item, bool):
        return "Yes" if item else "No"
    if isinstance(item, StrEnum):
        return str(item).capitalize()  # a card type as the rulebook writes it: "Weapon"
    return str(getattr(item, "name", item))


Item = TypeVar("Item")


def choose(
    player: CharacterState, kind: DecisionKind, prompt: str, items: Sequence[Item], nothing: str = "None of these"
) -> Process[Item]:
    """Ask a player to pick one of some things (characters, cards, locations, places); None in `items` is
    the option to pick nothing, labelled `nothing`. Each option's action id is what its item names ("kyra",
    "armory", "longsword", "weapon", "yes"), and "none" for nothing (`decisions.value_parts`)."""
    if len(items) == 1:
        return items[0]
    options = tuple(Option(_label(item, nothing), item, key="none" if item is None else "") for item in items)
    index = yield Decision(player.name, kind, prompt, options, help="Pick one.")
    return items[index]


# --- naming characters -----------------------------------------------------------------------------------------


def _at_your_location(character: CharacterState, you: CharacterState) -> bool:
    return character.location == you.location


def _another_at_your_location(character: CharacterState, you: CharacterState) -> bool:
    return character is not you and character.location == you.location


def _anyone(character: CharacterState, you: CharacterState) -> bool:
    return True


def _another(character: CharacterState, you: CharacterState) -> bool:
    return character is not you


def _elsewhere(character: CharacterState, you: CharacterState) -> bool:
    return character.location != you.location


# Which of the living characters each group of `Who` is, seen from "you" (but you alone, and each at a random
# location, which `characters` names itself).
_NAMED: dict[Who, Callable[[CharacterState, CharacterState], bool]] = {
    Who.EACH_LOCAL: _at_your_location, Who.LOCAL: _at_your_location, Who.RANDOM_LOCAL: _at_your_location,
    Who.EACH_OTHER_LOCAL: _another_at_your_location, Who.ANOTHER_LOCAL: _another_at_your_location,
    Who.EACH: _anyone, Who.RANDOM: _anyone, Who.ANY: _anyone,
    Who.EACH_OTHER: _another, Who.ANOTHER: _another, Who.RANDOM_OTHER: _another,
    Who.ELSEWHERE: _elsewhere,
}
assert set(_NAMED) == set(Who) - {Who.YOU, Who.EACH_AT_RANDOM_LOCATION}, "a group of characters no one names"


def characters(
    step: Step, player: CharacterState, who: Characters, question: str, chooser: CharacterState | None = None
) -> Process[list[CharacterState]]:
    """The living characters an effect names (`Who`), seen from `player`: everyone of a group, one chosen
    (by `chooser`, the player by default; none when no one fits), or one at random; named by a trait, only
    those of them with the trait (`WhoWithTraits`)."""
    game = step.game
    traits = frozenset(who.traits) if isinstance(who, WhoWithTraits) else None
    who = who.who if isinstance(who, WhoWithTraits) else who
    alive = game.living()
    if who is Who.YOU:
        group = [player]
    elif who is Who.EACH_AT_RANDOM_LOCATION:
        group = _at_random_location(game, alive)
    else:
        named = _NAMED[who]
        group = [c for c in alive if named(c, player)]
    if traits is not None:
        group = [c for c in group if not traits.isdisjoint(c.card.traits)]
    if who is Who.YOU or str(who).startswith("each") or not group:
        return group
    if str(who).startswith("a random"):
        return [game.rng.choice(group)]
    asker = chooser or player
    chosen = yield from choose(asker, DecisionKind.TARGET, f"{asker.name}: {question}", group)
    return [chosen]


def _at_random_location(game: GameState, alive: list[CharacterState]) -> list[CharacterState]:
    """The characters at one of the scenario's locations, drawn at random (closed ones too: characters may
    stay at a closed location, CLOSE-04)."""
    location = game.rng.choice(list(game.locations))
    game.note(f"A random location: {location}")
    return [c for c in alive if c.location == location]
