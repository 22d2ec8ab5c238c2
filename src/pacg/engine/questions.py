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

from pacg.cards.powers import ONLY_TO_SUCCEED, GainCharge
from pacg.engine.playing import Play, PowerOffer, Step, may_follow, plays_in, powers_following, riders

if TYPE_CHECKING:
    from pacg.engine.check import CheckState
    from pacg.engine.state import CharacterState

_CHARGE_ONLY = frozenset({GainCharge})


def plays_worth_asking(step: Step, player: CharacterState) -> list[Play]:
    """The plays a player should be asked about in a step or on a check: the legal plays (`playing.plays_in`) of
    the offers worth working out, that are worth asking (see the module's docstring)."""
    return [play for play in plays_in(step, player, offered=worth_offering) if worth_asking(step, play)]


def worth_offering(step: Step, player: CharacterState, offers: list[PowerOffer]) -> list[PowerOffer]:
    """The offers worth working out the plays of, a quick test before `worth_asking`: a bare mythic charge for a
    character with no mythic path only where something could follow playing it (a paragraph of the card that
    happens whenever it is played, or a power for after playing it)."""
    if step.game.ask_always or player.mythic_path is not None:
        return offers
    worth: dict[tuple[str, int], bool] = {}  # copies of one card are the same choice (as `_add_plays` has them)
    kept = []
    for offer in offers:
        _, power, source, _, _, _ = offer
        if power.effect_kinds == _CHARGE_ONLY:
            same = (source, id(power))
            if same not in worth:
                worth[same] = _more_could_happen(step, player, offer)
            if not worth[same]:
                continue
        kept.append(offer)
    return kept


def _more_could_happen(step: Step, player: CharacterState, offer: PowerOffer) -> bool:
    """`_more_happens` before the play is worked out (but for powers already used after it)."""
    _, power, _, card, _, as_card = offer
    acting = as_card or card
    for _, paragraph in acting.powers_by_timing.get(power.when, ()) if acting is not None else ():
        if not paragraph.optional:
            return True
    return may_follow(step, player, power, acting)


def worth_asking(step: Step, play: Play) -> bool:
    """Whether a player should be asked about this play (see the module's docstring)."""
    if step.game.ask_always:
        return True
    kinds = play.power.effect_kinds
    if kinds == _CHARGE_ONLY:
        pointless = play.player.mythic_path is None
    elif step.in_check and kinds and kinds <= ONLY_TO_SUCCEED:  # on a check that can't fail they change nothing
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
