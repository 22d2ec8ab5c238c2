"""Playing cards and using powers (rulebook pages 9-10, 10-11): what may be played, and playing it.

A play is one power used by one player: a power of a card in hand or on display, of the character card, or
of the location or scenario. Playing a card means using its power by revealing, displaying, discarding,
recharging, burying or banishing it (PLAY-01); its first action comes first (PLAY-05); cards come from the
hand unless a power says otherwise (PLAY-06).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pacg.cards.model import AnyCard, Bane, Boon, Cohort
from pacg.cards.powers import (
    AddDice,
    AddModifier,
    AddSkill,
    AddSkillDice,
    AddTraits,
    AdjustDifficulty,
    CardFilter,
    Conditions,
    Power,
    ReplaceDie,
    Reroll,
    Source,
    Succeed,
    Timing,
    UseSkill,
    Whose,
)
from pacg.cards.vocabulary import UNTRAINED_DIE, CardAction, CardType, Proficiency
from pacg.decisions import Decision, Option, Process
from pacg.engine.state import CharacterState, Game
from pacg.engine.zones import REMOVED, PhysicalCard, Position, ZoneKind, box

if TYPE_CHECKING:
    from pacg.engine.check import CheckState


@dataclass(frozen=True)
class Play:
    """One legal use of one power by one player, with the card paid as its cost, if any."""

    player: CharacterState
    key: str  # the power's identity: each power is used at most once per check or step (PLAY-03)
    power: Power
    source: str  # the card the power is printed on: a card played, the character, the location
    card: PhysicalCard | None = None  # the card played, from hand or display
    cost_card: PhysicalCard | None = None

    @property
    def label(self) -> str:
        action = self.power.action
        text = f"{action.capitalize()} {self.source}" if action else f"Use {self.source}"
        if self.power.cost and self.cost_card:
            text += f", {self.power.cost.action} {self.cost_card.name}"
        return text


# --- which powers a player has ------------------------------------------------------------------------


def _card_powers(card: PhysicalCard) -> list[Power]:
    return card.card.powers if isinstance(card.card, (Boon, Cohort, Bane)) else []


def player_powers(game: Game, player: CharacterState) -> Iterator[tuple[str, Power, str, PhysicalCard | None]]:
    """Every power a player could use, with its key and source: cards in hand (PLAY-06), displayed cards
    (activating one counts as playing it, PLAY-01), the character card, the location."""
    zones = game.zones
    for card in zones.cards(player.zone(ZoneKind.HAND)):
        for index, power in enumerate(_card_powers(card)):
            if power.action is not None:
                yield f"card:{card.uid}:{index}", power, card.name, card
    for card in zones.cards(player.zone(ZoneKind.DISPLAYED)):
        for index, power in enumerate(_card_powers(card)):
            if power.action is not CardAction.DISPLAY and power.action is not CardAction.REVEAL:
                yield f"card:{card.uid}:{index}", power, card.name, card
    for key, power in player.powers():
        yield f"character:{player.name}:{key}", power, f"{player.name}'s power", None
    location = game.locations.get(player.location)
    if location is not None and not location.closed:
        for index, power in enumerate(location.card.at_this_location):
            yield f"location:{location.name}:{index}", power, location.name, None


def standing_powers(state: CheckState) -> Iterator[tuple[Power, CharacterState]]:
    """Paragraphs that always apply to a check when their conditions hold (PLAY-10, CHAR-01, CHK-08):
    the encountering character's powers (they apply to whoever attempts the check, CHK-03), the location's,
    the scenario's and the card checked against's."""
    game, checker = state.game, state.checker
    for _, power in (state.encounterer or checker).powers():
        yield power, checker
    location = game.locations.get(checker.location)
    if location is not None and not location.closed:
        for power in location.card.at_this_location:
            yield power, checker
    if game.scenario is not None:
        for power in game.scenario.powers:
            yield power, checker
    if state.against is not None:
        for power in _card_powers(state.against):
            yield power, checker


# --- conditions -----------------------------------------------------------------------------------------


def matches(card: PhysicalCard, wanted: CardFilter) -> bool:
    """Whether a physical card is of one of the types and has one of the traits a filter asks for."""
    return matches_card(card.card, wanted)


def matches_card(definition: AnyCard, wanted: CardFilter) -> bool:
    """Whether a card is of one of the types and has one of the traits a filter asks for."""
    counts_as = definition.counts_as if isinstance(definition, (Boon, Bane)) else definition.type
    if wanted.types is not None and definition.type not in wanted.types and counts_as not in wanted.types:
        return False
    if wanted.traits is not None and not set(wanted.traits) & set(definition.traits):
        return False
    return not (wanted.not_traits and set(wanted.not_traits) & set(definition.traits))


def _helps(whose: Whose, player: CharacterState, checker: CharacterState) -> bool:
    """Whether a power for "your", "local", "any" ... check may be used on this checker's check (KEEP-01)."""
    me = player is checker
    local = player.location == checker.location
    return {
        Whose.YOUR: me,
        Whose.LOCAL: local,
        Whose.ANOTHER_LOCAL: local and not me,
        Whose.ANY: True,
        Whose.ANOTHER: not me,
    }[whose]


