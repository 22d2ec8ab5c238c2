"""Attempting a check (rulebook pages 11-13): skill, difficulty, cards and powers, dice, roll, damage.

    Determine which skill you're using.            CHK-04, CHK-05, CHK-06, CHK-07, CHK-10
    Determine the difficulty.                      CHK-08
    Play cards and use powers that affect it.      CHK-09, CHK-12, ENC-02, ENC-03, BOON-01, PLAY-01..07
    Assemble your dice.                            DICE-03, CHK-11, KEEP-05
    Attempt the roll.                              DICE-01, CHK-13, CHK-14
    Take damage, if necessary.                     CHK-15

After the check, the checks that played cards call for (a spell's check to recharge) follow (KEEP-04).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from pacg.cards.checks import Check, CheckOption, CheckStep, parse_check
from pacg.cards.model import Bane, Boon
from pacg.cards.powers import AfterCheck, CountFace, InsteadOfDamage, Purpose, Reroll, Timing, UseSkill, Whose
from pacg.cards.vocabulary import (
    COMBAT,
    DEFAULT_COMBAT_SKILLS,
    UNTRAINED_DIE,
    CardAction,
    Skill,
)
from pacg.decisions import Context, Decision, DecisionKind, Later, Option, Process
from pacg.dice import DicePool, DieResult, Roll
from pacg.engine import seams, trace
from pacg.engine.chance import NO_CHANCE, NoChanceError
from pacg.engine.damage import take_damage
from pacg.engine.filters import fits
from pacg.engine.playing import (
    Play,
    PowerKey,
    Step,
    perform,
    plays_in,
    reroll_plays,
    skill_of,
    table_order,
)
from pacg.engine.state import CharacterState, GameState, SkillDie
from pacg.engine.values import difficulty_of
from pacg.engine.window import apply_play, apply_standing_powers, decide_order, resolve, work_out_on_check
from pacg.engine.zones import PhysicalCard, ZoneKind


class Damage(NamedTuple):
    """Damage a failed check deals (CHK-15)."""

    amount: int
    type: str


@dataclass(kw_only=True, slots=True)
class CheckState(Step):
    """Everything a check accumulates while it is attempted: the option of the check is given, the rest is
    worked out as the check goes."""

    timing: Timing = Timing.CHECK
    option: CheckOption
    skill: Skill | None = field(default=None, init=False)
    skill_die: SkillDie | None = field(default=None, init=False)
    traits: set[str] = field(default_factory=set, init=False)
    difficulty: int = field(default=0, init=False)
    die: int = field(default=UNTRAINED_DIE, init=False)  # the die the check rolls (blessings add its type, CHK-12)
    added_dice: list[int] = field(default_factory=list, init=False)
    highest_die_becomes: list[int] = field(default_factory=list, init=False)  # "a d20 replaces a die" (MYTH-01)
    modifier: int = field(default=0, init=False)
    automatic_success: bool = field(default=False, init=False)
    cannot_succeed: int = field(default=0, init=False)  # how many paragraphs say the check can't succeed (GOLD-03)
    roll: Roll | None = field(default=None, init=False)
    # the die blessings add instead (BlessingDie): those a character plays, or (None) anyone's
    blessing_dice: dict[CharacterState | None, int] = field(default_factory=dict, init=False)
    count_faces: list[CountFace] = field(default_factory=list, init=False)
    after_check: list[tuple[AfterCheck, CharacterState]] = field(default_factory=list, init=False)
    # what a failed check does instead of its damage (CHK-15: "unless the card specifies otherwise")
    damage_instead: list[tuple[InsteadOfDamage, CharacterState]] = field(default_factory=list, init=False)
    # the standing paragraphs applied: what each changed of the difficulty, the bonus and whether the check can
    # succeed, if only those
    standing_applied: dict[tuple[object, ...], tuple[int, int, int] | None] = field(default_factory=dict,
                                                                                   init=False)
    in_check = True

    @property
    def is_combat(self) -> bool:
        return self.option.is_combat

    @property
    def skills_used(self) -> frozenset[str]:
        """The skill used and the skill it refers to: both count for the check's type (CHK-10)."""
        return self.skill_die.traits if self.skill_die else frozenset({str(self.skill)} if self.skill else ())

    def copy(self) -> CheckState:
        """A copy of the check to work out what a play would do to it (`odds_after`): its own dice, traits, plays
        and paragraphs applied, the game shared."""
        trial = copy.copy(self)
        trial.traits, trial.added_dice = set(self.traits), list(self.added_dice)
        trial.highest_die_becomes, trial.blessing_dice = list(self.highest_die_becomes), dict(self.blessing_dice)
        trial.count_faces, trial.after_check = list(self.count_faces), list(self.after_check)
        trial.damage_instead, trial.standing_applied = list(self.damage_instead), dict(self.standing_applied)
        trial.plays, trial.riders = list(self.plays), set(self.riders)
        return trial

    def chance(self) -> Fraction:
        """The exact chance the check succeeds as it stands (`odds`)."""
        return odds(self)

    def pool(self) -> DicePool:
        """The dice to roll: the check's die, every added die, and the modifiers (DICE-03, KEEP-05); then each
        die a power puts in place of the highest one (MYTH-01)."""
        pool = _pool((self.die, *self.added_dice), self.modifier)
        for sides in self.highest_die_becomes:
            pool = pool.replace_die(pool.dice[0], sides)  # a pool's dice are sorted, highest first
        return pool


