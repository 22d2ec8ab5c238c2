"""Using powers (rulebook pages 9-11): playing cards in a step, and what each effect does outside the dice.

Players play in turn order from the acting one until everyone passes (ENC-02). A play does the card's own
action first (PLAY-05), then pays its cost, then does its effects in order. A card's `instead` powers may
send a played card elsewhere. The effects on a check's dice are `playing.apply_effects`; every other effect
has a handler here, and a power is offered only where each of its effects has something to act on (PLAY-07).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from enum import StrEnum
from typing import Any

from pacg.cards.checks import parse_check
from pacg.cards.powers import (
    AdjustDifficulty,
    AfterCheck,
    Attempt,
    Banish,
    BlessingToLocation,
    CardPlace,
    CloseLocation,
    DealDamage,
    Defeat,
    DiceAmount,
    Draw,
    DrawRandom,
    Effect,
    EncounterExamined,
    EndTurn,
    Evade,
    Examine,
    ExamineDeck,
    Explore,
    GainCharge,
    Heal,
    IgnoreLocationPowers,
    KeepEncountered,
    Move,
    MoveCards,
    PlaceEncountered,
    Power,
    Purpose,
    ReduceDamage,
    RollDie,
    ShiftDamage,
    Summon,
    Timing,
    Whose,
)
from pacg.cards.vocabulary import CardAction
from pacg.decisions import Decision, Option, Process
from pacg.dice import DicePool
from pacg.engine.box import random_from_box
from pacg.engine.damage import deck_holds, remove_from_deck, take_damage
from pacg.engine.playing import (
    CHECK_EFFECTS,
    VERB,
    Play,
    Step,
    apply_effects,
    conditions_hold,
    matches,
    perform,
    plays_in,
    put,
    replacements,
    table_order,
)
from pacg.engine.state import CharacterState, Game, ScenarioOver, TurnEnded
from pacg.engine.summon import summon_and_encounter
from pacg.engine.zones import BLESSINGS_DECK, PhysicalCard, Zone, ZoneKind

# --- playing in turn order ------------------------------------------------------------------------------------


def describe(play: Play) -> str:
    """An option's label for a play: what is played and what it does."""
    return f"{play.label}: {play.power.effects_text}"


def decide_order(
    step: Step,
    plays_of: Callable[[Any, CharacterState], list[Play]],
    kind: str,
    prompt: Callable[[Any, CharacterState], tuple[str, dict[str, object]]],
    players: list[CharacterState] | None = None,
) -> Process[None]:
    """Let each player, in turn order from the acting one, play until a whole round passes (ENC-02)."""
    order = players if players is not None else table_order(step.game, step.checker)
    passes = 0
    turn = 0
    while passes < len(order):
        player = order[turn % len(order)]
        turn += 1
        played = False
        while plays := plays_of(step, player):
            text, context = prompt(step, player)
            options = (Option("Done"),) + tuple(Option(describe(play), play) for play in plays)
            index = yield Decision(
                player.name, kind, text, options, context=context,
                help="Pick a card or power to play now, or Done when you have nothing more to play.",
            )
            if index == 0:
                break
            yield from apply_play(step, options[index].value)
            played = True
        passes = 1 if played else passes + 1


_MOMENTS = {
    Timing.TURN_START: "at the start of {name}'s turn",
    Timing.TURN_END: "at the end of {name}'s turn",
    Timing.ANY_TIME: "between the steps of {name}'s turn",
    Timing.RESET_HAND: "as {name} resets the hand",
    Timing.EXPLORE: "in {name}'s explore step",
}


def _step_prompt(step: Step, player: CharacterState) -> tuple[str, dict[str, object]]:
    """ "Kyra: play a card or power at the end of Harsk's turn?", "... (evasion, against Dire Rat)?" """
    moment = _MOMENTS.get(step.timing)
    if moment is not None:
        what = moment.format(name=step.checker.name)
    elif step.timing is Timing.DAMAGE:
        what = f"as {step.checker.name} is dealt {step.damage} {step.damage_type} damage"
    else:
        what = f"({step.timing}" + (f", against {step.against.name})" if step.against is not None else ")")
    return f"{player.name}: play a card or power {what}?", {"timing": str(step.timing)}


def play_window(step: Step, players: list[CharacterState] | None = None) -> Process[None]:
    """The players may play cards and use powers of the step's timing (TURN-09, ENC-02)."""
    yield from decide_order(step, plays_in, str(step.timing), _step_prompt, players)


