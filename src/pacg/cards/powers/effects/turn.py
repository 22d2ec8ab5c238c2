"""Effects on the turn (TURN): exploring again (TURN-04), moving (TURN-03), giving a card (TURN-02), ending the
turn, and what is ignored until its end.
"""

from typing import Literal

from pydantic import Field

from pacg.cards.amounts import MAX_AMOUNT
from pacg.cards.english import listing
from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, ENCOUNTER, _Effect
from pacg.cards.powers.parameters import CardFilter, Characters, Number, Trait, Who, a_random, filter_text


class Explore(_Effect, key="explore", moments=ENCOUNTER | {Timing.EXPLORE}):
    """Explore again (TURN-04)."""

    explore: Literal[True]

    def text(self) -> str:
        return "explore again"


class Move(_Effect, key="move", moments=ANY_MOMENT, asks=True):
    """Move to another location (TURN-03): you or another character, with up to `with_local` other characters
    from the same location coming along; to one chosen, one at random, or the location `to` names."""

    move: Characters
    with_local: Number = Field(0, ge=0, le=MAX_AMOUNT)
    to: str = "chosen"  # "chosen", "random", or a location's name: there, where it is in play
    where: CardFilter | None = None  # only to such a location ("to a location with the Abyssal trait")

    def text(self) -> str:
        who = "move" if self.move is Who.YOU else f"{self.move.words()} moves"
        place = filter_text(self.where).replace("card", "location") if self.where else "another location"
        if self.to == "random":
            place = "a random other location" if place == "another location" else a_random(place)
        elif self.to != "chosen":
            place = f"the {self.to}"
        who += f" to {place}"
        if self.with_local == 1:
            who += ", and another character at that location may move along"
        elif self.with_local:
            who += f", and up to {self.with_local} other characters at that location may move along"
        return who

    def verb_text(self) -> str:
        return self.text() if self.move is Who.YOU else f"have {self.text().replace(' moves', ' move', 1)}"


class GiveCard(_Effect, key="give_card", moments=ANY_MOMENT, asks=True):
    """Give a card from your hand to a character, wherever they are (TURN-02 gives only to a character at your
    location: this power is its exception)."""

    give_card: Characters

    def text(self) -> str:
        return f"give a card from your hand to {self.give_card.words()}"


class EndTurn(_Effect, key="end_turn", moments=ANY_MOMENT):
    """Your turn ends at once (ENC-09: an encounter under way ends, its card neither defeated nor undefeated)."""

    end_turn: Literal[True]

    def text(self) -> str:
        return "your turn ends"


class CannotMove(_Effect, key="cannot_move",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.WHILE_DISPLAYED}, read_where_it_applies=True):
    """No one may move into or out of the location this card is displayed by (a bane's paragraph `while:
    displayed`, `when: any time`; "cannot" beats "can", GOLD-03)."""

    cannot_move: Literal[True]

    def text(self) -> str:
        return "no one may move into or out of this location"


class IgnoreLocationPowers(_Effect, key="ignore_location_powers", moments=ANY_MOMENT):
    """Ignore your location's At This Location powers until the end of the turn."""

    ignore_location_powers: Literal[True]

    def text(self) -> str:
        return "ignore your location's At This Location powers until the end of the turn"


class IgnoreTraits(_Effect, key="ignore_traits", moments=ANY_MOMENT, asks=True):
    """Ignore one of these traits of a card (the card encountered, your location, one of your cards, the top of
    the blessings discard pile) until the end of the turn: no power that asks for it sees it (GOLD-03)."""

    ignore_traits: tuple[Trait, ...] = Field(min_length=1)

    def text(self) -> str:
        return f"ignore the {listing(self.ignore_traits)} trait of a card until the end of the turn"
