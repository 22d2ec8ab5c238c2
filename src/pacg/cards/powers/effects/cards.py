"""Effects on a character's cards: drawing (DRAW-01), healing, examining a deck (EXAM-01), moving cards from one of
a character's places to another, where a card played goes instead (PLAY-01), and which cards may be played.
"""

from typing import Literal

from pydantic import model_validator

from pacg.cards.amounts import Amount
from pacg.cards.english import listing
from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, _Effect
from pacg.cards.powers.parameters import ANY_CARD, AmountField, CardFilter, Characters, Who, a_random, filter_text
from pacg.cards.vocabulary import CardAction

CardPlace = Literal["hand", "top of deck", "recharge", "shuffle into deck", "discard", "bury", "banish"]
"""Where a character's card can be put: into the hand, on top of the deck, at the bottom of the deck
(recharge, PLAY-01), shuffled into the deck, into the discard pile, under the character card (bury) or back
into the box (banish)."""


_PLACE_WORDS: dict[str, tuple[str, str]] = {  # (verb, where) for "VERB CARDS WHERE"
    "hand": ("put", " into your hand"),
    "top of deck": ("put", " on top of your deck"),
    "recharge": ("recharge", ""),
    "shuffle into deck": ("shuffle", " into your deck"),
    "discard": ("discard", ""),
    "bury": ("bury", ""),
    "banish": ("banish", ""),
}


def _top_cards(count: Amount) -> str:
    """ "the top card", "the top 3 cards", "a number of cards equal to 1d4+1 from the top" (then "of a deck")."""
    if count.number == 1:
        return "the top card"
    if count.number is not None:
        return f"the top {count.number} cards"
    return f"{count.count_text('card', 'cards')} from the top"


_SOURCES = Literal[
    "hand", "top of deck", "bottom of deck", "discard pile", "deck", "deck or discard pile", "hand or discard pile",
    "location deck", "buried",
]


class Draw(_Effect, key="draw", moments=ANY_MOMENT):
    """Draw cards from your deck (DRAW-01)."""

    draw: AmountField

    def text(self) -> str:
        return f"draw {self.draw.count_text('card', 'cards')}"


class Heal(_Effect, key="heal", moments=ANY_MOMENT, asks=True):
    """Shuffle this many random cards from a character's discard pile into their deck (dice are rolled when it
    is used)."""

    heal: AmountField

    def text(self) -> str:
        cards = self.heal.count_text("random card", "random cards")
        return f"shuffle {cards} from a character's discard pile into their deck"


class Examine(_Effect, key="examine", moments=ANY_MOMENT, asks=True):
    """Examine the top cards of your location's deck (EXAM-01)."""

    examine: AmountField

    def text(self) -> str:
        return f"examine {_top_cards(self.examine)} of your location deck"


class ExamineMore(_Effect, key="examine_more", moments=frozenset({Timing.EXAMINE})):
    """Examine this many more cards of the location deck you are examining: the cards below those you have looked
    at (EXAM-01)."""

    examine_more: AmountField

    def text(self) -> str:
        count = self.examine_more
        if count.number is None:
            return f"examine more cards of that deck, as many as {count.text()}"
        return f"examine {'one' if count.number == 1 else count.number} more card{'s' if count.number != 1 else ''} " \
               "of that deck"


class ExamineDeck(_Effect, key="examine_deck", moments=ANY_MOMENT, asks=True):
    """Examine the top cards of a deck (EXAM-01): your location's, any location's, or your own character deck;
    then, as the power allows, put them back in any order, draw one of a kind, or put one of a kind at the
    bottom of that deck. (To encounter an examined card: `encounter_examined`.)"""

    examine_deck: AmountField
    deck: Literal["your location", "any location", "your deck"] = "your location"
    reorder: bool = False
    may_draw: CardFilter | None = None
    may_bottom: CardFilter | None = None

    def text(self) -> str:
        deck = {"your location": "your location deck", "any location": "any location deck", "your deck": "your deck"}
        text = f"examine {_top_cards(self.examine_deck)} of {deck[self.deck]}"
        if self.reorder:
            text += " and put them back in any order"
        if self.may_draw is not None:
            text += f"; you may draw {filter_text(self.may_draw)} you examined"
        if self.may_bottom is not None:
            text += f"; you may put {filter_text(self.may_bottom)} you examined at the bottom of that deck"
        return text


