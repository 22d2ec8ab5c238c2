"""What the screen's help keys show: a decision explained, a character sheet, a location card.

A stand-in with the calls of `pacg.explain` (decision help with rule IDs, character sheets, location cards),
which replaces it once it is in: each gives a rich renderable made from the seat's view and the card library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from pacg.agents.terminal import counted
from pacg.cards.loader import CardLibrary
from pacg.cards.text import card_text
from pacg.decisions import Decision


def decision_help(decision: Decision, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """The decision's prompt and help line, and the text of each card being encountered."""
    parts: list[RenderableType] = [Text(decision.prompt, style="bold"), Text(decision.help or "No more help.")]
    for encounter in view["encounters"]:
        parts.extend((Text(""), Text(card_text(library.get(encounter["card"])))))
    return Group(*parts)


def character_sheet(name: str, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """The character's card text, then the piles the view shows."""
    character = next(c for c in view["characters"] if c["name"] == name)
    hand = counted(character["hand"]) if character["hand"] is not None else "(not shown)"
    piles = (f"Hand: {hand}\nDeck: {character['deck']} cards\nDiscard pile: {counted(character['discard'])}\n"
             f"Buried: {counted(character['buried'])}\nDisplayed: {counted(character['displayed'])}")
    return Group(Text(card_text(library.get(name))), Text(""), Text(piles))


def location_card(name: str, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """The location's card text, then its deck's count and who is there."""
    location = next(place for place in view["locations"] if place["name"] == name)
    facts = f"Deck: {location['deck']} cards\nCharacters here: {', '.join(location['characters']) or '-'}"
    return Group(Text(card_text(library.get(name))), Text(""), Text(facts))