@lru_cache(maxsize=1024)
def _pool(dice: tuple[int, ...], modifier: int) -> DicePool:
    """Pools are immutable: one for each set of dice and modifier serves every check that rolls it."""
    return DicePool(dice, modifier)


class CheckResult(NamedTuple):
    """How a check went."""

    success: bool
    skill: Skill | None
    difficulty: int
    pool: DicePool
    roll: Roll | None
    traits: frozenset[str]
    damage: Damage | None = None

    @property
    def total(self) -> int:
        return self.roll.total if self.roll else 0


class SkillChoice(NamedTuple):
    """One way to attempt a check: an option of the check, a skill, and the card or power deciding it."""

    option: CheckOption
    skill: Skill
    play: Play | None = None


def _listed_skills(option: CheckOption) -> tuple[Skill, ...]:
    """The skills a check option lets you choose; a combat check uses Strength or Melee (CHK-07)."""
    if option.is_combat:
        return DEFAULT_COMBAT_SKILLS
    return tuple(Skill(name) for name in option.skills if name != COMBAT)


def _skill_choices(
    game: GameState, checker: CharacterState, purpose: Purpose, against: PhysicalCard | None, step: CheckStep,
    during: Timing | None,
) -> list[SkillChoice]:
    """Every way to choose the check's skill: a listed skill, or one card or power that decides it (CHK-05): the
    checker's, or another player's that may help with the check ("local characters may use their Knowledge
    skill", KEEP-01)."""
    choices = []
    deciders = [player for player in table_order(game, checker) if player is checker or _may_set_skills(game, player)]
    for option in step.options:
        choices += [SkillChoice(option, skill) for skill in _listed_skills(option)]
        plays: list[Play] = []
        # A power for checks of a skill the option lists ("on your Constitution check, you may use your
        # Strength skill") is offered with that skill in view (CHK-10); the others, with none chosen yet.
        for listed in (None, *_listed_skills(option)):
            scratch = CheckState(game=game, checker=checker, purpose=purpose, against=against, option=option,
                                 during=during)
            if listed is not None:
                scratch.skill, scratch.skill_die = listed, skill_of(game, checker, listed)
            for player in deciders:
                plays += [play for play in plays_in(scratch, player, deciding_skill=True) if play not in plays]
        for play in plays:
            use_skill = play.power.effect(UseSkill)
            choices += [SkillChoice(option, Skill(skill), play) for skill in use_skill.use_skill]
    return choices


_SETTING_THE_SKILL = (Timing.CHECK, True, False)  # the moment of powers that set a check's skill (CHK-05)
_YOUR = Whose.YOUR  # (read once: an enumeration's member is slow to read on Python 3.11, see `playing`)


