"""Effects on an encounter (ENC) and on closing its location (CLOSE): evading the card encountered, deciding
it, banishing it, where it goes when the encounter ends, encountering it in another's place, acquiring it.
"""

from typing import Literal

from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, BEFORE_THE_CHECK, OF_THE_ENCOUNTER, _Effect
from pacg.cards.powers.parameters import Who


class Evade(_Effect, key="evade", moments=frozenset({Timing.EVASION})):
    """Evade the card being encountered (ENC-05)."""

    evade: Literal[True]

    def text(self) -> str:
        return "evade the card you are encountering"


class CannotEvade(_Effect, key="cannot_evade", moments=frozenset({Timing.EVASION}), kinds={Kind.STANDING}):
    """The card being encountered can't be evaded: no evasion power may be used on it ("cannot" beats "can",
    GOLD-03)."""

    cannot_evade: Literal[True]

    def text(self) -> str:
        return "this card can't be evaded"


class Defeat(_Effect, key="defeat", moments=BEFORE_THE_CHECK):
    """Decide the encounter without attempting the check: the card being encountered is defeated (`true`; a
    bane is then banished, ENC-07) or undefeated (`false`), as a barrier's choice decides (ENC-06)."""

    defeat: bool

    def text(self) -> str:
        return "defeat the card you are encountering" if self.defeat else "the card you are encountering is undefeated"


class Banish(_Effect, key="banish", moments=ANY_MOMENT):
    """Banish the card being encountered or the card played, as the power names."""

    banish: Literal["encountered", "this card"]

    def text(self) -> str:
        return "banish the card you are encountering" if self.banish == "encountered" else "banish this card"


class PlaceEncountered(_Effect, key="place_encountered", moments=OF_THE_ENCOUNTER):
    """Put the card being encountered on the top or bottom of its location deck, or under its top card, instead
    of shuffling it in (SUM-05: a card added to the top or bottom of a deck goes there), leave it face up on top
    (ENC-10), or display it by its location, out of the deck, where its paragraphs `while: displayed` work for
    the characters there."""

    place_encountered: Literal["top", "under the top card", "bottom", "face up", "by its location"]

    def text(self) -> str:
        if self.place_encountered == "face up":
            return "leave the card you are encountering face up on top of its location deck"
        if self.place_encountered == "by its location":
            return "display the card you are encountering by its location"
        if self.place_encountered == "under the top card":
            return "put the card you are encountering under the top card of its location deck"
        where = "on top of" if self.place_encountered == "top" else "at the bottom of"
        return f"put the card you are encountering {where} its location deck"


class KeepEncountered(_Effect, key="keep_encountered", moments=OF_THE_ENCOUNTER):
    """When the encounter ends, the encountered card goes into your hand (a bane you defeat, instead of being
    banished) or is buried under your character card (a boon you acquire, instead of going into your hand).
    A summoned card still goes back to the box. (Top or bottom of its deck: `place_encountered`.)"""

    keep_encountered: Literal["hand", "bury"]

    def text(self) -> str:
        if self.keep_encountered == "hand":
            return "put the encountered card into your hand instead of banishing it"
        return "bury the acquired card instead of putting it into your hand"


class TakeEncounter(_Effect, key="take_encounter", moments=frozenset({Timing.ON_ENCOUNTER})):
    """Encounter the card another character is encountering, in their place (a card's exception to KEEP-02)."""

    take_encounter: Literal[True]

    def text(self) -> str:
        return "encounter the card in that character's place"


class CloseLocation(_Effect, key="close_location", moments=OF_THE_ENCOUNTER):
    """You may attempt to close the location (a henchman's "if defeated, you may close", CLOSE-01), or, with
    `automatic`, the character encountering the card closes it without its When Closing requirement."""

    close_location: Literal[True, "automatic"]

    def text(self) -> str:
        if self.close_location == "automatic":
            return "let the character who defeated it close its location automatically"
        return "you may attempt to close your location"


class CloseAfterEncounter(_Effect, key="close_after_encounter", moments=OF_THE_ENCOUNTER):
    """When the encounter ends, however it ends, its location closes as if its When Closing requirement were
    met (CLOSE-03, CLOSE-04): no check, no cost ("after you encounter this card, the location closes")."""

    close_after_encounter: Literal[True]

    def text(self) -> str:
        return "after the encounter, the location closes"


class GiveAcquired(_Effect, key="give_acquired", moments=frozenset({Timing.ACQUIRE}), asks=True):
    """Give the boon you are acquiring to a character: it goes into their hand instead of yours (ENC-07)."""

    give_acquired: Who

    def text(self) -> str:
        return f"give the acquired card to {self.give_acquired.words()}"


class SwapFromBox(_Effect, key="swap_from_box", moments=frozenset({Timing.ON_ENCOUNTER}), asks=True):
    """Draw a random card of the encountered card's type from the box; encounter one of the two, and banish the
    other (a location's "when you encounter a boon here")."""

    swap_from_box: Literal[True]

    def text(self) -> str:
        return ("draw a random card of the same type from the box; encounter one of the two cards and banish the "
                "other")
