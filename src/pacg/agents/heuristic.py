"""A player that plays as a careful player would, from its seat's view and its decision alone (DESIGN.md 5).

It reads what a person at the table reads: the published decision (each option's label, and for a play on a
check the exact odds it brings, `Decision.odds_of`), its seat's view (its hand, deck and discards, the
locations' counts, the blessings deck) and the cards' own printed text in the card library, which is public.
It never sees the live game. Its judgement, kind by kind:

- a play on a check is worth what it adds to the chance of success, times what the check is for (a villain
  more than a henchman, a henchman more than a monster, a monster or barrier more than a boon), less what it
  costs: revealing is nearly free, recharging cheap, discarding, burying and banishing dearer, and dearer still
  as the character's deck runs low (the deck is its life: DEATH-01);
- damage is reduced when a card saves more than it costs (armor recharged is cheap), and paid with the cards
  it needs least;
- it explores every turn, moves to the open location with the most cards when its own is empty or closed,
  explores again when the blessings deck is short against the cards left, tries to close every location it
  can and temporarily closes locations to corner the villain;
- it keeps its cards at the reset, attempts to acquire every boon, takes the better card where it must choose,
  and heals whoever's deck is smallest.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Character
from pacg.cards.vocabulary import CardType, Skill
from pacg.decisions import Decision, DecisionKind, Option

# What a check is worth when it succeeds, by what it is against: a villain ends the scenario (VIL-01)
STAKES = {CardType.VILLAIN: 4.0, CardType.HENCHMAN: 2.0, CardType.MONSTER: 1.2, CardType.BARRIER: 1.0}
CLOSING_STAKE = 1.5  # a location closed is a step towards cornering the villain (CLOSE-01)
BOON_STAKE = 0.6  # a boon acquired is one more card of health
# What a play's action costs, as a share of one card: the card's own action, then any other cost it names
ACTION_COSTS = {"reveal": 0.02, "display": 0.1, "recharge": 0.15, "use": 0.02, "discard": 0.45, "bury": 0.65,
                "banish": 0.8}
TOP_OF_DECK_COST = 0.4  # "discard the top card of your deck": a card of health, unseen
CARD_VALUE = {CardType.BLESSING: 3.0, CardType.WEAPON: 2.5, CardType.SPELL: 2.5, CardType.ARMOR: 2.0,
              CardType.ALLY: 2.0, CardType.ITEM: 1.5}
EXPLORE_MARGIN = 2  # the spare cards it wants in its deck before it explores (`Table.safe_to_explore`)
HEALTHY_DECK = 10  # below this many cards in its deck, every card a character spends costs it more
FATAL = 100.0  # the cost of a play that would leave too few cards to draw at the reset (DEATH-01)
EXPLORE_AGAIN_COST = 0.7  # the most it spends on an extra exploration when the blessings deck runs short


_BETWEEN_SCENARIOS = {DecisionKind.REBUILD, DecisionKind.NEW_CHARACTER, DecisionKind.MYTHIC_PATH}
_FEATS_FIRST = ("feat:power:hand-size", "feat:power", "feat:card", "feat:skill")  # the feats it checks, the first first


def _between_scenarios(decision: Decision) -> str:
    """A question of a campaign between scenarios (`pacg.campaign.between`) but a feat (`HeuristicAgent._feat`): a deck
    of the same cards where it can keep them, else the pool's first card of the type, else the box's; the same
    character again in a dead one's place; the first mythic path."""
    ids = [option.id for option in decision.options]
    if decision.kind is DecisionKind.REBUILD:
        return next((action for wanted in ("keep", "take:") for action in ids if action.startswith(wanted)), ids[0])
    if decision.kind is DecisionKind.NEW_CHARACTER:
        return next((option.id for option in decision.options if option.label == decision.player), ids[0])
    return ids[0]