def _may_set_skills(game: GameState, player: CharacterState) -> bool:
    """Whether another player has a power, or a card in hand or displayed, that sets the skill of checks other
    than their own (KEEP-01: "local characters may use their Knowledge skill")."""
    if not player.alive:
        return False
    if any(power.whose is not _YOUR for _, power in player.choices_by_moment.get(_SETTING_THE_SKILL, ())):
        return True
    if not game.held.moments[player.name].get(_SETTING_THE_SKILL):
        return False
    cards = (*game.zones.cards(player.hand), *game.zones.cards(player.displayed))
    return any(power.whose is not _YOUR for card in cards for _, power in card.choices_by_moment.get(
        _SETTING_THE_SKILL, ()))


def _prepare(
    game: GameState,
    checker: CharacterState,
    purpose: Purpose,
    against: PhysicalCard | None,
    choice: SkillChoice,
    encounterer: CharacterState,
    during: Timing | None,
) -> CheckState:
    """The check as it stands once a skill is chosen: the skill's die, modifier and traits (CHK-04, CHK-06),
    and the difficulty with every standing power applied (CHK-08, PLAY-10)."""
    state = CheckState(game=game, checker=checker, purpose=purpose, against=against, option=choice.option,
                       encounterer=encounterer, during=during)
    state.skill = choice.skill
    state.skill_die = skill_of(game, checker, choice.skill)
    if state.skill_die is not None:
        state.die = state.skill_die.die
        state.modifier += state.skill_die.modifier
    state.traits |= state.skills_used
    if choice.play is not None and (acting := choice.play.acting) is not None:
        state.traits |= set(game.traits(acting))  # the card that sets the skill adds its traits
    state.difficulty = difficulty_of(state, choice.option) + sum(
        encounter.difficulty_adjustment for encounter in game.encounters if encounter.card is against)
    apply_standing_powers(state)
    return state


def _choose_skill(
    game: GameState,
    checker: CharacterState,
    purpose: Purpose,
    against: PhysicalCard | None,
    step: CheckStep,
    encounterer: CharacterState,
    during: Timing | None,
) -> Process[tuple[SkillChoice, CheckState]]:
    """The checker chooses how to attempt the check; each option reads as the check it leads to, with the dice of
    the card that sets the skill and every change to the difficulty (DESIGN.md 6)."""
    choices = _skill_choices(game, checker, purpose, against, step, during)
    prepared = [_prepare(game, checker, purpose, against, choice, encounterer, during) for choice in choices]
    leads_to = [after_play(state, choice.play) if choice.play is not None else state
                for choice, state in zip(choices, prepared, strict=True)]
    options = tuple(
        Option((f"{choice.play.label}: " if choice.play else "") + _check_text(choice, state or ready), choice,
               key="skill") for choice, ready, state in zip(choices, prepared, leads_to, strict=True))
    printed = f" against {against.name}" if against is not None else ""
    index = yield Decision(
        checker.name,
        DecisionKind.SKILL,
        f"{checker.name}: which skill for the check{printed} (printed: {step})?",
        options,
        help="Choose the skill to roll. A skill you don't have rolls a d4; a card that sets the skill adds its traits.",
        context=Context({"odds": Later(lambda: [odds(state) if state is not None else None for state in leads_to]),
                         "odds_of": "to succeed this way, before any other card is played",
                         "against": against.name if against is not None else None, "purpose": str(purpose)}),
    )
    return choices[index], prepared[index]


def _check_text(choice: SkillChoice, state: CheckState) -> str:
    """ "Melee 2d8+3 against Combat 10": the skill, the dice the check would roll and its difficulty."""
    combat = "Combat " if choice.option.is_combat else ""
    return f"{choice.skill} {state.pool()} against {combat}{state.difficulty}"


def after_play(state: CheckState, play: Play) -> CheckState | None:
    """The check as it would be once `play` is made on it, before any other play, worked out on a copy
    (`window.work_out_on_check`); None when that depends on a choice still to make or on dice a power rolls for
    an amount."""
    game = state.game
    trial = state.copy()
    chance, game.rng = game.rng, NO_CHANCE  # a die rolled for an amount: the odds can't be known before
    try:
        with trace.paused():
            known = work_out_on_check(trial, play)
    except NoChanceError:
        known = False
    finally:
        game.rng = chance
    return trial if known else None


def odds_after(state: CheckState, play: Play) -> Fraction | None:
    """The exact chance the check succeeds once `play` is made on it, before any other play (`after_play`)."""
    trial = after_play(state, play)
    return odds(trial) if trial is not None else None


