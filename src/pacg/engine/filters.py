"""Which cards fit a card filter (rulebook pages 4-5, 13): by name, type and trait, and by what a card's check lists.

A filter names the cards a power is about ("a non-villain monster", "an ally whose check to acquire lists
Diplomacy"). Loot counts as its listed type, villains and henchmen as monsters (LOOT-01, BANE-01); a card in a game
has the traits it has there: none of those a power says to ignore, no Corrupted trait once redeemed (GOLD-03,
RED-01). The box draws with filters (`box`), and so do powers' costs, conditions and effects (`playing`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pacg.cards.model import AnyCard
from pacg.cards.powers import CardFilter
from pacg.cards.vocabulary import Skill
from pacg.engine.state import GameState
from pacg.engine.zones import PhysicalCard


def matches(card: AnyCard | PhysicalCard, wanted: CardFilter, ignored: frozenset[str] = frozenset()) -> bool:
    """Whether a card has one of the names, is of one of the types and has one of the traits a filter asks for,
    and none of the types and traits it excludes ("a non-villain monster"). Loot counts as its listed type, villains and
    henchmen as monsters (LOOT-01, BANE-01). Traits a power says to ignore are not there (GOLD-03)."""
    types, traits, excluded_types, excluded = wanted.wanted
    if wanted.names is not None and card.name not in wanted.names:
        return False
    if types is not None and card.type not in types and card.counts_as not in types:
        return False
    has = set(card.traits) - ignored if ignored else card.traits
    if traits is not None and traits.isdisjoint(has):
        return False
    if excluded_types and card.type in excluded_types:
        return False
    if wanted.check_skills and not _check_lists(card, wanted.check_skills):
        return False
    return excluded.isdisjoint(has)


def fits(game: GameState, card: AnyCard | PhysicalCard, wanted: CardFilter) -> bool:
    """Whether a card of this game fits a filter, with the traits it has in the game: none of those ignored
    this turn, no Corrupted trait once redeemed (`GameState.ignored`, GOLD-03, RED-01). A card a card is played as
    a copy of (PlayAsCopy) has its printed traits."""
    if (not game.ignored_traits and not game.redeemed) or not isinstance(card, PhysicalCard):
        return matches(card, wanted)  # most of the time: a call the fewer
    return matches(card, wanted, game.ignored(card))


def _check_lists(card: AnyCard | PhysicalCard, skills: Sequence[Skill]) -> bool:
    """Whether a card's check to acquire or to defeat lists one of these skills ("an ally whose check to acquire
    lists Diplomacy")."""
    printed = card.card if isinstance(card, PhysicalCard) else card
    check = getattr(printed, "check_to_acquire", None) or getattr(printed, "check_to_defeat", None)
    listed = {name for step in check.steps for option in step.options for name in option.skills} if check else set()
    return not listed.isdisjoint(str(skill) for skill in skills)