def apply_play(step: Step, play: Play) -> Process[None]:
    """Play: the card's own action first (PLAY-05), then the cost, then the effects in order."""
    if play.card is not None and play.power.action is not None:
        yield from place(step, play.player, play.card, play.power.action)
    if play.cost_card is not None and play.power.cost is not None:
        yield from place(step, play.player, play.cost_card, play.power.cost.action)
    step.plays.append(play)
    if step.in_check:
        apply_effects(step, play.power, play.player, play)  # type: ignore[arg-type]
        effects = [e for e in play.power.effects if not isinstance(e, CHECK_EFFECTS)]
    else:
        effects = list(play.power.effects)
    yield from resolve(step, effects, play.player, play)
    yield from _after_playing(step, play)
    if not step.in_check:  # on a check, the check to recharge waits until the check is done (KEEP-04)
        from pacg.engine.check import attempt_recharge  # checks play cards, and playing may call for checks

        yield from attempt_recharge(step.game, play)


def place(step: Step, player: CharacterState, card: PhysicalCard, action: CardAction) -> Process[None]:
    """Reveal, discard, recharge, bury or banish a card, or send it where an `instead` power says."""
    places, mandatory = ([], False) if action is CardAction.REVEAL else replacements(step, player, card, action)
    if not places:
        perform(step.game, player, card, action)
        return
    options = [] if mandatory else [Option(f"{VERB[action].capitalize()} {card.name}", None)]
    options += [Option(f"{_PLACE_LABEL[p]} {card.name} instead", p) for p in places]
    index = 0
    if len(options) > 1:
        index = yield Decision(
            player.name, "instead", f"{player.name}: where does {card.name} go?", tuple(options),
            help="A power lets this card go somewhere else than the play would send it.",
        )
    chosen = options[index].value
    if chosen is None:
        perform(step.game, player, card, action)
    else:
        put(step.game, player, card, chosen)


_PLACE_LABEL = {"hand": "Keep", "top of deck": "Put on top of your deck", "recharge": "Recharge",
                "shuffle into deck": "Shuffle into your deck", "discard": "Discard", "bury": "Bury", "banish": "Banish"}


def _after_playing(step: Step, play: Play) -> Process[None]:
    """Powers that happen after a player plays a card (Timing.AFTER_PLAYING): the player's own, for a card of
    the kind they name, and the paragraphs of the card just played ("after you play it, ... discard a card")."""
    player, after = play.player, Timing.AFTER_PLAYING
    character = [(("character", player.name, key), power, f"{player.name}'s power")
                 for key, power in player.powers_at(after)]
    own = [((*play.key, "after", index), power, play.source)
           for index, power in (play.card.powers_by_timing.get(after, ()) if play.card is not None else ())]
    for key, power, source in character + own:
        if ("after", key) in {p.key for p in step.plays}:
            continue
        if not _follows(power, play) or not conditions_hold(power.conditions, step, player, but="played"):
            continue
        if power.optional:
            label = f"Use {source}: {power.effects_text}"
            choice = yield Decision(player.name, "after playing", f"{player.name}: after playing {play.source}?",
                                    (Option("No"), Option(label)), help="A power you may use after that play.")
            if choice == 0:
                continue
        step.plays.append(Play(player, ("after", key), power, source))
        yield from resolve(step, list(power.effects), player)


def _follows(power: Power, play: Play) -> bool:
    """Whether the card just played is of a kind the power is for ("after you play a spell")."""
    wanted = power.conditions.played
    return not wanted or (play.card is not None and any(matches(play.card, one) for one in wanted))


def apply_mandatory(step: Step, powers: list[tuple[Power, CharacterState]]) -> Process[None]:
    """The paragraphs of the step's timing that always happen when they apply (PLAY-10)."""
    for power, player in powers:
        if power.when is step.timing and not power.optional and conditions_hold(power.conditions, step, player):
            yield from resolve(step, list(power.effects), player)


# --- what effects do ------------------------------------------------------------------------------------------

Handler = Callable[[Step, Any, CharacterState, "Play | None"], Generator[Decision, int, None]]