def _highest_difficulty(card: PhysicalCard) -> int:
    check = card.card.check_to_defeat if isinstance(card.card, Bane) else getattr(card.card, "check_to_acquire", None)
    return max((option.difficulty for step in check.steps for option in step.options), default=0) if check else 0


def _played_cards(state: CheckState) -> list[PhysicalCard]:
    return [play.card for play in state.plays if play.card is not None]


def _was_played(wanted: list[CardFilter], state: CheckState) -> bool:
    """Whether a card matching one of the filters was played on the check."""
    return any(matches(card, one) for card in _played_cards(state) for one in wanted)


def _at_location(wanted: CardFilter, state: CheckState, player: CharacterState) -> bool:
    location = state.game.locations.get(player.location)
    return location is not None and matches_card(location.card, wanted)


def _displaying(wanted: CardFilter | str, state: CheckState, player: CharacterState) -> bool:
    """A kind of card the player has displayed ("this card" is not known on a check)."""
    displayed = state.game.zones.cards(player.zone(ZoneKind.DISPLAYED))
    return not isinstance(wanted, str) and any(matches(card, wanted) for card in displayed)


ConditionTest = Callable[[Any, "CheckState", CharacterState], bool]

# How each condition a power may state is tested on a check (CHK-08, CHK-09, CHK-10). A condition with no
# test here can't be known during a check, and a power that states it does not apply there.
CONDITION_TESTS: dict[str, ConditionTest] = {
    "check": lambda wanted, state, _: (wanted == "combat") == state.is_combat,
    "skills": lambda wanted, state, _: bool({str(skill) for skill in wanted} & state.skills_used),
    "check_traits": lambda wanted, state, _: bool(set(wanted) & state.traits),
    "purpose": lambda wanted, state, _: state.purpose in wanted,
    "against": lambda wanted, state, _: state.against is not None and matches(state.against, wanted),
    "proficient": lambda wanted, _, player: player.proficient(Proficiency(wanted)),
    "not_proficient": lambda wanted, _, player: not player.proficient(Proficiency(wanted)),
    "location": _at_location,
    "max_difficulty": lambda wanted, state, _: state.against is not None
    and _highest_difficulty(state.against) <= wanted,
    "played": lambda wanted, state, _: _was_played(wanted, state),
    "not_played": lambda wanted, state, _: not _was_played(wanted, state),
    "mythic_charges": lambda wanted, _, player: player.mythic_charges >= wanted,
    "after_roll": lambda wanted, state, _: state.roll is not None
    and (state.roll.total >= state.difficulty) == (wanted == "succeeded"),
    "displaying": _displaying,
}


def conditions_hold(conditions: Conditions, state: CheckState, player: CharacterState) -> bool:
    """Whether every condition a power states holds on this check."""
    for name in conditions.model_fields_set:
        wanted = getattr(conditions, name)
        if wanted is None:
            continue
        test = CONDITION_TESTS.get(name)
        if test is None or not test(wanted, state, player):
            return False
    return True


