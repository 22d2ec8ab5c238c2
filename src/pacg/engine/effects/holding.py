"""Effects that hold effects or paragraphs (rulebook page 10): for each, choose one, you may, lasting.

The power language's "for each" does its effects for each of the characters named, each acting as "you"; "choose
one" and "you may ... if you do" ask the player, and the effects chosen are done in order (PLAY-02); a lasting
effect gives paragraphs that apply until the end of the turn, encounter or exploration. (The effects that hold
effects of a check, a roll or a move are those rules': `check`, `turn`.)
"""

from __future__ import annotations

from pacg.cards.powers import ChooseOne, ForEach, Lasting, May
from pacg.cards.text import effect_text, sentence_case
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine.choosing import characters
from pacg.engine.declared import declaration
from pacg.engine.playing import Play, Step
from pacg.engine.state import NEXT_EXPLORATION, CharacterState, LastingPower
from pacg.engine.window import resolve


def _for_each(step: Step, effect: ForEach, player: CharacterState, play: Play | None) -> Process[None]:
    """Do the effects for each of the characters in turn, each of them acting as "you"."""
    for character in (yield from characters(step, player, effect.for_each, "")):
        yield from resolve(step, list(effect.do), character, play)


def _choose_one(step: Step, effect: ChooseOne, player: CharacterState, play: Play | None) -> Process[None]:
    """The player chooses one of the lists of effects, and it is done."""
    labels = [sentence_case("; ".join(effect_text(one, as_verb=True) for one in option))
              for option in effect.choose_one]
    index = yield Decision(player.name, DecisionKind.CHOOSE_ONE, f"{player.name}: which one?",
                           tuple(Option(label, number, key=f"choice:{number + 1}")
                                 for number, label in enumerate(labels)),
                           help="The power lets you choose one of these.")
    yield from resolve(step, list(effect.choose_one[index]), player, play)


def _may(step: Step, effect: May, player: CharacterState, play: Play | None) -> Process[None]:
    """The player may do the effects; if they do, what follows is done too."""
    words = "; ".join(effect_text(one, as_verb=True) for one in effect.may)
    index = yield Decision(player.name, DecisionKind.MAY, f"{player.name}: {words}?",
                           (Option("No", key="no"), Option(sentence_case(words), key="yes")),
                           help="The power lets you do this if you want.")
    if index:
        yield from resolve(step, [*effect.may, *effect.if_you_do], player, play)


def _lasting(step: Step, effect: Lasting, player: CharacterState, play: Play | None) -> Process[None]:
    """Paragraphs that apply for these characters until the end of the turn, encounter or exploration, or
    during the next exploration of the turn (the one the power gives)."""
    game = step.game
    card, source = (play.card, play.source) if play is not None else (None, f"{player.name}'s power")
    next_one = game.turn.explorations + 1 if game.turn is not None and effect.until == NEXT_EXPLORATION else 0
    for character in (yield from characters(step, player, effect.who, "for whom?")):
        for power in effect.lasting:
            game.lasting.append(LastingPower(power, character, effect.until, len(game.encounters), source, card,
                                             next_one))


DECLARED = (
    declaration(ForEach, _for_each),
    declaration(ChooseOne, _choose_one),
    declaration(May, _may),
    declaration(Lasting, _lasting),
)