class HeuristicAgent:
    """Plays by the judgement in the module's docstring; deterministic: the same view and decision give the same
    answer (the seed is taken for the agents' common signature and unused)."""

    def __init__(self, seed: int | None = None, library: CardLibrary | None = None) -> None:
        self._library = library
        self._answers: dict[DecisionKind, Callable[[Table, Decision], str]] = {
            DecisionKind.PLAY: self._play,
            DecisionKind.SKILL: self._skill,
            DecisionKind.TURN: self._turn,
            DecisionKind.EXPLORE: self._explore,
            DecisionKind.EXPLORE_AGAIN: self._explore_again,
            DecisionKind.RESET_DISCARD: self._reset_discard,
            DecisionKind.DAMAGE_DISCARD: self._least_needed,
            DecisionKind.CARD: self._card,
            DecisionKind.KEEP: self._most_needed,
            DecisionKind.ENCOUNTER: self._encounter,
            DecisionKind.LOCATION: self._location,
            DecisionKind.START: self._location,  # start where no one else does: the party covers more ground
            DecisionKind.TARGET: self._target,
            DecisionKind.INSTEAD: self._instead,
            DecisionKind.REROLL: self._reroll,
            DecisionKind.TRADE: _first_of("no more trades"),
            DecisionKind.ACCEPT_TRADE: _first_of("refuse"),
            DecisionKind.MOVE_ALONG: _yes_unless("no", "don't", "stay"),
            DecisionKind.ACQUIRE: _yes_unless("let"),
            DecisionKind.CLOSE: _yes_unless("don't"),
        }

    @property
    def library(self) -> CardLibrary:
        if self._library is None:
            from pacg.game import library_for

            self._library = library_for(None)
        return self._library

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        if decision.kind is DecisionKind.FEAT:
            return self._feat(decision)
        if decision.kind in _BETWEEN_SCENARIOS:
            return _between_scenarios(decision)
        table = Table(view, decision.player, self.library)
        answer = self._answers.get(decision.kind)
        if answer is not None:
            return answer(table, decision)
        return _yes_unless("no", "don't", "none", "forfeit", "skip")(table, decision)

    def ranked(self, view: Mapping[str, Any], decision: Decision) -> list[str]:
        """The decision's actions, its choice first; for a play, the others by what they are worth; for the turn's
        question, the likeliest alternatives first (`_turn_alternatives`); otherwise in the decision's order. (A
        decision of several options: its choice alone.)"""
        table = Table(view, decision.player, self.library)
        if decision.kind is DecisionKind.PLAY:
            return [option.id for option in self._plays_ranked(table, decision)]
        choice = self.act(view, decision)
        if decision.choose is not None:
            return [choice]
        others = _turn_alternatives(table, decision) if decision.kind is DecisionKind.TURN else decision.options
        return [choice, *(option.id for option in others if option.id != choice)]

    def _feat(self, decision: Decision) -> str:
        """A feat box: the hand size first (a card more at every reset), then a power's, then a card's (a card more
        in the deck: of the type worth most, `CARD_VALUE`), then the skill of the biggest die (the skill it checks
        with most)."""
        ids = [option.id for option in decision.options]
        first = next((action for wanted in _FEATS_FIRST for action in ids if action.startswith(wanted)), ids[0])
        if first.startswith("feat:card:"):  # "feat:card:blessing-1": the card type worth most in a deck
            return max((action for action in ids if action.startswith("feat:card:")),
                       key=lambda action: CARD_VALUE.get(CardType(action.split(":")[2].rsplit("-", 1)[0]), 0.0))
        if not first.startswith("feat:skill:"):
            return first
        skills = self.library.typed(decision.player, Character).skills

        def die(action: str) -> int:  # "feat:skill:wisdom-2": the skill's words, then the box
            entry = skills.get(Skill(action.split(":")[2].rsplit("-", 1)[0].capitalize()))
            return entry.die if entry is not None else 0

        return max((action for action in ids if action.startswith("feat:skill:")), key=die)

    # --- plays ----------------------------------------------------------------------------------------------

    def _play(self, table: Table, decision: Decision) -> str:
        """The play worth most over its cost, or "Done" when none is worth making (options[0] passes)."""
        return self._plays_ranked(table, decision)[0].id

    def _plays_ranked(self, table: Table, decision: Decision) -> list[Option]:
        """The options of a play decision by worth, the best first: "Done" (options[0], worth 0) comes before
        every play worth no more than passing."""
        worth = [self._play_worth(table, decision, option) for option in decision.options]
        order = sorted(range(len(worth)), key=lambda index: -worth[index])  # stable: the earlier option on a tie
        return [decision.options[index] for index in order]

    def _play_worth(self, table: Table, decision: Decision, option: Option) -> float:
        if option is decision.options[0]:
            return 0.0
        context = decision.context
        cost = self._cost(table, option.label) * table.scarcity()
        timing = context.get("timing")
        if timing == "check":
            odds = decision.odds_of(option.id)
            if odds is None:
                return -cost
            before, after = odds
            return float(after - before) * self._stake(table, context) - cost
        if timing == "damage":
            return _damage_saved(option.label, int(context.get("damage", 0))) * 0.5 * table.scarcity() - cost
        if _heals(option.label):
            return 0.6 * table.scarcity() - cost if table.me["discard"] else -1.0
        return -1.0  # evading, moving and other plays between steps: not worth a card

    def _skill(self, table: Table, decision: Decision) -> str:
        """The way to attempt a check worth most: its odds times what the check is for, less what a card it plays
        costs (a weapon revealed costs nothing; one discarded does). Ties: the first, which plays no card."""
        odds: Sequence[str | None] = decision.context.get("odds") or ()
        if len(odds) != len(decision.options):
            return decision.options[0].id
        stake = self._stake(table, decision.context)

        def worth(index: int) -> float:
            label, chance = decision.options[index].label, odds[index]
            cost = self._cost(table, label) * table.scarcity() if ":" in label else 0.0
            return (float(Fraction(chance)) if chance is not None else 0.0) * stake - cost
        return decision.options[max(range(len(odds)), key=lambda index: (worth(index), -index))].id

    def _stake(self, table: Table, context: Mapping[str, Any]) -> float:
        purpose = context.get("purpose")
        if purpose == "close":
            return CLOSING_STAKE
        if purpose == "acquire":
            return BOON_STAKE
        against = context.get("against")
        card = self.library.find(against) if isinstance(against, str) else None
        return STAKES.get(card.type, 1.0) if card is not None else 1.0

    def _cost(self, table: Table, label: str) -> float:
        """What a play's label says it costs: its action on the card it plays, the card's worth to the player,
        and a card from the top of the deck if it says so."""
        head = label.split(":", 1)[0].lower()
        words = head.split()
        cost = ACTION_COSTS.get(words[0], 0.3) if words else 0.3
        for action, name in _paid_cards(head):
            if action in ("discard", "bury", "banish") and name:
                cost = max(cost, ACTION_COSTS[action] * self._worth(table, name) / 2.5)
        if "top card of your deck" in head:
            cost += TOP_OF_DECK_COST if table.spare_cards() > 1 else FATAL
        return cost

    # --- the turn -------------------------------------------------------------------------------------------

    def _turn(self, table: Table, decision: Decision) -> str:
        """Explore where it stands if there is anything to find; otherwise move where most is left."""
        here = table.location(table.me["location"])
        explore = _starting(decision, "explore ")
        if explore is not None and not table.safe_to_explore():
            return _first_of("end exploring")(table, decision)
        if explore is not None and here is not None and here["deck"] > 0:
            return explore.id
        moves = [(place, option) for option in decision.options if option.label.startswith("Move to ")
                 if (place := table.location(option.label.removeprefix("Move to "))) is not None and place["deck"]]
        if moves:
            return max(moves, key=lambda move: table.location_worth(move[0]))[1].id
        return explore.id if explore is not None else self._explore(table, decision)

    def _explore(self, table: Table, decision: Decision) -> str:
        """A free exploration always; one that costs a card only when the blessings deck runs short."""
        free = _starting(decision, "explore ")
        if free is not None:
            return free.id
        paid = [option for option in decision.options if option.label.endswith("explore again")]
        if paid and table.pressed() and table.me["deck"] >= HEALTHY_DECK // 2:
            cheapest = min(paid, key=lambda option: self._cost(table, option.label))
            if self._cost(table, cheapest.label) <= EXPLORE_AGAIN_COST:
                return cheapest.id
        return _first_of("end exploring")(table, decision)

    def _explore_again(self, table: Table, decision: Decision) -> str:
        wanted = table.me["deck"] > 2
        return _yes_unless("forfeit")(table, decision) if wanted else _first_of("forfeit")(table, decision)

    # --- cards ----------------------------------------------------------------------------------------------

    def _worth(self, table: Table, name: str) -> float:
        """How much a card is worth to the player: its type's worth, less when the hand has others of its type,
        less again for a weapon or spell whose skill the character lacks."""
        card = self.library.find(name)
        if card is None:
            return 1.0
        worth = CARD_VALUE.get(card.type, 1.0)
        if card.type is CardType.WEAPON and not {"Melee", "Ranged"} & table.skills():
            worth -= 1.0
        if card.type is CardType.SPELL and not {"Arcane", "Divine"} & table.skills():
            worth -= 1.5
        same = sum(1 for other in table.hand() if other != name and _type_of(self.library, other) is card.type)
        return worth - 0.4 * same

    def _least_needed(self, table: Table, decision: Decision) -> str:
        return min(decision.options, key=lambda option: self._worth(table, _card_name(option.label))).id

    def _most_needed(self, table: Table, decision: Decision) -> str:
        cards = [option for option in decision.options if self.library.find(_card_name(option.label))]
        if not cards:
            return decision.options[0].id
        return max(cards, key=lambda option: self._worth(table, _card_name(option.label))).id

    def _card(self, table: Table, decision: Decision) -> str:
        """A card of the player's hand is given up (a cost); any other card is taken."""
        names = {_card_name(option.label) for option in decision.options}
        if names <= set(table.hand()):
            return self._least_needed(table, decision)
        return self._most_needed(table, decision)

    def _reset_discard(self, table: Table, decision: Decision) -> str:
        """Keep every card it may; discard down to the hand size the cards it needs least."""
        assert decision.choose is not None
        fewest = decision.choose[0]
        order = sorted(range(len(decision.options)),
                       key=lambda index: self._worth(table, _card_name(decision.options[index].label)))
        return decision.choice_id(order[:fewest])

    def _encounter(self, table: Table, decision: Decision) -> str:
        """Of two cards, encounter a boon rather than a bane, and the weaker bane."""
        def danger(option: Option) -> float:
            card = self.library.find(option.label)
            return STAKES.get(card.type, -1.0) if card is not None else 0.0
        return min(decision.options, key=danger).id

    def _location(self, table: Table, decision: Decision) -> str:
        """Go (or start) where most cards are left and no one else is (`Table.location_worth`)."""
        places = [(table.location(option.label), option) for option in decision.options]
        known = [(place, option) for place, option in places if place is not None]
        if not known:
            return decision.options[0].id
        return max(known, key=lambda pair: table.location_worth(pair[0]))[1].id

    def _target(self, table: Table, decision: Decision) -> str:
        """Heal (or help) whoever's deck is smallest; otherwise itself."""
        people = {character["name"]: character for character in table.view["characters"]}
        named = [option for option in decision.options if option.label in people]
        if not named:
            return decision.options[0].id
        if "heal" in decision.prompt.lower() or "whose" in decision.prompt.lower():
            return min(named, key=lambda option: people[option.label]["deck"]).id
        mine = [option for option in named if option.label == table.seat]
        return (mine or named)[0].id

    def _instead(self, table: Table, decision: Decision) -> str:
        """A card played goes back to the deck rather than the discard pile when it can."""
        return min(decision.options, key=lambda option: self._cost(table, option.label)).id

    def _reroll(self, table: Table, decision: Decision) -> str:
        rerolls = [option for option in decision.options[1:] if self._cost(table, option.label) < 0.5]
        return rerolls[0].id if rerolls else decision.options[0].id


