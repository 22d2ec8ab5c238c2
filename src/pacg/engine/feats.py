"""Feats: the boxes a character has checked on their character card and role card (FEAT-01, FEAT-02, ROLE-01).

`feat_problems` says what is wrong with a character's checked boxes: a box the cards don't have, more boxes than
they have, a box checked before one to its left it needs. Table files (`pacg.tables`) and games set up with a
campaign's feats (`engine.setup.new_game`) are checked by it alike. `cards_list` gives the character's Cards List
as the checked card feats make it (FEAT-02), which a deck built for the character must meet (SETUP-01, REB-01).

The boxes are read from anything holding them as `engine.state.Feats` does (`FeatBoxes`): the table file's
`TableFeats` (lists, in the order written, which the messages' places follow) or `Feats` itself (sets, read in
sorted order).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import Protocol, TypeVar

from pacg.cards.model import Character, Role
from pacg.cards.powers import Power
from pacg.cards.vocabulary import CardType, Proficiency, Skill

Place = tuple[int | str, ...]  # where in the feats a problem is: ("skills", "Dexterity"), ("powers", 0)
_T = TypeVar("_T")


class FeatBoxes(Protocol):
    """The feat boxes checked, as `engine.state.Feats` holds them: skill feats by skill, hand size and card feats
    as counts, proficiencies, power feats as (paragraph number, box label), and the role chosen."""

    @property
    def skills(self) -> Mapping[Skill, int]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def cards(self) -> Mapping[CardType, int]: ...
    @property
    def proficiencies(self) -> Collection[Proficiency]: ...
    @property
    def powers(self) -> Collection[tuple[int, str]]: ...
    @property
    def role(self) -> str | None: ...


def feat_problems(card: Character, feats: FeatBoxes) -> Iterator[tuple[Place, str]]:
    """Feats the character's cards have no box for, more than they have boxes for, or checked out of order: a role
    they don't have; a power box not on the paragraph, or checked before a box to its left that it needs; more
    skill, hand size or card feats than the boxes there, a proficiency with no box (FEAT-01, FEAT-02, ROLE-01).
    Each with its place in the feats."""
    roles = {role.name: role for role in card.roles}
    if feats.role is not None and feats.role not in roles:
        yield ("role",), f"{card.name} has no role {feats.role!r} (roles: {', '.join(roles) or 'none'})"
        return
    role = roles[feats.role] if feats.role is not None else None
    yield from _power_feat_problems(role.name if role else card.name, role.powers if role else card.powers,
                                    _ordered(feats.powers))
    yield from _counted_feat_problems(card, role, feats)


def cards_list(card: Character, feats: FeatBoxes) -> dict[CardType, int]:
    """How many cards of each type the character's deck holds: the Cards List's count and one for each card feat
    of that type checked (FEAT-02); a type the list doesn't have, none. The role card changes no Cards List of
    this box's characters (ROLE-01: it counts as part of the character card)."""
    return {kind: entry.start + min(feats.cards.get(kind, 0), entry.feats) for kind, entry in card.cards_list.items()}


def _ordered(boxes: Collection[_T]) -> list[_T]:
    """The boxes in the order given, or sorted when they are a set (whose order is no one's)."""
    return sorted(boxes) if isinstance(boxes, set | frozenset) else list(boxes)


def _power_feat_problems(holder: str, powers: tuple[Power, ...], checked: list[tuple[int, str]]
                         ) -> Iterator[tuple[Place, str]]:
    """Power feat boxes (FEAT-02) that the paragraph doesn't have, or that are checked before a box they need
    (`_needed_first`)."""
    for index, (paragraph, wanted) in enumerate(checked):
        if paragraph >= len(powers):
            yield ("powers", index), f"{holder} has {len(powers)} power paragraphs (0 to " \
                                     f"{len(powers) - 1}), not {paragraph}"
            continue
        power = powers[paragraph]
        boxes = [label for label in (power.box, *(feat.box for feat in power.feats)) if label is not None]
        if wanted not in boxes:
            yield ("powers", index), (f"paragraph {paragraph} has no box {wanted!r} "
                                      f"(boxes: {', '.join(boxes) or 'none'})")
            continue
        unchecked = [label for label in _needed_first(power, wanted) if (paragraph, label) not in checked]
        if unchecked:
            yield ("powers", index), (f"paragraph {paragraph}'s box {wanted!r} is checked before its box "
                                      f"{unchecked[0]!r} (FEAT-01: the leftmost unchecked box first)")


_BONUS = re.compile(r"\+?\d+(d\d+)?")  # a box label that is a bonus: "+1", "2", "2d6"


def _needed_first(power: Power, wanted: str) -> list[str]:
    """The boxes of a paragraph that must be checked before one of its others (FEAT-01, "the leftmost unchecked
    box of a group first"): the box the paragraph begins with, without which it is not the character's power at
    all; and for a bonus that rises ("+1 +2 +3", "2d4 2d6": boxes of bonuses side by side), the bonuses left of
    it, which it replaces."""
    needed = [power.box] if power.box is not None and wanted != power.box else []
    labels = [feat.box for feat in power.feats]
    if wanted in labels and _BONUS.fullmatch(wanted):
        left = labels[:labels.index(wanted)]
        while left and _BONUS.fullmatch(left[-1]):
            needed.append(left.pop())
    return needed


def _counted_feat_problems(card: Character, role: Role | None, feats: FeatBoxes) -> Iterator[tuple[Place, str]]:
    """Skill, hand size and card feats beyond the boxes the character's cards have (the role card's hand size,
    ROLE-01), and proficiencies no box gives (FEAT-01, FEAT-02)."""
    for skill, count in feats.skills.items():
        entry = card.skills.get(skill)
        if entry is None:
            yield ("skills", str(skill)), f"{card.name} has no skill feat boxes for {skill}"
        elif count > entry.feats:
            yield ("skills", str(skill)), _too_many(f"{card.name}'s {skill}", entry.feats, count)
    holder = role if role is not None else card
    if feats.hand_size > holder.hand_size.feats:
        yield ("hand_size",), _too_many(f"{holder.name}'s hand size", holder.hand_size.feats, feats.hand_size)
    for kind, count in feats.cards.items():
        listed = card.cards_list.get(kind)
        boxes = listed.feats if listed is not None else 0
        if count > boxes:
            yield ("cards", str(kind)), _too_many(f"{card.name}'s Cards List of {kind}s", boxes, count)
    boxed = [entry.name for entry in holder.proficiencies if entry.feat]
    for index, proficiency in enumerate(_ordered(feats.proficiencies)):
        if proficiency not in boxed:
            yield ("proficiencies", index), (f"{holder.name} has no feat box for {proficiency} (boxes: "
                                             f"{', '.join(map(str, boxed)) or 'none'})")


def _too_many(what: str, boxes: int, count: int) -> str:
    return f"{what} has {boxes} feat box{'es' if boxes != 1 else ''}, not {count} to check (FEAT-01)"