def odds(state: CheckState) -> Fraction:
    """The exact chance the check succeeds as it stands (DESIGN.md 6)."""
    if state.cannot_succeed:
        return Fraction(0)
    if state.automatic_success and not state.is_combat:
        return Fraction(1)
    return _chance(state.pool(), state.difficulty)


@lru_cache(maxsize=1024)  # asked for the check and for each play's odds at every play window: pools repeat
def _chance(pool: DicePool, difficulty: int) -> Fraction:
    return pool.probability_at_least(difficulty)


def _play_cards(state: CheckState) -> Process[None]:
    """Each player, the checker first, plays cards and uses powers until everyone passes (ENC-02)."""
    yield from decide_order(state, DecisionKind.PLAY, _play_prompt)


def _play_prompt(state: CheckState, player: CharacterState, plays: list[Play]) -> tuple[str, Mapping[str, object]]:
    """The check as it stands, and the odds each play would bring (`odds_after`; "Done" leaves them as they are);
    the context also says whose check it is, against which card and what for."""
    pool = str(state.pool())
    chance = odds(state)
    prompt = (
        f"{player.name}: play a card or power on {state.checker.name}'s {state.skill} check "
        f"({pool} against {state.difficulty}, {float(chance):.0%} to succeed)?"
    )
    return prompt, Context({"timing": "check", "character": state.checker.name, "pool": pool,
                            "difficulty": state.difficulty, "probability": chance,
                            "against": state.against.name if state.against is not None else None,
                            "purpose": str(state.purpose) if state.purpose is not None else None,
                            "odds": Later(lambda: [chance, *(odds_after(state, play) for play in plays)]),
                            "odds_of": "to succeed once this is played, before any other play"})


def _roll(state: CheckState) -> Process[Roll]:
    """Roll; a failed roll may be rerolled by each reroll power once (CHK-13)."""
    roll = state.roll = _counted(state, state.pool().roll(state.game.rng))
    used: set[PowerKey] = set()
    while roll.total < state.difficulty:
        plays = [p for p in reroll_plays(state) if p.key not in used]
        if not plays:
            break
        options = (Option("Keep the result", key="keep"),) + tuple(Option(p.label, p) for p in plays)
        index = yield Decision(
            state.checker.name,
            DecisionKind.REROLL,
            f"{state.checker.name} rolled {roll.total} against {state.difficulty}: reroll?",
            options,
            help="A reroll power rolls the check's dice again once; the new result stands.",
            context={"pool": str(state.pool()), "difficulty": state.difficulty, "probability": odds(state)},
        )
        if index == 0:
            break
        play = options[index].value
        used.add(play.key)
        yield from apply_play(state, play)
        reroll = play.power.effect(Reroll)
        if reroll is not None and reroll.dice is not None and len(roll.dice) == len(state.pool().dice):
            raw = yield from _reroll_some(state, roll, reroll.dice)
        else:
            raw = state.pool().roll(state.game.rng)
        roll = state.roll = _counted(state, raw)
    return roll


def _reroll_some(state: CheckState, roll: Roll, count: int) -> Process[Roll]:
    """Reroll up to `count` dice of the checker's choice and keep the others (CHK-13: "reroll 1 die")."""
    dice = list(roll.dice)
    chosen: set[int] = set()
    for number in range(count):
        left = [index for index in range(len(dice)) if index not in chosen]
        options = tuple(Option(f"Reroll the d{dice[index].sides} showing {dice[index].face}", index,
                               key=f"die:{index + 1}") for index in left)
        if number:
            options = (Option("No more", key="done"), *options)
        answer = 0 if len(options) == 1 else (yield Decision(
            state.checker.name, DecisionKind.REROLL_DIE, f"{state.checker.name}: which die do you reroll?", options,
            help="The power rerolls only the dice you pick; the others keep their faces."))
        index = options[answer].value
        if index is None:
            break
        chosen.add(index)
        dice[index] = DieResult(dice[index].sides, state.game.rng.randint(1, dice[index].sides))
    return Roll(tuple(dice), state.pool().modifier)