def resolve(step: Step, effects: list[Effect], player: CharacterState, play: Play | None = None) -> Process[None]:
    """Do each effect in order (PLAY-02: all of the power that is possible)."""
    for effect in effects:
        handler = HANDLERS.get(type(effect))
        if handler is not None:
            yield from handler(step, effect, player, play)


def _none() -> Process[None]:
    return
    yield  # a generator that does nothing


def _set(attribute: str, value: Any) -> Handler:
    def handler(step: Step, effect: Any, player: CharacterState, play: Play | None) -> Process[None]:
        setattr(step, attribute, value(effect) if callable(value) else value)
        return _none()
    return handler


def _after_check(step: Step, effect: AfterCheck, player: CharacterState, play: Play | None) -> Process[None]:
    """Effects for after the check are kept with the check until it is done (KEEP-04)."""
    if step.in_check:
        step.after_check.append((effect, player))  # type: ignore[attr-defined]
    return _none()


def _explore(step: Step, effect: Explore, player: CharacterState, play: Play | None) -> Process[None]:
    """However many effects grant it, an exploration grants one extra exploration (TURN-05)."""
    if step.game.turn is not None:
        step.game.turn.extra_exploration = True
    return _none()


def _reduce(step: Step, effect: ReduceDamage, player: CharacterState, play: Play | None) -> Process[None]:
    amount = effect.reduce_damage
    step.damage = 0 if amount == "all" else max(0, step.damage - amount.evaluate(step.variables()))
    return _none()


def _shift(step: Step, effect: ShiftDamage, player: CharacterState, play: Play | None) -> Process[None]:
    """Pass some of the damage to another character (chosen at random, or by the player)."""
    game = step.game
    others = [c for c in game.characters if c.alive and c is not step.checker]
    if effect.to == "another local character":
        others = [c for c in others if c.location == step.checker.location]
    if not others:
        return
    amount = min(step.damage, effect.shift_damage.evaluate(step.variables()))
    if effect.to == "random other character":
        target = game.rng.choice(others)
    else:
        target = yield from choose(player, "target", f"{player.name}: who takes {amount} of the damage?", others)
    step.damage -= amount
    yield from take_damage(game, target, amount, step.damage_type, step.against)


def draw(game: Game, character: CharacterState, count: int) -> None:
    """Draw from the top of your deck (DRAW-01); having to draw more than it holds kills you (DEATH-01)."""
    remove_from_deck(game, character, count, character.hand)


def _draw(step: Step, effect: Draw, player: CharacterState, play: Play | None) -> Process[None]:
    draw(step.game, player, effect.draw.evaluate(step.variables()))
    return _none()


def _heal(step: Step, effect: Heal, player: CharacterState, play: Play | None) -> Process[None]:
    """Shuffle random cards from a character's discard pile into their deck."""
    game = step.game
    whose = play.power.whose if play else Whose.YOUR
    candidates = [c for c in game.characters if c.alive and game.zones.cards(c.discard_pile)
                  and (whose is not Whose.YOUR or c is player)
                  and (whose in (Whose.ANY, Whose.ANOTHER) or c.location == player.location)]
    if not candidates:
        return
    target = yield from choose(player, "target", f"{player.name}: whom do you heal?", candidates)
    discard = game.zones.cards(target.discard_pile)
    count = min(_roll(game, effect.heal, step), len(discard))
    for card in game.rng.sample(discard, count):
        game.zones.shuffle_into(card, target.deck, game.rng)
    game.note(f"{target.name} shuffles {count} cards from the discard pile into the deck")


def _roll(game: Game, dice: DiceAmount, step: Step) -> int:
    sides = tuple(s for count, s in dice.dice for _ in range(count))
    return DicePool(sides, dice.bonus.evaluate(step.variables())).roll(game.rng).total


def _examine(step: Step, effect: Examine, player: CharacterState, play: Play | None) -> Process[None]:
    """Look at the top cards of your location deck and put them back in order (EXAM-01)."""
    deck = Zone(ZoneKind.LOCATION_DECK, player.location)
    _look(step, player, deck, effect.examine.evaluate(step.variables()))
    return _none()


def _look(step: Step, player: CharacterState, deck: Zone, count: int) -> list[PhysicalCard]:
    cards = step.game.zones.cards(deck)[:count]
    step.examined = deck
    names = ", ".join(card.name for card in cards) or "nothing"
    step.game.note(f"{player.name} examines the top of {deck}: {names}")
    return cards


