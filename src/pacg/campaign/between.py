"""Between scenarios: the rewards, the decks rebuilt, the dead replaced ("Ending a Scenario, Adventure, or Adventure
Path", "Between Games", "Dying", "Feats"; END-03..END-07, REB-01..REB-03, DEATH-03, DEATH-04, FEAT-01, FEAT-02,
MYTH-01).

What happens after a scenario is a rules process like the engine's (`decisions.Process`): it asks the players its
questions as Decisions, answered as any other (a person, the web page or an AI seat), and a question with one
answer is not asked. In order:

1. The rewards, if the scenario was won (END-03): the scenario's own draws and loot are given in the game as it
   ends (`engine.scenario.give_reward`); here each living character checks a feat box of the kind rewarded (the
   leftmost free one of a group, FEAT-01; none if no box of that kind is free), and chooses a mythic path where the
   reward says so (MYTH-01). With the adventure's last scenario come the adventure's reward (END-06), with the
   Adventure Path's last the Path's (END-07): their draws from the box and their loot too.
2. The decks rebuilt (END-05, REB-01): every card the characters hold (the dead's too, DEATH-04) is pooled and
   traded freely; each living character, in turn order, takes for each card type of their Cards List (with their
   card feats, FEAT-02) as many cards as it lists, loot counting as its type; short of a type, they take Basic
   cards from the box (REB-02). What no one takes goes back to the box (REB-03).
3. Each dead character's player starts a new character, the same card allowed, with no feats, and a deck of Basic
   cards from the box (DEATH-03).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pacg.campaign.party import Member, free_feats
from pacg.campaign.story import Story
from pacg.cards.library import CardLibrary
from pacg.cards.model import AnyCard, Character, Reward
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine.feats import cards_list
from pacg.engine.filters import matches
from pacg.tables import TableFeats


@dataclass
class Ending:
    """How a scenario ended, for what comes after it: won or lost, every card each member held at its end (their
    deck, hand, discard pile, buried and displayed cards), by their place in the party, and who died."""

    scenario: str
    won: bool
    held: list[list[str]]
    dead: list[bool]


@dataclass
class Progress:
    """What a campaign has come to: its party, the scenarios completed in order, the story cards whose reward was
    given (END-03: each once), the cards removed from the game (COH-01) and the boons redeemed (RED-01)."""

    party: list[Member]
    completed: list[str] = field(default_factory=list)
    rewarded: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    redeemed: list[str] = field(default_factory=list)


def between_scenarios(library: CardLibrary, story: Story, progress: Progress, ending: Ending,
                      rng: random.Random) -> Process[None]:
    """What comes after a scenario (this module's three steps), changing `progress`."""
    for member, dead in zip(progress.party, ending.dead, strict=True):
        member.alive = member.alive and not dead
    pool = Counter(name for held in ending.held for name in held)
    deck_number = library.get(ending.scenario).adventure_deck_number
    if ending.won and ending.scenario not in progress.completed:
        progress.completed.append(ending.scenario)
        for card, reward in story.rewards_earned(library, progress.completed, ending.scenario):
            if card not in progress.rewarded:
                progress.rewarded.append(card)
                if card != ending.scenario:  # a scenario's draws and loot are given in its game
                    _give_cards(library, progress, reward, pool, box_of(library, deck_number, pool, progress.removed),
                                rng)
                yield from _give_feats(library, progress, reward)
    box = box_of(library, deck_number, pool, progress.removed)
    for member in progress.party:
        if member.alive:
            yield from _rebuild(library, member, pool, box)
    box.update(+pool)  # what no one took goes back to the box (REB-03), the dead's too (DEATH-04)
    for place, member in enumerate(progress.party):
        if not member.alive:
            progress.party[place] = yield from _new_character(library, progress, member, box, rng)


# --- rewards ---------------------------------------------------------------------------------------------------


def _give_cards(library: CardLibrary, progress: Progress, reward: Reward, pool: Counter[str], box: Counter[str],
                rng: random.Random) -> None:
    """An adventure's or the Path's cards (END-03): a random card of the box of the kind it names for each living
    character, if the box has one, and its loot; into the pool the decks are rebuilt from, where any character may
    take them (loot may go to any character)."""
    if reward.draw_random is not None:
        for member in progress.party:
            found = [name for name in sorted(box.elements()) if matches(library.get(name), reward.draw_random)]
            if member.alive and found:
                drawn = rng.choice(found)
                box[drawn] -= 1
                pool[drawn] += 1
    pool.update(reward.loot)


def _give_feats(library: CardLibrary, progress: Progress, reward: Reward) -> Process[None]:
    """A reward's feat box and mythic path for each living character (FEAT-01, MYTH-01)."""
    living = [member for member in progress.party if member.alive]
    if reward.feat is not None:
        for member in living:
            yield from _check_feat(library, member, reward)
    if reward.mythic_path:
        for member in living:
            if member.mythic_path is None:
                paths = sorted(card.name for card in library.of_type(CardType.MYTHIC_PATH))
                chosen = yield from _answer(member.name, DecisionKind.MYTHIC_PATH, "Which mythic path do you take?",
                                            [Option(name, name) for name in paths])
                member.mythic_path = paths[chosen]


def _check_feat(library: CardLibrary, member: Member, reward: Reward) -> Process[None]:
    """The member checks a free box of the kind rewarded (FEAT-01, FEAT-02); none if none is free."""
    assert reward.feat is not None
    card: Character = library.typed(member.name, Character)
    boxes = free_feats(card, member.feats, reward.feat)
    if not boxes:
        return
    chosen = yield from _answer(member.name, DecisionKind.FEAT, f"Which feat does {member.name} gain?",
                                [Option(f"{box.kind.capitalize()} feat: {box.label}", box, key="feat")
                                 for box in boxes])
    member.feats = boxes[chosen].feats


# --- rebuilding ------------------------------------------------------------------------------------------------


def _rebuild(library: CardLibrary, member: Member, pool: Counter[str], box: Counter[str]) -> Process[None]:
    """The member's deck made again from the pooled cards (REB-01), short types from the box's Basic cards
    (REB-02); the cards taken leave the pool or the box."""
    card: Character = library.typed(member.name, Character)
    deck: list[str] = []
    for card_type, count in cards_list(card, member.feats).items():
        kept = [name for name in member.deck if library.get(name).counts_as == card_type]
        taken: list[str] = []
        while len(taken) < count:
            options = _deck_options(library, member, card_type, pool, box, kept if not taken else [])
            chosen = yield from _answer(member.name, DecisionKind.REBUILD,
                                        f"{member.name}'s deck: {card_type} {len(taken) + 1} of {count}", options)
            choice = options[chosen]
            names = kept if choice.key == "keep" else [choice.value]
            for name in names:
                (pool if choice.key != "box" else box)[name] -= 1
            taken += names
        deck += taken
    member.deck = deck


def _deck_options(library: CardLibrary, member: Member, card_type: CardType, pool: Counter[str], box: Counter[str],
                  kept: list[str]) -> list[Option]:
    """The cards of a type a member may take now: the same cards of that type as before, if the pool still has
    them all; any card of the type in the pool (LOOT-01: loot as its type); when the pool has none, the Basic cards
    of the type in the box (REB-02)."""
    options = []
    if kept and not Counter(kept) - pool:
        options.append(Option(f"Keep {', '.join(kept)}", None, key="keep"))
    offered = sorted(name for name in +pool if library.get(name).counts_as == card_type)
    options += [Option(f"Take {name}" + (f" ({pool[name]} there)" if pool[name] > 1 else ""), name, key="take")
                for name in offered]
    if not offered:
        basic = sorted(name for name in +box if _basic(library.get(name), member.name, card_type))
        options += [Option(f"Take {name} from the box", name, key="box") for name in basic]
    if not options:
        raise ValueError(f"neither the party nor the box has a {card_type} left for {member.name}'s deck")
    return options


def _basic(card: AnyCard, character: str, card_type: CardType) -> bool:
    return card.counts_as == card_type and card.basic_for(character)


# --- the dead --------------------------------------------------------------------------------------------------


def _new_character(library: CardLibrary, progress: Progress, dead: Member, box: Counter[str],
                   rng: random.Random) -> Process[Member]:
    """The player of a dead character starts a new one (DEATH-03): any character card but the living party's, the
    same one allowed, with no feats; the deck of its Cards List from the box's Basic cards, its suggested cards
    where the box has them (SETUP-02), else a random Basic card of the type."""
    taken = {member.name for member in progress.party if member.alive}
    names = sorted(card.name for card in library.of_type(CardType.CHARACTER) if card.name not in taken)
    chosen = yield from _answer(dead.name, DecisionKind.NEW_CHARACTER,
                                f"{dead.name} is dead: which character do you play now?",
                                [Option(name, name) for name in names])
    card: Character = library.typed(names[chosen], Character)
    return Member(card.name, basic_deck(library, card, box, rng))


def basic_deck(library: CardLibrary, card: Character, box: Counter[str], rng: random.Random) -> list[str]:
    """A new character's deck from the box (SETUP-01, SETUP-02, DEATH-03): for each type of the Cards List, its
    suggested cards where the box has them, else random Basic cards of the type (the character's Owner cards count
    as Basic for them, OWN-01); the cards taken leave `box`."""
    deck = []
    for card_type, count in cards_list(card, TableFeats()).items():
        suggested = list(card.suggested_deck.get(card_type, ()))
        for _ in range(count):
            wanted = next((name for name in suggested if box[name] > 0 and library.get(name).basic_for(card.name)),
                          None)
            if wanted is None:
                basic = sorted(name for name in +box if _basic(library.get(name), card.name, card_type))
                if not basic:
                    raise ValueError(f"the box has no Basic {card_type} left for {card.name}'s deck")
                wanted = rng.choice(basic)
            else:
                suggested.remove(wanted)
            box[wanted] -= 1
            deck.append(wanted)
    return deck


# --- the box and the questions ---------------------------------------------------------------------------------


def box_of(library: CardLibrary, deck_number: int, held: Counter[str], removed: list[str]) -> Counter[str]:
    """The cards in the box: every copy of the box at that adventure deck number (SETUP-04), but those the party
    holds and those removed from the game (COH-01)."""
    box = Counter(card.name for card in library.box_contents(deck_number))
    box.subtract(held)
    box.subtract(removed)
    return +box


def _answer(player: str, kind: DecisionKind, prompt: str, options: list[Option]) -> Process[int]:
    """The number of the option the player chooses."""
    answer: int = yield Decision(player, kind, prompt, tuple(options))
    return answer