def _counted(state: CheckState, roll: Roll) -> Roll:
    """A die showing a face a power names counts as another number (CountFace), once however many powers
    say so (a weapon revealed, then discarded, still makes a 6 count 7, not 8)."""
    if not state.count_faces:
        return roll
    counts: dict[tuple[int, int], int] = {(count.die, count.count_face): count.value for count in state.count_faces}
    bonus = sum(counts[die.sides, die.face] - die.face for die in roll.dice if (die.sides, die.face) in counts)
    return Roll(roll.dice, roll.modifier + bonus)


def _damage(state: CheckState, roll: Roll) -> Damage | None:
    """Failing a check to defeat a monster deals the difference, Combat unless stated (CHK-15)."""
    card = state.against.card if state.against else None
    if state.purpose is not Purpose.DEFEAT or not isinstance(card, Bane) or not card.is_monster:
        return None
    return Damage(state.difficulty - roll.total, card.damage_type)


def attempt_check(
    game: GameState,
    checker: CharacterState,
    step: CheckStep,
    purpose: Purpose,
    against: PhysicalCard | None = None,
    encounterer: CharacterState | None = None,
    during: Timing | None = None,
) -> Process[CheckResult]:
    """Attempt one check (one step of a card's check) from choosing the skill to taking damage; `during` is the
    step of an encounter the check is attempted in, if not the encounter's own check ("before you act")."""
    choice, state = yield from _choose_skill(game, checker, purpose, against, step, encounterer or checker, during)
    game.checks.append(state)  # under way until rolled: every seat's view shows it (`view.check_part`)
    try:
        if choice.play is not None:
            yield from apply_play(state, choice.play)
        yield from _play_cards(state)
        if not checker.alive:  # died as the check was being built: it is not attempted (DEATH-01)
            roll = None
            success = False
        elif state.automatic_success and not state.is_combat and not state.cannot_succeed:  # never in combat (CHK-01)
            roll = None
            success = True
        else:
            roll = yield from _roll(state)
            success = roll.total >= state.difficulty and not state.cannot_succeed  # CHK-14; "cannot" wins, GOLD-03
    finally:
        game.checks.remove(state)
    damage = None if success or roll is None else _damage(state, roll)
    result = CheckResult(success, state.skill, state.difficulty, state.pool(), roll, frozenset(state.traits), damage)
    if checker.alive:
        game.note(f"{checker.name} {'succeeded' if success else 'failed'} at {state.skill} "
                  f"{state.pool()} against {state.difficulty}" + (f": rolled {roll.total}" if roll else ""))
    if damage is not None and damage.amount > 0:
        yield from _take_check_damage(state, damage)
    yield from _after_check(state, success)
    return result


def _take_check_damage(state: CheckState, damage: Damage) -> Process[None]:
    """The failed check's damage is dealt to the character who attempted it (CHK-15), unless the card checked
    against says what happens instead (InsteadOfDamage)."""
    if not state.damage_instead:
        yield from take_damage(state.game, state.checker, damage.amount, damage.type, state.against, state.plays)
    state.dealing_check_damage = True  # it is still the check's damage: its plays count toward the limit (DMG-01)
    for effect, player in state.damage_instead:
        yield from resolve(state, list(effect.instead_of_damage), player)
    state.dealing_check_damage = False


def _after_check(state: CheckState, success: bool) -> Process[None]:
    """What powers do after the check, then the checks that cards played on it call for (KEEP-04): a spell's
    check to recharge."""
    game = state.game
    for effect, player in state.after_check:
        wanted = effect.only_if is None or (effect.only_if == "success") == success
        against = effect.against is None or (state.against is not None and fits(game, state.against, effect.against))
        doer = state.checker if effect.by == "checker" else player
        encounter = state.encounter if effect.wait == "encounter" else None
        if wanted and against and encounter is not None:
            encounter.after.append((effect.after_check, doer))  # done once the encounter is over (`encounter`)
        elif wanted and against:
            yield from resolve(state, list(effect.after_check), doer)
    for play in state.plays:
        yield from attempt_recharge(game, play)


# Where a card played for its power may be recharged from, after its check to recharge (KEEP-04).
_RECHARGED_FROM = (ZoneKind.DISCARD, ZoneKind.BURIED)


