"""Effects on a character (rulebook pages 4, 17): the trait they choose, mythic charges, their death.

A character's skills a power gives are read for their skills (`gain_skill`, DICE-03); a character chooses a trait
their powers name from then on; gains a mythic path's charges (MYTH-01); or dies (DEATH-01).
"""

from __future__ import annotations

from pacg.cards.powers import ChooseTrait, Dies, GainCharge, GainSkill
from pacg.decisions import DecisionKind, Process
from pacg.engine.choosing import characters, choose
from pacg.engine.damage import die
from pacg.engine.declared import declaration, marker
from pacg.engine.playing import Play, Step
from pacg.engine.state import CharacterState


def _choose_trait(step: Step, effect: ChooseTrait, player: CharacterState, play: Play | None) -> Process[None]:
    """The player chooses one of the traits; the character's powers name it from then on (a choice of the
    game, made as the scenario is set up, so a replay makes it again)."""
    trait = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: which trait do you choose?",
                              effect.choose_trait)
    player.choose_trait(trait)
    step.game.note(f"{player.name} chooses the {trait} trait")


def _gain_charge(step: Step, effect: GainCharge, player: CharacterState, play: Play | None) -> None:
    player.mythic_charges += step.value(effect.gain_charge, player)


def _dies(step: Step, effect: Dies, player: CharacterState, play: Play | None) -> Process[None]:
    """The characters named die (DEATH-01); the last death loses the scenario (DEATH-02), and a death on your
    own turn ends it (`damage.die`), so the character whose turn it is dies last."""
    targets = yield from characters(step, player, effect.dies, "who dies?")
    turn = step.game.turn
    killer = play.source if play is not None else f"{step.against.name}'s power" if step.against else "a power"
    for target in sorted(targets, key=lambda target: turn is not None and target is turn.character):
        die(step.game, target, f"killed by {killer}")


DECLARED = (
    declaration(GainSkill, marker),  # read for a character's skills (`CharacterState.gained_skills`)
    declaration(ChooseTrait, _choose_trait),
    declaration(GainCharge, _gain_charge),
    declaration(Dies, _dies),
)