class Table:
    """What a seat's view says, read for the heuristic: its own character, the locations, the clock."""

    def __init__(self, view: Mapping[str, Any], seat: str, library: CardLibrary) -> None:
        self.view = view
        self.seat = seat
        self.library = library
        self.me: Mapping[str, Any] = view["you"]  # the seat's own character: the view is of the deciding seat

    def hand(self) -> list[str]:
        return list(self.me["hand"])

    def skills(self) -> set[str]:
        return set(self.me["skills"])

    def scarcity(self) -> float:
        """How dear a card is to the player now: 1 with a healthy deck, up to 3 as it runs out (DEATH-01)."""
        deck = int(self.me["deck"])
        return 1.0 if deck >= HEALTHY_DECK else 1.0 + 2.0 * (HEALTHY_DECK - deck) / HEALTHY_DECK

    def spare_cards(self) -> int:
        """The cards in its deck beyond those it must draw as it resets its hand (RESET-01): below 0, it dies at
        the end of its turn (DEATH-01)."""
        me = self.me
        return int(me["deck"]) - max(0, int(me["hand_size"]) - int(me["hand_count"]))

    def safe_to_explore(self) -> bool:
        """Whether an encounter can be survived: an encounter lost costs about two cards from the hand, to be
        drawn again at the reset; or the blessings deck is so short that waiting loses anyway."""
        return self.spare_cards() >= EXPLORE_MARGIN or int(self.view.get("blessings", {}).get("deck", 0)) <= 2

    def location(self, name: object) -> Mapping[str, Any] | None:
        return next((place for place in self.view.get("locations", ()) if place["name"] == name), None)

    def location_worth(self, place: Mapping[str, Any]) -> float:
        """An open location with cards left and no one else there is worth the most."""
        others = sum(1 for name in place["characters"] if name != self.seat)
        return (0.0 if place["closed"] else 100.0) + int(place["deck"]) - 5.0 * others

    def pressed(self) -> bool:
        """Whether the blessings deck is short against the cards left in open locations: more cards to see than
        turns left to see them in, one exploration a turn (TURN-04)."""
        left = sum(int(place["deck"]) for place in self.view.get("locations", ()) if not place["closed"])
        return left > int(self.view.get("blessings", {}).get("deck", 0))