# --- what may be played on a check ------------------------------------------------------------------------

CHECK_EFFECTS = (UseSkill, AddDice, AddSkillDice, AddSkill, AddModifier, AddTraits, AdjustDifficulty, ReplaceDie,
                 Succeed, Reroll)


def _applies_to_check(power: Power, state: CheckState, player: CharacterState) -> bool:
    """A power may be used on a check only where it applies (PLAY-07, CHK-01, ENC-03)."""
    if power.when is not Timing.CHECK or not all(isinstance(e, CHECK_EFFECTS) for e in power.effects):
        return False
    if power.effect(Succeed) and state.is_combat:
        return False
    added = power.effect(AddTraits)
    if added and set(added.add_traits) & state.immunities:
        return False
    return _helps(power.whose, player, state.checker) and conditions_hold(power.conditions, state, player)


def _counted_type(card: PhysicalCard) -> CardType:
    definition = card.card
    return definition.counts_as if isinstance(definition, (Boon, Bane)) else definition.type


def _cost_cards(
    game: Game, player: CharacterState, power: Power, card: PhysicalCard | None
) -> list[PhysicalCard | None]:
    """The cards that could pay a power's cost; [None] when it has none; [] when it can't be paid."""
    if power.cost is None:
        return [None]
    zone = {
        Source.HAND: ZoneKind.HAND,
        Source.DISCARD: ZoneKind.DISCARD,
        Source.DECK_TOP: ZoneKind.DECK,
    }[power.cost.source]
    cards = game.zones.cards(player.zone(zone))
    if power.cost.source is Source.DECK_TOP:
        cards = cards[:1]
    return [c for c in cards if c is not card and matches(c, power.cost.card)]


def check_plays(
    state: CheckState, player: CharacterState, deciding_skill: bool = False, rerolling: bool = False
) -> list[Play]:
    """Every legal play of one player on a check: each power once (PLAY-03), one card of each type per
    player (ENC-02, BOON-01), none with a trait the bane is immune to (ENC-03), none that sets the skill
    once it is chosen (CHK-05)."""
    if not player.alive:
        return []
    played = {p.card for p in state.plays if p.player is player and p.card is not None}
    used = {p.key for p in state.plays}
    plays = []
    for key, power, source, card in player_powers(state.game, player):
        if key in used or bool(power.effect(UseSkill)) != deciding_skill or bool(power.effect(Reroll)) != rerolling:
            continue
        if not power.optional or not _applies_to_check(power, state, player):
            continue
        if card is not None and (_another_of_its_type(card, played) or set(card.card.traits) & state.immunities):
            continue
        for cost_card in _cost_cards(state.game, player, power, card):
            plays.append(Play(player, key, power, source, card, cost_card))
    return plays


def _another_of_its_type(card: PhysicalCard, played: set[PhysicalCard]) -> bool:
    """Whether the player already played a different card of this card's type (ENC-02, BOON-01). A card
    revealed for one power may still be discarded for another (PLAY-02): it is still one card."""
    return any(other is not card and _counted_type(other) == _counted_type(card) for other in played)


def reroll_plays(state: CheckState) -> list[Play]:
    """Every reroll power any player may use on the check, once it is rolled (CHK-13)."""
    order = table_order(state.game, state.checker)
    return [play for player in order for play in check_plays(state, player, rerolling=True)]


def table_order(game: Game, first: CharacterState) -> list[CharacterState]:
    """The players in turn order, starting with this one."""
    index = game.characters.index(first) if first in game.characters else 0
    return game.characters[index:] + game.characters[:index]


