"""The version-3 reading of a game record: action ids made of the options' labels (`pacg.record`).

Until version 4 an option's action id was its label in lowercase words joined by hyphens, the generated text of
a card's power included ("discard-blessing-of-ascension-add-1-die-of-the-type-the-check-rolls"); where two
options read the same, each added the uid of the physical card its label names ("#12"), and ids still equal a
count ("~2"). A version-3 record is replayed by finding, at each of its answers, the option whose version-3 id
it is, and answering with that option's id of today (`answer_now`): the game it makes, and the record it
gives, are of the current version (with `"box": "version 3"`: `box_of_version_3`). This is the one job these
ids still have.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pacg.decisions import told_apart

if TYPE_CHECKING:
    from pacg.cards.library import CardLibrary
    from pacg.decisions import Decision
    from pacg.game import Game

VERSION = 3
VERSION_3_BOX = "version 3"  # the name a record gives the box of version 3 (`record.Setup.box`)
_CARDS = Path(__file__).with_name("record_v3_cards.txt")  # the names of that box's cards, in the library's order


def box_of_version_3(library: CardLibrary) -> CardLibrary:
    """The library as the last pacg of version 3 had it: its built-in cards alone (and any custom cards), in the
    same order, so that the physical copies are numbered as they were then. A version 3 record's fingerprints and
    ids hold those numbers ("#12"), which the cards added to the box since would change; its game goes on with that
    box, and so does the record it becomes."""
    from pacg.cards.library import CardLibrary  # not on import: `pacg play` reads records before any card

    added = _added_since()
    return CardLibrary([card for card in library if card.name not in added])


@cache
def _added_since() -> frozenset[str]:
    """The built-in cards of today that the box of version 3 didn't have (read once per process)."""
    from pacg.cards.loader import load_library

    then = set(_CARDS.read_text(encoding="utf-8").splitlines())
    return frozenset(card.name for card in load_library()) - then


def answer_now(game: Game, action: str) -> str | None:
    """The action id of today for a version-3 record's answer to the game's current decision (None when it is
    no answer to it): the option, or the set of options, whose version-3 ids it names."""
    rules, published = game._decision, game.decision  # the rules' own decision: its values give the "#uid"s
    if rules is None or published is None:
        return None
    ids = action_ids(rules)
    if published.choose is None:
        return published.options[ids.index(action)].id if action in ids else None
    names = [] if action == "none" else action.split(",")
    if len(set(names)) != len(names) or not all(name in ids for name in names):
        return None
    return published.choice_id(ids.index(name) for name in names)


def action_ids(decision: Decision) -> list[str]:
    """Each option's version-3 action id: its label's words ("discard-longsword"); options that read the same
    name the physical copy of the card their label names ("discard-blessing-of-ascension#12"), and ids still
    equal are told apart by a count ("~2")."""
    ids = [_slug(option.label) for option in decision.options]
    if len(set(ids)) == len(ids):
        return ids
    options = decision.options
    return told_apart(ids, lambda index: ids[index] + "".join(
        f"#{uid}" for uid in _named_cards(options[index].value, options[index].label)))


def _slug(label: str) -> str:
    return "-".join(re.findall(r"[a-z0-9+]+", label.lower())) or "option"


def _named_cards(value: Any, label: str) -> list[int]:
    """The uids of the physical cards in an option's value whose names its label gives."""
    uid, name = getattr(value, "uid", None), getattr(value, "name", None)
    if isinstance(uid, int) and isinstance(name, str):
        return [uid] if name in label else []
    if isinstance(value, tuple | list):  # a pair, or a play with the card it plays and the card it pays
        return [found for item in value for found in _named_cards(item, label)]
    return []