def _turn_alternatives(table: Table, decision: Decision) -> list[Option]:
    """The turn's question's answers by how likely each is to be the better one: exploring here, taking no step
    (resting a character who can't afford an encounter), moving to each open location by what is left there
    (`Table.location_worth`), then a card played to explore before the free exploration and giving a card (a
    look-ahead that tries two answers besides the heuristic's tries the likeliest)."""
    def rank(option: Option) -> tuple[int, float]:
        label = option.label
        if label.startswith("Explore "):
            return 0, 0.0
        if label.startswith("Move to "):
            place = table.location(label.removeprefix("Move to ").removesuffix(" (closed)"))
            return 2, -table.location_worth(place) if place is not None else 0.0
        if label.endswith("explore again"):
            return 3, 0.0
        if label.startswith("Give "):
            return 4, 0.0
        return 1, 0.0
    return sorted(decision.options, key=rank)


# --- reading labels ---------------------------------------------------------------------------------------


def _first_of(*starts: str) -> Callable[[Table, Decision], str]:
    """The first option whose label starts with one of these words, else the first option."""
    def answer(table: Table, decision: Decision) -> str:
        for option in decision.options:
            if option.label.lower().startswith(starts):
                return option.id
        return decision.options[0].id
    return answer


def _yes_unless(*refusals: str) -> Callable[[Table, Decision], str]:
    """The first option that doesn't refuse (whose label starts with none of these words)."""
    def answer(table: Table, decision: Decision) -> str:
        for option in decision.options:
            if not option.label.lower().startswith(refusals):
                return option.id
        return decision.options[0].id
    return answer


