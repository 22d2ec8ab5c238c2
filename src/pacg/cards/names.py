"""Names as people type them: in any case, and when a name is no one's, the closest names ("did you mean").

`CardLibrary.named` reads the name of a card of the library with these (characters and scenarios for
`pacg play` and `pacg.new_game`, the cards of `pacg cards show`, --removed, --redeemed, table files); the party
prompt and the redemption card's list use them on lists of their own.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection

LISTED_IN_FULL = 12  # an unknown name with no close one is told the known names when there are no more than this


class UnknownName(ValueError):
    """A name that is not the name of anything of the kind wanted; the message gives the closest names."""


def closest(name: str, known: Collection[str], most: int = 4) -> list[str]:
    """The known names closest to `name`, the closest first, compared in lower case."""
    by_lower = {one.lower(): one for one in known}
    return [by_lower[one] for one in difflib.get_close_matches(name.strip().lower(), list(by_lower), n=most)]


def unknown_name(kind: str, name: str, known: Collection[str], otherwise: str = "") -> UnknownName:
    """The error for a name of no known `kind`: "did you mean" the closest names; if none is close, the known
    names, when they are few, or else `otherwise` (where to find them)."""
    close = closest(name, known)
    if close:
        hint = f"did you mean: {', '.join(close)}?"
    elif len(known) <= LISTED_IN_FULL or not otherwise:
        hint = f"known: {', '.join(sorted(known))}" if known else f"there is no {kind}"
    else:
        hint = otherwise
    return UnknownName(f"unknown {kind} {name!r} ({hint})")


def canonical(name: str, known: Collection[str], kind: str) -> str:
    """The known name that `name` is, written in any case (harsk is Harsk); else UnknownName."""
    wanted = name.strip().lower()
    for one in known:
        if one.lower() == wanted:
            return one
    raise unknown_name(kind, name, known)