def _examine_deck(step: Step, effect: ExamineDeck, player: CharacterState, play: Play | None) -> Process[None]:
    """Examine the top cards of a deck; as the power allows, reorder them, draw one or bottom one (EXAM-01)."""
    game = step.game
    if effect.deck == "your deck":
        deck = player.deck
    elif effect.deck == "any location":
        locations = list(game.locations.values())
        chosen = yield from choose(player, "location", f"{player.name}: examine which location deck?", locations)
        deck = chosen.deck
    else:
        deck = Zone(ZoneKind.LOCATION_DECK, player.location)
    cards = _look(step, player, deck, effect.examine_deck.evaluate(step.variables()))
    for wanted, to in ((effect.may_draw, player.hand), (effect.may_bottom, None)):
        fitting = [card for card in cards if wanted is not None and matches(card, wanted)]
        if not fitting:
            continue
        picked = yield from choose(player, "examined", f"{player.name}: take an examined card?", [None, *fitting],
                                   nothing="Leave them")
        if picked is not None:
            game.zones.move(picked, to or deck, bottom=to is None)
            cards.remove(picked)
    if effect.reorder and len(cards) > 1:
        order = []
        while cards:
            card = yield from choose(player, "order", f"{player.name}: which card goes next from the top?", cards)
            order.append(card)
            cards.remove(card)
        for card in reversed(order):
            game.zones.move(card, deck)


def _encounter_examined(
    step: Step, effect: EncounterExamined, player: CharacterState, play: Play | None
) -> Process[None]:
    """Encounter the card just examined, if it fits, as though explored."""
    cards = step.game.zones.cards(step.examined) if step.examined is not None else []
    if not cards or not matches(cards[0], effect.encounter_examined):
        return
    from pacg.engine.encounter import encounter  # an encounter can start from an effect and hold one

    yield from encounter(step.game, player, cards[0])


def _gain_charge(step: Step, effect: GainCharge, player: CharacterState, play: Play | None) -> Process[None]:
    player.mythic_charges += effect.gain_charge.evaluate(step.variables())
    return _none()


def _close(step: Step, effect: CloseLocation, player: CharacterState, play: Play | None) -> Process[None]:
    """A henchman that says so gives the chance to close its location (CLOSE-01)."""
    step.may_close = True
    return _none()


def _banish(step: Step, effect: Banish, player: CharacterState, play: Play | None) -> Process[None]:
    if effect.banish == "encountered":
        step.banish_encountered = True
    elif play is not None and play.card is not None:
        perform(step.game, player, play.card, CardAction.BANISH)
    return _none()


def _adjust(step: Step, effect: AdjustDifficulty, player: CharacterState, play: Play | None) -> Process[None]:
    """Outside the check, a change of difficulty applies to the checks of the encounter (CHK-08)."""
    for encounter in step.game.encounters:
        if encounter.card is step.against:
            encounter.difficulty_adjustment += effect.adjust_difficulty.evaluate(step.variables())
    return _none()


def _move_cards(step: Step, effect: MoveCards, player: CharacterState, play: Play | None) -> Process[None]:
    """Move cards of a character's from one place to another, chosen or at random."""
    game = step.game
    owner = player
    if effect.character is not Whose.YOUR:
        candidates = [c for c in game.local_characters(player.location)
                      if effect.character is not Whose.ANOTHER_LOCAL or c is not player]
        owner = yield from choose(player, "target", f"{player.name}: whose cards?", candidates)
    places = effect.move_cards if isinstance(effect.move_cards, list) else [effect.move_cards]
    if effect.cards == "this card":
        if play is not None and play.card is not None:
            where = yield from _choose_place(player, play.card, places)
            put(game, owner, play.card, where)
        return
    source = _source_cards(game, owner, effect.source)
    fitting = [card for card in source if matches(card, effect.cards)]
    count = len(fitting) if effect.count == "any" else effect.count.evaluate(step.variables())
    if effect.source == "top of deck" and effect.count != "any" and not deck_holds(game, owner, count):
        return  # DEATH-01
    for _ in range(count):
        fitting = [card for card in _source_cards(game, owner, effect.source) if matches(card, effect.cards)]
        if not fitting:
            break
        if effect.random:
            card = game.rng.choice(fitting)
        else:
            options = [None, *fitting] if effect.count == "any" else fitting
            card = yield from choose(player, "card", f"{player.name}: which card?", options, nothing="No more")
            if card is None:
                break
        where = yield from _choose_place(player, card, places)
        put(game, owner, card, where)
    if effect.source in ("deck", "deck or discard pile"):
        game.zones.shuffle(owner.deck, game.rng)  # a searched deck is shuffled (EXAM-02)


