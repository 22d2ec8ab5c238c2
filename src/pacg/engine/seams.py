"""The engine's seams: the few places where a rule calls one written above it (DESIGN.md 1; issue 27).

The engine's modules build on one another as the rulebook's sections do, each importing only those below it: what
may be played (`playing`), the play window and what a play does (`window`), damage (`damage`), checks (`check`),
summoning (`summon`), closing (`closing`), villains (`villain`), encountering a card (`encounter`), what each effect
does (`effects`), the turn (`turn`). A few rules call back up that order, as the rulebook's do:

- `take_damage`: a power whose cost is damage is paid by taking it (`window.apply_play`), though being dealt damage
  opens a play window of its own (DMG-01);
- `attempt_recharge`: a card played outside a check is checked to recharge once the play is done (`window`,
  KEEP-04), though cards are played on a check through the play window;
- `highest_difficulty`: a condition on a card's highest difficulty ("a monster whose highest difficulty is 10 or
  less") works its check out as a check is prepared, with the powers that change it (`playing`'s conditions,
  CHK-08), though preparing a check tests those powers' conditions;
- `encounter`: a summoned card is encountered at once (`summon`, SUM-02), though an encounter may summon.

Each is an attribute here, filled in with the function that writes the rule as its module is imported (`fills`),
and called as `seams.encounter(...)`: a plain module attribute, as quick as a direct call. One called before its
module is imported fails, naming that module (`SeamError`). For the type checker each is the function it will be.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

# Each seam, and the module whose function fills it.
WHERE = {
    "take_damage": "pacg.engine.damage",
    "attempt_recharge": "pacg.engine.check",
    "highest_difficulty": "pacg.engine.check",
    "encounter": "pacg.engine.encounter",
}


class SeamError(RuntimeError):
    """A seam called before the module that fills it is imported, or a function that fills no seam."""


def _unfilled(name: str) -> Callable[..., NoReturn]:
    def unfilled(*args: object, **kwargs: object) -> NoReturn:
        raise SeamError(f"seams.{name} is called before {WHERE[name]}, which fills it, is imported")
    return unfilled


if TYPE_CHECKING:
    from pacg.engine.check import attempt_recharge as attempt_recharge
    from pacg.engine.check import highest_difficulty as highest_difficulty
    from pacg.engine.damage import take_damage as take_damage
    from pacg.engine.encounter import encounter as encounter
else:
    take_damage = _unfilled("take_damage")
    attempt_recharge = _unfilled("attempt_recharge")
    highest_difficulty = _unfilled("highest_difficulty")
    encounter = _unfilled("encounter")

Function = TypeVar("Function", bound=Callable[..., Any])


def fills(function: Function) -> Function:
    """Fill the seam of the function's name with it (a decorator on the function that writes the rule); SeamError
    for a function of a module `WHERE` doesn't name for that seam."""
    name = function.__name__
    if WHERE.get(name) != function.__module__:
        raise SeamError(f"{function.__module__}.{name} fills no seam (seams.WHERE)")
    globals()[name] = function
    return function