def decide_order(
    state: CheckState,
    plays_of: Callable[[CheckState, CharacterState], list[Play]],
    kind: str,
    prompt: Callable[[CheckState, CharacterState], tuple[str, dict[str, object]]],
) -> Process[None]:
    """Let each player, in turn order from the acting one, play until a whole round passes (ENC-02)."""
    order = table_order(state.game, state.checker)
    passes = 0
    turn = 0
    while passes < len(order):
        player = order[turn % len(order)]
        turn += 1
        played = False
        while plays := plays_of(state, player):
            text, context = prompt(state, player)
            options = (Option("Done"),) + tuple(Option(play.label, play) for play in plays)
            index = yield Decision(
                player.name, kind, text, options, context=context,
                help="Pick a card or power to play on this check, or Done when you have nothing more to play.",
            )
            if index == 0:
                break
            apply_play(state, options[index].value)
            played = True
        passes = 1 if played else passes + 1


# --- playing ----------------------------------------------------------------------------------------------


VERB = {
    CardAction.REVEAL: "reveals",
    CardAction.DISPLAY: "displays",
    CardAction.DISCARD: "discards",
    CardAction.RECHARGE: "recharges",
    CardAction.BURY: "buries",
    CardAction.BANISH: "banishes",
}


def perform(game: Game, player: CharacterState, card: PhysicalCard, action: CardAction) -> None:
    """Do with a card what its power or a cost says (PLAY-04). A banished cohort is removed (COH-01)."""
    zones = game.zones
    game.note(f"{player.name} {VERB[action]} {card.name}")
    if action is CardAction.REVEAL:
        return
    if action is CardAction.DISPLAY:
        zones.move(card, player.zone(ZoneKind.DISPLAYED))
    elif action is CardAction.DISCARD:
        zones.move(card, player.zone(ZoneKind.DISCARD))
    elif action is CardAction.RECHARGE:
        zones.move(card, player.zone(ZoneKind.DECK), Position.BOTTOM)
    elif action is CardAction.BURY:
        zones.move(card, player.zone(ZoneKind.BURIED))
    elif card.type is CardType.COHORT:
        zones.move(card, REMOVED)
    else:
        zones.shuffle_into(card, box(card.type), game.rng)


def apply_play(state: CheckState, play: Play) -> None:
    """Play: the card's own action first (PLAY-05), then the cost, then the effects."""
    game = state.game
    if play.card is not None and play.power.action is not None:
        perform(game, play.player, play.card, play.power.action)
    if play.cost_card is not None and play.power.cost is not None:
        perform(game, play.player, play.cost_card, play.power.cost.action)
    state.plays.append(play)
    apply_effects(state, play.power, play.player)


def apply_effects(state: CheckState, power: Power, player: CharacterState) -> None:
    """What a power's effects do to a check (CHK-08, CHK-11, CHK-12, KEEP-05)."""
    variables = state.variables()
    for effect in power.effects:
        if isinstance(effect, AddDice):
            for count, sides in effect.add_dice.dice:
                state.added_dice += [sides] * count
            state.modifier += effect.add_dice.bonus.evaluate(variables)
        elif isinstance(effect, AddSkillDice):
            state.added_dice += [state.die] * effect.add_skill_dice
        elif isinstance(effect, AddSkill):
            skills = [known for name in effect.add_skill if (known := player.skill(name))]
            best = max(skills, key=lambda known: (known.die, known.modifier), default=None)
            state.added_dice.append(best.die if best else UNTRAINED_DIE)
            state.modifier += best.modifier if best else 0
        elif isinstance(effect, AddModifier):
            state.modifier += effect.add_modifier.evaluate(variables)
        elif isinstance(effect, AddTraits):
            state.traits |= set(effect.add_traits)
        elif isinstance(effect, AdjustDifficulty):
            state.difficulty += effect.adjust_difficulty.evaluate(variables)
        elif isinstance(effect, ReplaceDie):
            replacement = effect.replace_die
            skill = None if isinstance(replacement, int) else player.skill(replacement)
            state.die = replacement if isinstance(replacement, int) else (skill.die if skill else UNTRAINED_DIE)
        elif isinstance(effect, Succeed):
            state.automatic_success = True


def apply_standing_powers(state: CheckState) -> None:
    """Apply every paragraph that always applies to this check (PLAY-10, CHK-08)."""
    for power, player in standing_powers(state):
        if not power.optional and power.when is Timing.CHECK and conditions_hold(power.conditions, state, player):
            apply_effects(state, power, player)