class ExchangeExamined(_Effect, key="exchange_examined", moments=frozenset({Timing.EXAMINE}), asks=True):
    """Exchange a card of this kind you are examining for a random card of its type from the box: the card drawn
    takes its place in the deck, and the examined card goes back into the box (SET-03)."""

    exchange_examined: CardFilter

    def text(self) -> str:
        return f"exchange {filter_text(self.exchange_examined)} you examine for a random card of its type from the box"


class EncounterExamined(_Effect, key="encounter_examined", moments=ANY_MOMENT, asks=True):
    """Encounter the card you just examined if it matches, as if explored (EXAM-01 says examining is not
    exploring; this power lets you encounter it anyway); `optional`: you may, and are asked once it matches."""

    encounter_examined: CardFilter
    optional: bool = False

    def text(self) -> str:
        return ("you may " if self.optional else "") + self.verb_text()

    def verb_text(self) -> str:
        return f"encounter the examined card if it is {filter_text(self.encounter_examined)}"


class MoveCards(_Effect, key="move_cards", moments=ANY_MOMENT, asks=True):
    """Move cards of a character's from one of their places to another: "recharge any number of weapons from
    your hand", "shuffle a random card from your discard pile into your deck", "put a card from your hand on
    top of your deck", "take a Mount from your deck or discard pile" (searching a deck shuffles it). A list of
    places is the player's choice; `cards: this card` moves the card whose power this is; `character` says
    whose cards (yours, or the character the power helps); `chosen_type`: "a random card of a type you choose"."""

    move_cards: CardPlace | tuple[CardPlace, ...]
    cards: CardFilter | Literal["this card"] = ANY_CARD
    source: _SOURCES = "hand"
    count: AmountField | Literal["any", "all"] = Amount(1)  # dice are rolled each time ("1d4+1")
    random: bool = False
    character: Characters = Who.YOU
    chosen_type: bool = False  # you first choose a card type (of those the cards are); only cards of that type

    def text(self) -> str:
        places = self.move_cards if isinstance(self.move_cards, tuple) else (self.move_cards,)
        if self.cards == "this card":
            what = "this card"
        elif self.count == "any":
            what = f"any number of {filter_text(self.cards, plural=True)}"
        elif self.count == "all":
            what = f"all {filter_text(self.cards, plural=True)}"
        elif self.count == Amount(1):
            what = filter_text(self.cards)
            if self.random:
                what = a_random(what)
            if self.chosen_type:
                what += " of a type you choose"
        else:
            cards = f"{'random ' if self.random else ''}{filter_text(self.cards, plural=True)}"
            what = self.count.count_text("", cards)
        if (self.source == "top of deck" and self.cards == ANY_CARD and not self.random
                and isinstance(self.count, Amount)):
            what = f"{_top_cards(self.count)} of your deck"
        elif self.source == "top of deck" and self.cards != "this card":
            what += " from the top of your deck"
        elif self.source == "bottom of deck" and self.cards != "this card":
            bottom = "the bottom card of your deck"
            what = bottom if self.cards == ANY_CARD else f"{what} from the bottom of your deck"
        elif self.source != "hand" and self.cards != "this card":
            source = "buried cards" if self.source == "buried" else self.source
            what += f" from {'the' if self.source == 'location deck' else 'your'} {source}"
        actions = [f"{_PLACE_WORDS[place][0]} {what}{_PLACE_WORDS[place][1]}" for place in places]
        text = " or ".join(actions)
        if self.character is not Who.YOU:
            text = f"{self.character.words()} may {text.replace('your ', 'their ')}"
        return text


