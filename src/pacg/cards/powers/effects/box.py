"""Effects on the box and the blessings deck: summoning (SUM-01 to SUM-07), drawing from the box (DRAW-01,
SET-03), shuffling cards from it into a location deck (SUM-05, SUM-06), and the blessings deck (END-01).
"""

from typing import Literal

from pacg.cards.amounts import Amount
from pacg.cards.powers.conditions import Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, _Effect
from pacg.cards.powers.parameters import (
    AmountField,
    CardFilter,
    Characters,
    Who,
    a_random,
    encountered_field,
    filter_text,
    from_box_field,
)

SERVITOR_DEMON = "servitor demon"  # this adventure's servitor demon (SUM-07)
ENCOUNTERED = "the encountered card"  # a copy of the card being encountered (SUM-01: a card in play is copied)


class Summon(_Effect, key="summon", moments=ANY_MOMENT, asks=True):
    """Summon and encounter a card from the box (SUM-01, SUM-02): a named card, "servitor demon" (SUM-07), or
    a random card of a kind (SUM-06); a location is summoned and built with `build_location` (SUM-04). The
    summoned card goes back to the box afterwards; `who: each local` has every character at your location summon
    and encounter one, in turn.
    `decides` makes those encounters decide, in place of its check, whether the card being encountered is
    defeated (or a boon acquired): `yours` (you defeat yours), `all` (every one is defeated) (a barrier with the
    Skirmish trait, ENC-06; "summon and defeat a monster instead of the check to acquire a boon")."""

    summon: str | CardFilter
    who: Characters = Who.YOU
    decides: Literal["yours", "all"] | None = None

    _encountered = encountered_field("summon")

    def text(self) -> str:
        if self.summon == SERVITOR_DEMON:
            what = "this adventure's servitor demon"
        elif self.summon == ENCOUNTERED:
            what = "a copy of the card you are encountering"
        elif isinstance(self.summon, str):
            what = f"{'an' if self.summon[:1] in 'AEIOU' else 'a'} {self.summon}"
        else:
            what = a_random(filter_text(self.summon))
        who = "summon and encounter" if self.who is Who.YOU else f"{self.who.words()} summons and encounters"
        text = f"{who} {what}"
        if self.decides == "yours":
            text += "; you defeat or acquire the card you are encountering only if you defeat yours"
        elif self.decides == "all":
            text += "; you defeat or acquire the card you are encountering only if every one of them is defeated"
        return text


class BuildLocation(_Effect, key="build_location", moments=ANY_MOMENT):
    """Summon and build a location: if it is not already built, take it from the box and build it as at the
    setup; it and its deck stay for the rest of the scenario, a location like any other (SUM-04)."""

    build_location: str

    def text(self) -> str:
        return f"summon and build the {self.build_location}"


class DrawRandom(_Effect, key="draw_random", moments=ANY_MOMENT):
    """Draw random cards of a kind from the box into your hand (DRAW-01: from the box, draw at random)."""

    draw_random: CardFilter
    _from_box = from_box_field("draw_random")
    count: AmountField = Amount(1)

    def text(self) -> str:
        what = filter_text(self.draw_random) if self.count == Amount(1) else (
            self.count.count_text("", filter_text(self.draw_random, plural=True))
        )
        return f"draw {a_random(what) if self.count == Amount(1) else what} from the box"


class AcquireFromBox(_Effect, key="acquire_from_box", moments=ANY_MOMENT, asks=True):
    """Each character `who` names, in turn, draws a random card of a kind from the box and attempts its check to
    acquire it (DRAW-01, SUM-06): acquired, it goes into their hand; not, back into the box. With `decides: all`
    the card being encountered is defeated only if every one is acquired, and the cards are kept only then; else
    they all go back into the box (a Rallying Cry, whose check is See Below, ENC-06)."""

    acquire_from_box: CardFilter
    _from_box = from_box_field("acquire_from_box")
    who: Characters = Who.YOU
    decides: Literal["all"] | None = None

    def text(self) -> str:
        what = a_random(filter_text(self.acquire_from_box))
        if self.who is Who.YOU:
            text = f"draw {what} from the box and attempt to acquire it"
        else:
            text = f"{self.who.words()} draws {what} from the box and attempts to acquire it"
        if self.decides == "all":
            text += ("; the card you are encountering is defeated only if every one of them is acquired, and only then"
                     " are they kept: otherwise they are banished")
        return text


class AddToLocation(_Effect, key="add_to_location", moments=ANY_MOMENT):
    """Shuffle random cards of a kind from the box into your location deck (SUM-05: added cards are shuffled in;
    SUM-06: random cards with a requirement). Where you are leaving, it is the location you leave."""

    add_to_location: CardFilter
    count: AmountField = Amount(1)

    _encountered = encountered_field("add_to_location")

    def text(self) -> str:
        what = a_random(filter_text(self.add_to_location)) if self.count == Amount(1) else (
            f"{self.count.text()} random {filter_text(self.add_to_location, plural=True)}")
        return f"shuffle {what} from the box into your location deck"


class ExchangeFromBox(_Effect, key="exchange_from_box", moments=frozenset({Timing.AFTER_PLAYING})):
    """Exchange the card just played for a random card of a kind from the box: the played card goes back to the
    box, and the box's card takes its place, wherever the play put it (nothing happens if the box has none)."""

    exchange_from_box: CardFilter
    _from_box = from_box_field("exchange_from_box")

    def text(self) -> str:
        return f"exchange it for {a_random(filter_text(self.exchange_from_box))} from the box"


class BlessingToLocation(_Effect, key="blessing_to_location", moments=ANY_MOMENT):
    """Shuffle the top card of the blessings deck into your location deck (a removal from the blessings deck:
    with none left, the scenario is lost, END-01)."""

    blessing_to_location: Literal[True]

    def text(self) -> str:
        return "shuffle the top card of the blessings deck into your location deck"


THIS_CARD = "this card"  # the card whose power it is
TOP_OF_BLESSINGS_DISCARD = "top of blessings discard"  # the top card of the blessings discard pile


class ShuffleIntoBlessingsDeck(_Effect, key="shuffle_into_blessings_deck", moments=ANY_MOMENT):
    """Shuffle a card into the blessings deck: a named card from the box (a scenario's setup: "shuffle the
    villain into the blessings deck"; nothing if the box has none), this card, the card whose power it is
    (a bane that came up as the blessings deck advanced goes back into it), or the top card of the blessings
    discard pile (`top of blessings discard`; nothing if the pile is empty)."""

    shuffle_into_blessings_deck: str

    def text(self) -> str:
        if self.shuffle_into_blessings_deck == THIS_CARD:
            return "shuffle this card into the blessings deck"
        if self.shuffle_into_blessings_deck == TOP_OF_BLESSINGS_DISCARD:
            return "shuffle the top card of the blessings discard pile into the blessings deck"
        return f"shuffle {self.shuffle_into_blessings_deck} from the box into the blessings deck"
