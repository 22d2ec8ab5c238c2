"""Only real questions: which plays are worth asking a player about.

The rules let a player play a card whenever its power applies (PLAY-07), but a question whose every answer but
"Done" could change nothing is not a real one. A play window lists only the plays that could matter:

    a mythic charge gained by a character with no mythic path, which no power of theirs could ever expend
        (MYTH-01), is not offered;
    a play that only adds to a check that can't fail (its dice, its bonus, its die's type) is not offered.

A play that does anything else (draws a card, recharges one, explores, a card's paragraph that happens whenever
it is played, a power that follows the play) is always offered. A game with `ask_always` (`pacg play
--ask-always`) offers every legal play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pacg.cards.powers import (
    AddCardNumber,
    AddDice,
    AddModifier,
    AddSkill,
    AddSkillDice,
    BlessingDie,
    CountFace,
    GainCharge,
    ReplaceDie,
    ReplaceHighestDie,
    SharedTraitDice,
    Succeed,
)
from pacg.engine.playing import powers_following, riders

if TYPE_CHECKING:
    from pacg.engine.check import CheckState
    from pacg.engine.playing import Play, Step

# The effects that only make a check likelier to succeed: on a check that can't fail they change nothing.
_ONLY_TO_SUCCEED = frozenset({AddDice, AddSkillDice, AddSkill, AddModifier, AddCardNumber, BlessingDie, CountFace,
                              ReplaceDie, ReplaceHighestDie, SharedTraitDice, Succeed})


def worth_asking(step: Step, play: Play) -> bool:
    """Whether a player should be asked about this play (see the module's docstring)."""
    if step.game.ask_always:
        return True
    kinds = play.power.effect_kinds
    if kinds == {GainCharge}:
        pointless = play.player.mythic_path is None
    elif step.in_check and kinds and kinds <= _ONLY_TO_SUCCEED:
        state: CheckState = step  # type: ignore[assignment]  # a step in a check is its CheckState
        pointless = state.chance() == 1
    else:
        return True
    return not pointless or _more_happens(step, play)


def _more_happens(step: Step, play: Play) -> bool:
    """Whether something follows the play besides its power: the played card's paragraphs that happen whenever it
    is played (PLAY-10), or a power for after such a card is played (`playing.powers_following`)."""
    if riders(step.game, play):
        return True
    return next(powers_following(step, play), None) is not None
