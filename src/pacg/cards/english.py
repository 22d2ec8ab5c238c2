"""Small pieces of English that a card's words are made of: lists ("A, B or C"), articles, plurals, capitals.

The power language writes each of its parts with them (`pacg.cards.powers`), and so does a whole card's text
(`pacg.cards.text`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def listing(words: Iterable[Any], conjunction: str = "or") -> str:
    """ "A", "A or B", "A, B or C": a list of words as a card prints it."""
    texts = [str(word) for word in words]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {conjunction} {texts[-1]}"


def article(word: str) -> str:
    """ "a" or "an", as the word begins."""
    return "an" if word[:1].lower() in "aeiou" else "a"


_PLURALS = {"ally": "allies", "henchman": "henchmen", "loot": "loot", "armor": "armors"}


def plural_of(word: str) -> str:
    """The plural of a card type or noun: "ally" → "allies", "henchman" → "henchmen"."""
    last = word.rsplit(" ", 1)
    return " ".join([*last[:-1], _PLURALS.get(last[-1], last[-1] + "s")])


def sentence_case(text: str) -> str:
    """The text with a capital first letter and the rest as it is ("Discard Blessing of Abadar")."""
    return text[:1].upper() + text[1:]


def plain(value: Any) -> str:
    """An enum or string value as written in the card file."""
    return str(getattr(value, "value", value))
