"""Effects on a character: a skill they have (DICE-03), the trait they choose, mythic charges (MYTH-01), their
death (DEATH-01).
"""

from typing import Literal

from pydantic import Field

from pacg.cards.amounts import MAX_AMOUNT
from pacg.cards.english import listing
from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, _Effect
from pacg.cards.powers.parameters import AmountField, Characters, Number, Trait, Who
from pacg.cards.vocabulary import Skill


class GainSkill(_Effect, key="gain_skill", moments=frozenset({Timing.SETUP}), kinds={Kind.STANDING}):
    """You have this skill, as a character card writes it: `{gain_skill: Perception, ability: Wisdom,
    modifier: 2}` is "Perception: Wisdom +2" (DICE-03). With `who`, those characters may have it too, each with
    their own ability's die, while they are where the group says ("local characters may have Knowledge: Wisdom
    +2"); a character whose own skill is better keeps it."""

    gain_skill: Skill
    ability: Skill
    modifier: Number = Field(0, ge=-MAX_AMOUNT, le=MAX_AMOUNT)
    who: Literal[Who.YOU, Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL, Who.EACH, Who.EACH_OTHER] = Who.YOU

    def text(self) -> str:
        skill = f"the skill {self.gain_skill}: {self.ability} {self.modifier:+d}"
        return f"you have {skill}" if self.who is Who.YOU else f"{self.who.words()} may have {skill}"


class ChooseTrait(_Effect, key="choose_trait", moments=frozenset({Timing.SETUP}), kinds={Kind.STANDING}, asks=True):
    """Choose one of these traits, once, as the scenario is set up, and remember it: from then on the
    character's powers that name the trait `chosen` name that one ("pick one 'mastered' trait: Acid, Cold,
    Electricity or Fire")."""

    choose_trait: tuple[Trait, ...] = Field(min_length=2)

    def text(self) -> str:
        return f"choose the {listing(self.choose_trait)} trait: it is your chosen trait"


class GainCharge(_Effect, key="gain_charge", moments=ANY_MOMENT):
    """Gain mythic charges."""

    gain_charge: AmountField

    def text(self) -> str:
        return f"gain {self.gain_charge.count_text('mythic charge', 'mythic charges')}"


class Dies(_Effect, key="dies", moments=ANY_MOMENT, asks=True):
    """The characters named die (DEATH-01: deck, hand and discard pile are buried; no more turns or plays this
    scenario; DEATH-02 when no one is left): "if you fail to defeat him, you die"."""

    dies: Characters

    def text(self) -> str:
        return "you die" if self.dies is Who.YOU else f"{self.dies.words()} dies"