class Instead(_Effect, key="instead",
              moments=ANY_MOMENT, kinds={Kind.REPLACEMENT, Kind.STANDING, Kind.USED}, alters_check=True):
    """A card played for its power (or paid for this power's cost) goes somewhere other than where it would
    go ("you may recharge a Ranged weapon instead of discarding or burying it"; "an Attack spell you play is
    banished afterwards"). A list of places is the player's choice; `replaces` limits it to those actions
    (None: wherever the card would go); `played_by: anyone` also covers cards others play on the check.
    With `healed_by`, it is not for cards played but for the cards a card of that kind you play shuffles from a
    discard pile into a deck (`heal`): they go to their owner's `instead` place ("armors a boon with the Healing
    trait shuffles into a deck go into the hand instead")."""

    instead: CardPlace | tuple[CardPlace, ...]
    cards: CardFilter = ANY_CARD
    replaces: tuple[CardAction, ...] | None = None
    played_by: Literal["you", "anyone"] = "you"
    healed_by: CardFilter | None = None

    @model_validator(mode="after")
    def _healed_cards_are_not_played(self) -> "Instead":
        if self.healed_by is not None and (self.replaces is not None or self.played_by != "you"):
            raise ValueError("an instead for healed cards (healed_by) names no replaced action nor who plays them")
        return self

    def text(self) -> str:
        places = self.instead if isinstance(self.instead, tuple) else (self.instead,)
        if self.healed_by is not None:
            what = f"{filter_text(self.cards, plural=True)} that {filter_text(self.healed_by)} you play would " \
                   "shuffle from a discard pile into a deck"
            owners = [(_PLACE_WORDS[place][0], _PLACE_WORDS[place][1].replace("your", "their owner's"))
                      for place in places]
            return " or ".join(f"{verb} {what}{where}" for verb, where in owners) + " instead"
        who = "you play" if self.played_by == "you" else "anyone plays"
        what = f"{filter_text(self.cards)} {who}"
        text = " or ".join(f"{_PLACE_WORDS[place][0]} {what}{_PLACE_WORDS[place][1]}" for place in places)
        if self.replaces:
            doing = listing([f"{str(action).removesuffix('e')}ing" for action in self.replaces])
            return f"{text} instead of {doing} it"
        return f"{text} instead of putting it where its power says"


class PlayAsCopy(_Effect, key="play_as_copy",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.STANDING}, read_where_it_applies=True):
    """You may play a card of this kind from your hand as a copy of another card: the top card of the blessings
    discard pile, or any card of it. The card played acts with the other card's name, type, traits and powers (it
    counts as playing that card: a blessing, for the limit of one card of each type, ENC-02), while the card you
    play is the one that is discarded, recharged ... (DESIGN.md 7). Written in a paragraph `when: any time`,
    `optional: false`: it is read wherever plays are listed."""

    play_as_copy: CardFilter
    of: Literal["top of the blessings discard pile", "the blessings discard pile"] = "top of the blessings discard pile"

    def text(self) -> str:
        of = "the top card" if self.of.startswith("top") else "any card"
        return f"you may play {filter_text(self.play_as_copy)} from your hand as a copy of {of} of the blessings " \
               "discard pile"


class CannotPlay(_Effect, key="cannot_play",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.STANDING}, read_where_it_applies=True):
    """You can't play cards of this kind ("cannot" beats "can", GOLD-03); written in a lasting paragraph."""

    cannot_play: CardFilter

    def text(self) -> str:
        return f"you can't play {filter_text(self.cannot_play, plural=True)}"


class Redeem(_Effect, key="redeem", moments=ANY_MOMENT, asks=True):
    """Redeem a boon the redemption card lists (RED-01): check it off, and for the rest of the Adventure Path
    that boon no longer has the Corrupted trait. The boon is this card, the card encountered (a boon just
    acquired), or one of your cards from a place, which you choose."""

    redeem: Literal["this card", "encountered", "hand", "discard pile", "deck", "buried"]

    def text(self) -> str:
        if self.redeem == "this card":
            return "redeem this card"
        if self.redeem == "encountered":
            return "redeem the card you are encountering"
        place = "buried cards" if self.redeem == "buried" else self.redeem
        return f"redeem a card from your {place}"