def _starting(decision: Decision, start: str) -> Option | None:
    return next((option for option in decision.options if option.label.lower().startswith(start)), None)


_PAID = re.compile(r"\b(discard|bury|banish|recharge|reveal|display) ([^,:]+)")


def _paid_cards(head: str) -> list[tuple[str, str]]:
    """The actions a label's head names with their cards: "use seelah's power, discard the top card of your
    deck" -> [("discard", "the top card of your deck")]."""
    return [(action, name.strip()) for action, name in _PAID.findall(head)]


def _card_name(label: str) -> str:
    """The card an option names: "Discard Longsword" -> "Longsword"; "Frog" -> "Frog"."""
    for verb in ("Discard ", "Bury ", "Banish ", "Recharge ", "Reveal ", "Display "):
        if label.startswith(verb):
            return label.removeprefix(verb).split(":", 1)[0]
    return label


@lru_cache(maxsize=4096)  # a card's type by its name: asked for every card in hand at every decision
def _type_of(library: CardLibrary, name: str) -> CardType | None:
    card = library.find(name)
    return card.type if card is not None else None


_REDUCE = re.compile(r"reduce (?:\w+ )*damage (?:by (\d+)|to 0)")


def _damage_saved(label: str, damage: int) -> int:
    """How much of the damage being dealt a play's label says it takes away."""
    match = _REDUCE.search(label.lower())
    if match is None:
        return 0
    return damage if match.group(1) is None else min(damage, int(match.group(1)))


def _heals(label: str) -> bool:
    text = label.lower()
    return "heal" in text or "from a character's discard pile into their deck" in text or (
        "discard pile into" in text and "deck" in text)