# The character's zones a power's "from your ..." names.
_SOURCE_ZONES = {"hand": [ZoneKind.HAND], "top of deck": [ZoneKind.DECK], "discard pile": [ZoneKind.DISCARD],
                 "deck": [ZoneKind.DECK], "deck or discard pile": [ZoneKind.DECK, ZoneKind.DISCARD],
                 "hand or discard pile": [ZoneKind.HAND, ZoneKind.DISCARD], "buried": [ZoneKind.BURIED]}


def _source_cards(game: Game, character: CharacterState, source: str) -> list[PhysicalCard]:
    zones = game.zones
    if source == "location deck":
        return list(zones.cards(Zone(ZoneKind.LOCATION_DECK, character.location)))
    cards = [card for kind in _SOURCE_ZONES[source] for card in zones.cards(character.zone(kind))]
    return cards[:1] if source == "top of deck" else cards


def _choose_place(player: CharacterState, card: PhysicalCard, places: list[CardPlace]) -> Process[CardPlace]:
    if len(places) == 1:
        return places[0]
    place = yield from choose(player, "place", f"{player.name}: where does {card.name} go?", list(places))
    return place


def _draw_random(step: Step, effect: DrawRandom, player: CharacterState, play: Play | None) -> Process[None]:
    """Draw random cards of a kind from the box (DRAW-01, SUM-06)."""
    for _ in range(effect.count.evaluate(step.variables())):
        card = random_from_box(step.game, effect.draw_random)
        if card is not None:
            step.game.zones.move(card, player.hand)
            step.game.note(f"{player.name} draws {card.name} from the box")
    return _none()


def _move(step: Step, effect: Move, player: CharacterState, play: Play | None) -> Process[None]:
    """Move to another location (TURN-03), with local characters coming along if the power allows."""
    game = step.game
    mover = player
    if effect.move == "local":
        local = game.local_characters(player.location)
        mover = yield from choose(player, "target", f"{player.name}: who moves?", local)
    companions = [c for c in game.local_characters(mover.location) if c is not mover][: effect.with_local]
    destination = yield from choose(player, "location", f"{mover.name}: move where?", game.other_locations(mover))
    coming = []
    for companion in companions:
        along = yield from choose(companion, "move along", f"{companion.name}: move along to {destination.name}?",
                                  [False, True])
        if along:
            coming.append(companion)
    for character in [mover, *coming]:
        yield from move_to(game, character, destination.name)


def move_to(game: Game, character: CharacterState, location: str) -> Process[None]:
    """Move a character's token; moving triggers what happens when a character leaves a location and enters
    another (TURN-03). A move to the same location is neither."""
    if location == character.location:
        return
    for timing, place in ((Timing.LEAVE, character.location), (Timing.ENTER, location)):
        if timing is Timing.ENTER:
            game.move(character, location)
        powers = game.locations[place].powers_by_timing.get(timing)
        if powers:
            step = Step(game=game, checker=character, timing=timing)
            yield from apply_mandatory(step, [(power, character) for _, power in powers])


def _roll_die(step: Step, effect: RollDie, player: CharacterState, play: Play | None) -> Process[None]:
    face = step.game.rng.randint(1, effect.roll_die)
    step.game.note(f"{player.name} rolls {face} on a d{effect.roll_die}")
    if face >= effect.at_least:
        yield from resolve(step, list(effect.then), player, play)


def _deal_damage(step: Step, effect: DealDamage, player: CharacterState, play: Play | None) -> Process[None]:
    """Deal damage; dice are rolled separately for each character (DICE-02). In an encounter it is dealt by the
    card encountered, whose immunities hold while it is reduced (ENC-03)."""
    game = step.game
    targets = [player]
    if effect.to == "each local":
        targets = game.local_characters(player.location)
    elif effect.to == "random local":
        targets = [game.rng.choice(game.local_characters(player.location) or [player])]
    for target in targets:
        amount = (_roll(game, effect.deal_damage, step) if isinstance(effect.deal_damage, DiceAmount)
                  else effect.deal_damage.evaluate(step.variables()))
        yield from take_damage(game, target, amount, str(effect.type), step.against)


