"""One declaration per effect (DESIGN.md 2): everything the engine knows of an effect of the power language.

An effect's model (`pacg.cards.powers`) says what a card file writes and how the card reads; its declaration here
says what the engine does with it, in one record (`EffectSpec`), as Forge's `ApiType` gives each effect one home:

- `run`, what it does (a process that may ask the players when it is a generator function);
- `moments`, the moments at which it has anything to act on (PLAY-07): evading only in the evasion step,
  reducing damage only while damage is dealt; `ANY_MOMENT` where nothing restricts it, spelled out;
- `on_check`: it changes the check being attempted, so it acts only on a check (CHK-09), and `to_succeed`: all it
  can do is make the check likelier to succeed (on a check that can't fail it is not worth asking about);
- `kinds`, the kinds of paragraph it may be written in (None: any);
- `alters_check`: though not only for a check, it may apply by itself as a check is prepared (the difficulty, where
  a card played on it goes);
- `read_where_it_applies`: it works by being read where cards are played or characters move (a restriction, a
  way to play), so it may stand by itself at "any time";
- `offered_if`, whether it has something to act on for the player who would use it now (PLAY-07); None: always;
- `holds`, the fields holding effects of its own, each with whether they come once a check is done.

`pacg.engine.effects` declares every effect (`declaration`, `declare`) as it is imported; the card loader's checks
(`support`), the plays offered (`playing.applies`) and the questions asked (`questions`) read the declarations.
Nothing falls back: a model with no declaration, two declarations of one model, or a declaration without a
required part fails as `pacg.engine.effects` is imported, naming the effect (`DeclarationError`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from inspect import isgeneratorfunction
from typing import TYPE_CHECKING, Any

from pacg.cards.powers import Timing

if TYPE_CHECKING:
    from pacg.engine.playing import Step
    from pacg.engine.state import CharacterState


class Kind(StrEnum):
    """The kinds of paragraph, kept apart as the rulebook keeps them (PLAY-01, PLAY-10, CHAR-01)."""

    PLAYED = "played"  # a boon or cohort (or a bane) in hand, played for its power by revealing, discarding ... it
    ACTIVATED = "activated"  # a displayed card's power, used while it is displayed (it counts as playing it)
    USED = "used"  # a power of a character, location, scenario or encountered card that a player may use
    WHEN_PLAYED = "when played"  # a boon's paragraph that is not a power: it happens whenever the card is played
    WHILE_DISPLAYED = "while displayed"  # works by itself while its card is displayed
    WHILE_ENCOUNTERED = "while encountered"  # a boon's paragraph for its own encounter ("acquire it at once")
    STANDING = "standing"  # works by itself: a character's, a location's, a scenario's, the card encountered
    REPLACEMENT = "replacement"  # "instead": a card goes somewhere else than a play or cost would send it


ANY_MOMENT = frozenset(Timing)
# The steps of an encounter, in which only the encountering character uses the card's own powers.
ENCOUNTER = frozenset({
    Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK, Timing.AFTER_ACTING, Timing.DAMAGE,
    Timing.ACQUIRE, Timing.DEFEAT, Timing.UNDEFEATED,
})
BEFORE_THE_CHECK = frozenset({Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK})
OF_THE_ENCOUNTER = ENCOUNTER - {Timing.DAMAGE}

EffectTest = Callable[[Any, "Step", "CharacterState"], bool]
"""Whether an effect has something to act on in a step, for the player who would use it (PLAY-07)."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """An effect's declaration: see the module's docstring for each part."""

    model: type
    run: Callable[..., Any]
    moments: frozenset[Timing]
    asks: bool
    on_check: bool = False
    to_succeed: bool = False
    kinds: frozenset[Kind] | None = None
    alters_check: bool = False
    read_where_it_applies: bool = False
    offered_if: EffectTest | None = None
    holds: tuple[tuple[str, bool], ...] = ()

    @property
    def changes_the_check(self) -> bool:
        """It may stand by itself in a check's paragraph, worked out as the check is prepared."""
        return self.on_check or self.alters_check


class DeclarationError(Exception):
    """An effect declared wrongly, or a model of the power language declared nowhere."""


SPECS: dict[type, EffectSpec] = {}
"""Every effect's declaration, by its model: filled by `pacg.engine.effects` as it is imported."""

ONLY_TO_SUCCEED: set[type] = set()
"""The models of the effects that can only make a check likelier to succeed (`to_succeed`), as a set to test a
power's effects against at once (`questions.worth_asking`, at every play considered): filled with SPECS."""


def declaration(
    model: type, run: Callable[..., Any], *, moments: frozenset[Timing] | None = None, on_check: bool = False,
    to_succeed: bool = False, kinds: Iterable[Kind] | None = None, alters_check: bool = False,
    read_where_it_applies: bool = False, offered_if: EffectTest | None = None, holds: tuple[tuple[str, bool], ...] = (),
) -> EffectSpec:
    """Declare an effect: its model, what it does and everything else the module's docstring lists; `moments` is
    required (`ANY_MOMENT` where nothing restricts it). DeclarationError, naming the effect, for a part missing or
    wrong."""
    name = model.__name__
    if not callable(run):
        raise DeclarationError(f"effect {name}: what it does (run) is not a function")
    if not moments:
        raise DeclarationError(f"effect {name}: no moments declared (ANY_MOMENT where nothing restricts it)")
    if to_succeed and not on_check:
        raise DeclarationError(f"effect {name}: only an effect on a check (on_check) can only help it succeed")
    fields = getattr(model, "model_fields", {})
    missing = [field for field, _ in holds if field not in fields]
    if missing:
        raise DeclarationError(f"effect {name}: holds {', '.join(missing)}, which its model has no field for")
    return EffectSpec(model, run, frozenset(moments), isgeneratorfunction(run), on_check, to_succeed,
                      frozenset(kinds) if kinds is not None else None, alters_check, read_where_it_applies,
                      offered_if, holds)


def declare(specs: Iterable[EffectSpec], models: Iterable[type]) -> dict[type, EffectSpec]:
    """Register the declarations of every model of the power language (`models`); DeclarationError naming each
    model declared twice, declared though it is no model, or not declared at all."""
    declared: dict[type, EffectSpec] = {}
    for spec in specs:
        if spec.model in declared:
            raise DeclarationError(f"effect {spec.model.__name__} is declared twice")
        declared[spec.model] = spec
    known = set(models)
    strangers = sorted(model.__name__ for model in set(declared) - known)
    if strangers:
        raise DeclarationError(f"declared, but no effect of the power language: {', '.join(strangers)}")
    undeclared = sorted(model.__name__ for model in known - set(declared))
    if undeclared:
        raise DeclarationError(f"effects with no declaration: {', '.join(undeclared)} (pacg.engine.effects)")
    SPECS.clear()
    SPECS.update(declared)
    ONLY_TO_SUCCEED.clear()
    ONLY_TO_SUCCEED.update(model for model, spec in declared.items() if spec.to_succeed)
    return declared


def spec_of(model: type) -> EffectSpec:
    """The declaration of an effect's model."""
    try:
        return SPECS[model]
    except KeyError:
        if not SPECS:
            raise DeclarationError("no effect is declared yet: import pacg.engine.effects first") from None
        raise DeclarationError(f"effect {model.__name__} has no declaration") from None
