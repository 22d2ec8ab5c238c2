"""What the engine does with each effect of the power language, declared once (DESIGN.md 2).

An effect is declared in two halves, one in each layer, and nowhere else. Its model
(`pacg.cards.powers.effects.declaration._Effect`) says what the card language allows of it: its key and fields,
its card's words, the moments it may act at, the kinds of paragraph it may be written in, whether it is for a
check, asks the players, holds effects of its own; the card loader reads only that (`support`). Its declaration
here (`EffectSpec`, made in `pacg.engine.effects`) says what the engine does with it, as Forge's `ApiType` gives
each effect one home:

- `run`, what it does: a process that may ask the players when it is a generator function (and then its model
  says it `asks`);
- `offered_if`, whether it has something to act on for the player who would use it now (PLAY-07): no evading
  without an encounter, no reducing damage that isn't being dealt; None: always.

`pacg.engine.effects` declares every effect (`declaration`, `declare`) as it is imported; the plays offered
(`playing.applies`) and the effects done (`window.resolve`) read the declarations. Nothing falls back: a model with
no declaration, two declarations of one model, or a declaration that disagrees with its model fails as
`pacg.engine.effects` is imported, naming the effect (`DeclarationError`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from inspect import isgeneratorfunction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacg.engine.playing import Play, Step
    from pacg.engine.state import CharacterState

EffectTest = Callable[[Any, "Step", "CharacterState"], bool]
"""Whether an effect has something to act on in a step, for the player who would use it (PLAY-07)."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """An effect's declaration: its model, what it does (`run`; `asks` when it is a process that may ask the
    players), and when it can be offered (`offered_if`)."""

    model: type
    run: Callable[..., Any]
    asks: bool
    offered_if: EffectTest | None = None


class DeclarationError(Exception):
    """An effect declared wrongly, or a model of the power language declared nowhere."""


SPECS: dict[type, EffectSpec] = {}
"""Every effect's declaration, by its model: filled by `pacg.engine.effects` as it is imported."""


def declaration(model: type, run: Callable[..., Any], offered_if: EffectTest | None = None) -> EffectSpec:
    """Declare what the engine does with an effect: `run` does it (a generator function if it may ask the
    players: its model must say it `asks`); `offered_if`, if given, says when it has something to act on.
    DeclarationError, naming the effect, for a part missing or at odds with the model."""
    name = model.__name__
    if not callable(run):
        raise DeclarationError(f"effect {name}: what it does (run) is not a function")
    asks = isgeneratorfunction(run)
    if asks != getattr(model, "asks", False):
        said = "may ask the players" if asks else "asks nothing"
        raise DeclarationError(f"effect {name}: its handler {said}, but its model says asks={not asks}")
    if offered_if is not None and not callable(offered_if):
        raise DeclarationError(f"effect {name}: offered_if is not a function")
    return EffectSpec(model, run, asks, offered_if)


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
    return declared


def marker(step: Step, effect: Any, player: CharacterState, play: Play | None) -> None:
    """What a marker does when resolved: nothing. A marker is an effect the engine reads where it applies (`instead`
    as a card is moved, `cannot_play` as plays are listed ...): its declaration says where."""