def _summon(step: Step, effect: Summon, player: CharacterState, play: Play | None) -> Process[None]:
    """Summon and encounter a card, one character after another, "in any order you like" (SUM-01, SUM-02)."""
    if step.against is not None and step.game.is_summoned(step.against):
        return  # summoned cards can't summon (SUM-01)
    local = step.game.local_characters(player.location)
    who = {"you": [player], "each local": local, "each other local": [c for c in local if c is not player]}
    waiting = who[effect.who]
    while waiting := [character for character in waiting if character.alive]:
        character = yield from choose(player, "order", f"{player.name}: who summons and encounters next?", waiting)
        waiting.remove(character)
        yield from summon_and_encounter(step.game, character, effect.summon)


def _attempt(step: Step, effect: Attempt, player: CharacterState, play: Play | None) -> Process[None]:
    """Attempt a check, then do what its success or failure calls for."""
    from pacg.engine.check import attempt_checks

    results = yield from attempt_checks(step.game, player, parse_check(effect.attempt), Purpose.OTHER, step.against)
    success = all(result.success for result in results)
    yield from resolve(step, list(effect.success if success else effect.failure), player, play)


def _blessing_to_location(
    step: Step, effect: BlessingToLocation, player: CharacterState, play: Play | None
) -> Process[None]:
    """Remove the top blessing into the location deck; with none left the scenario is lost (END-01)."""
    game = step.game
    deck = game.zones.cards(BLESSINGS_DECK)
    if not deck:
        raise ScenarioOver("lost", "a card had to leave the empty blessings deck")
    game.zones.shuffle_into(deck[0], Zone(ZoneKind.LOCATION_DECK, player.location), game.rng)
    game.note(f"The top card of the blessings deck is shuffled into {player.location}")
    return _none()


def _end_turn(step: Step, effect: EndTurn, player: CharacterState, play: Play | None) -> Process[None]:
    """A forced end of turn (ENC-09); only the current turn's character's turn can end."""
    if step.game.turn is not None and step.game.turn.character is player:
        raise TurnEnded(f"{step.against.name if step.against else 'a power'} ends the turn")
    return _none()


def _ignore_location(
    step: Step, effect: IgnoreLocationPowers, player: CharacterState, play: Play | None
) -> Process[None]:
    if step.game.turn is not None:
        step.game.turn.ignore_location_powers = True
    return _none()


HANDLERS: dict[type, Handler] = {
    AfterCheck: _after_check,
    Evade: _set("evaded", True),
    Explore: _explore,
    ReduceDamage: _reduce,
    ShiftDamage: _shift,
    Draw: _draw,
    Heal: _heal,
    Examine: _examine,
    ExamineDeck: _examine_deck,
    EncounterExamined: _encounter_examined,
    GainCharge: _gain_charge,
    CloseLocation: _close,
    Banish: _banish,
    Defeat: _set("defeated", True),
    KeepEncountered: _set("keep", lambda effect: effect.keep_encountered),
    PlaceEncountered: _set("place", lambda effect: effect.place_encountered),
    AdjustDifficulty: _adjust,
    MoveCards: _move_cards,
    DrawRandom: _draw_random,
    Move: _move,
    RollDie: _roll_die,
    DealDamage: _deal_damage,
    Summon: _summon,
    Attempt: _attempt,
    BlessingToLocation: _blessing_to_location,
    IgnoreLocationPowers: _ignore_location,
    EndTurn: _end_turn,
}


# --- choosing ---------------------------------------------------------------------------------------------------


def _label(item: Any, nothing: str) -> str:
    if item is None:
        return nothing
    if isinstance(item, bool):
        return "Yes" if item else "No"
    if isinstance(item, StrEnum):
        return str(item).capitalize()  # a card type as the rulebook writes it: "Weapon"
    return str(getattr(item, "name", item))


def choose(
    player: CharacterState, kind: str, prompt: str, items: list[Any], nothing: str = "None of these"
) -> Process[Any]:
    """Ask a player to pick one of some things (characters, cards, locations, places); None in `items` is
    the option to pick nothing, labelled `nothing`."""
    if len(items) == 1:
        return items[0]
    options = tuple(Option(_label(item, nothing), item) for item in items)
    index = yield Decision(player.name, kind, prompt, options, help="Pick one.")
    return items[index]