@seams.fills
def attempt_recharge(game: GameState, play: Play) -> Process[None]:
    """A played card's check to recharge it, once the play is done (KEEP-04), against that card ("your checks
    to recharge spells with the Attack trait"): success recharges the card
    from where its power put it (the discard pile, or under the character: "an Arcane 12 check to avoid
    burying the Wand"), or reveals it instead of recharging it (back into the hand from the bottom of the
    deck); a player with none of the check's skills banishes a card that says so. The check is against the
    card being recharged ("succeed at a check to recharge a card that has the Arcane trait")."""
    recharge = play.power.recharge_check
    if recharge is None or play.card is None or not play.player.alive:  # the dead recharge nothing (DEATH-01)
        return
    played_to = (ZoneKind.DECK,) if recharge.to == "reveal" else _RECHARGED_FROM  # where the play put it (PLAY-04)
    if game.zones.where(play.card).kind not in played_to:
        return
    check = parse_check(recharge.check)
    skills = {Skill(name) for step in check.steps for option in step.options for name in option.skills}
    if recharge.banish_without_skill and not any(skill_of(game, play.player, skill) for skill in skills):
        perform(game, play.player, play.card, CardAction.BANISH)
        return
    results = yield from attempt_checks(game, play.player, check, Purpose.RECHARGE, play.card)  # against it
    if not all(result.success for result in results):
        return
    if recharge.to == "reveal":
        game.note(f"{play.player.name} reveals {play.card.name} instead of recharging it")
        game.zones.move(play.card, play.player.hand)
    else:
        perform(game, play.player, play.card, CardAction.RECHARGE)


def attempt_checks(
    game: GameState, checker: CharacterState, check: Check | str, purpose: Purpose, against: PhysicalCard | None = None,
    during: Timing | None = None,
) -> Process[list[CheckResult]]:
    """Attempt every step of a check in order: "then" steps are all attempted, even after a failure (CHK-02).

    Of sequential checks, the character who encountered the card attempts at least one; any one character
    at the location may attempt each of the others, and the powers that apply to the encountering character
    apply to them (CHK-03).
    """
    if isinstance(check, str):
        check = parse_check(check)
    results = []
    attempted = False
    for number, step in enumerate(check.steps, start=1):
        if not checker.alive:
            break  # a dead character attempts nothing more (DEATH-01)
        last_chance = number == len(check.steps) and not attempted
        attempter = checker if last_chance else (yield from _who_attempts(game, checker, step))
        attempted = attempted or attempter is checker
        results.append((yield from attempt_check(game, attempter, step, purpose, against, checker, during)))
    return results


def _who_attempts(game: GameState, checker: CharacterState, step: CheckStep) -> Process[CharacterState]:
    """The encountering character chooses who at the location attempts one of sequential checks (CHK-03)."""
    candidates = [checker] + [c for c in game.local_characters(checker.location) if c is not checker]
    if len(candidates) == 1:
        return checker
    index = yield Decision(
        checker.name,
        DecisionKind.ATTEMPTER,
        f"{checker.name}: who attempts the check {step}?",
        tuple(Option(character.name, character) for character in candidates),
        help="Of sequential checks you attempt at least one; characters at your location may attempt the others.",
    )
    return candidates[index]


def check_of(card: PhysicalCard) -> Check | None:
    """The check a card calls for when encountered: to acquire a boon or to defeat a bane (CHK-01)."""
    if isinstance(card.card, Boon):
        return card.card.check_to_acquire
    if isinstance(card.card, Bane):
        return card.card.check_to_defeat
    return None


@seams.fills
def highest_difficulty(state: Step, card: PhysicalCard) -> int:
    """The highest difficulty to defeat or acquire a card: of each option of its check, with the standing powers
    of the cards in play applied (the card's own, the location's, the scenario's), but not the powers that
    happen before, while or after you act (CHK-08). A power's conditions about the check hold as they would
    on that option before a skill is chosen."""
    check = check_of(card)
    purpose = Purpose.DEFEAT if isinstance(card.card, Bane) else Purpose.ACQUIRE
    highest = 0
    for option in (option for step in check.steps for option in step.options) if check else ():
        scratch = CheckState(game=state.game, checker=state.checker, purpose=purpose, against=card, option=option,
                             encounterer=state.encounterer)
        scratch.difficulty = difficulty_of(scratch, option)
        apply_standing_powers(scratch)
        highest = max(highest, scratch.difficulty)
    return highest
