"""Effects on a check (attempting a check, CHK; KEEP-05): the skill used, the dice and the number added, the
traits, the difficulty, the die rolled, rerolls, succeeding without rolling, and who may help.
"""

from typing import Literal

from pydantic import Field

from pacg.cards.amounts import MAX_AMOUNT
from pacg.cards.english import listing
from pacg.cards.powers.conditions import Kind
from pacg.cards.powers.effects.declaration import ANY_MOMENT, BEFORE_THE_CHECK, ON_A_CHECK, _Effect
from pacg.cards.powers.parameters import DiceField, Number, PowerTrait, SumField, Trait
from pacg.cards.vocabulary import Skill
from pacg.dice import CARD_DICE, MAX_CARD_DICE, CardDie


class UseSkill(_Effect, key="use_skill", moments=ON_A_CHECK, on_check=True):
    """Use one of these skills for the check; the card that does this adds its traits (CHK-05, CHK-06)."""

    use_skill: tuple[Skill, ...]

    def text(self) -> str:
        return f"use your {listing(self.use_skill)} skill"


class AddDice(_Effect, key="add_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add these dice (and bonus) to the check (KEEP-05)."""

    add_dice: DiceField

    def text(self) -> str:
        return f"add {self.add_dice.text()}"


class AddSkillDice(_Effect, key="add_skill_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add this many dice of the type the check already rolls (CHK-12: blessings)."""

    add_skill_dice: Number = Field(ge=1, le=MAX_CARD_DICE)

    def text(self) -> str:
        dice = "die" if self.add_skill_dice == 1 else "dice"
        return f"add {self.add_skill_dice} {dice} of the type the check rolls"


class AddSkill(_Effect, key="add_skill", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add one of these skills of yours (its die and modifier) to the check, not as a trait (CHK-06)."""

    add_skill: tuple[Skill, ...]

    def text(self) -> str:
        return f"add your {listing(self.add_skill)} skill"


class AddModifier(_Effect, key="add_modifier", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add a number to the check's result."""

    add_modifier: SumField

    def text(self) -> str:
        if self.add_modifier.is_negative():
            return f"subtract {self.add_modifier.negated().text()}"
        return f"add {self.add_modifier.text()}"


class AddTraits(_Effect, key="add_traits", moments=ON_A_CHECK, on_check=True):
    """Add traits to the check."""

    add_traits: tuple[PowerTrait, ...]

    def text(self) -> str:
        traits = "trait" if len(self.add_traits) == 1 else "traits"
        return f"add the {listing(self.add_traits, 'and')} {traits} to the check"


class AdjustDifficulty(_Effect, key="adjust_difficulty", moments=BEFORE_THE_CHECK, alters_check=True):
    """Raise (or, negative, lower) the difficulty of the check (CHK-08)."""

    adjust_difficulty: SumField

    def text(self) -> str:
        amount = self.adjust_difficulty
        if amount.is_negative():
            return f"the difficulty is reduced by {amount.negated().text()}"
        return f"the difficulty is increased by {amount.text()}"

    def verb_text(self) -> str:
        """The same, said as something a player does ("discard this card to reduce the difficulty by 2")."""
        amount = self.adjust_difficulty
        if amount.is_negative():
            return f"reduce the difficulty by {amount.negated().text()}"
        return f"increase the difficulty by {amount.text()}"


class ReplaceDie(_Effect, key="replace_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Roll this skill's die (or a die of these sides) in place of the check's die (CHK-11)."""

    replace_die: Skill | CardDie

    def text(self) -> str:
        if isinstance(self.replace_die, int):
            return f"roll a d{self.replace_die} instead of the check's die"
        return f"roll your {self.replace_die} die instead of the check's die"


class ReplaceHighestDie(_Effect, key="replace_highest_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Replace the highest die of the check's dice, once they are assembled, with a die of these sides ("the
    mighty d20", MYTH-01). Unlike `replace_die` it leaves the check's die as it is, so blessings still add
    the skill's die (CHK-12)."""

    replace_highest_die: CardDie

    def text(self) -> str:
        return f"replace your highest die with a d{self.replace_highest_die}"


class Succeed(_Effect, key="succeed", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Succeed at the check without rolling; never on a combat check (CHK-01)."""

    succeed: Literal[True]

    def text(self) -> str:
        return "succeed at the check without rolling"


class CannotSucceed(_Effect, key="cannot_succeed", moments=ON_A_CHECK, on_check=True):
    """The check can't succeed, whatever it rolls ("cannot" beats "can", GOLD-03: not even a power that succeeds
    without rolling); failing it deals its damage as any failed check does. Written in a bane's check paragraph
    that applies by itself: "without the Magic trait, you can't defeat this card"."""

    cannot_succeed: Literal[True]

    def text(self) -> str:
        return "the check can't succeed"


class Reroll(_Effect, key="reroll", moments=ON_A_CHECK, on_check=True):
    """Reroll the check's dice once (CHK-13); with `dice`, only that many dice of the player's choice ("reroll
    1 die"), keeping the others."""

    reroll: Literal[True]
    dice: Number | None = Field(None, ge=1, le=MAX_CARD_DICE)

    def text(self) -> str:
        if self.dice is None:
            return "reroll the dice"
        return f"reroll {self.dice} {'die' if self.dice == 1 else 'dice'} of your choice"


class CountFace(_Effect, key="count_face", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """A die of this many sides that shows this face counts as another number (a 6 on a d6 counts as 7)."""

    count_face: Number = Field(ge=1, le=max(CARD_DICE))
    die: CardDie
    value: Number = Field(ge=0, le=MAX_AMOUNT)

    def text(self) -> str:
        return f"each d{self.die} that shows {self.count_face} counts as {self.value}"

    def verb_text(self) -> str:
        return f"make each d{self.die} that shows {self.count_face} count as {self.value}"


class IgnoreTypeLimit(_Effect, key="ignore_type_limit", moments=ANY_MOMENT, kinds={Kind.ACTIVATED, Kind.PLAYED}):
    """Playing this card does not count toward the limit of one card of each type per check or step
    (ENC-02, BOON-01): another card of its type may still be played."""

    ignore_type_limit: Literal[True]

    def text(self) -> str:
        return "this card does not count toward the limit of one card of each type"

    def verb_text(self) -> str:
        return "play it outside the limit of one card of each type"


class AddCardNumber(_Effect, key="add_card_number", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add a card's adventure deck number to the check (a letter set counts as 0, SET-01): the card paid as
    this power's cost ("discard a card to add 1 plus its adventure deck number"), or the card encountered."""

    add_card_number: Literal["cost", "encountered"]

    def text(self) -> str:
        card = "the card paid for this power" if self.add_card_number == "cost" else "the card encountered"
        return f"add the adventure deck number of {card}"


class NoHelp(_Effect, key="no_help", moments=ON_A_CHECK, on_check=True):
    """No one else may play cards or use powers on this check."""

    no_help: Literal[True]

    def text(self) -> str:
        return "no one else may play cards or use powers on the check"


class SwapTrait(_Effect, key="swap_trait", moments=ON_A_CHECK, on_check=True, asks=True):
    """Replace one of these traits of the check with another of them, as the player chooses ("treat a spell's Cold
    trait as Fire")."""

    swap_trait: tuple[Trait, ...]

    def text(self) -> str:
        return f"replace one {listing(self.swap_trait)} trait of the check with another of them"


class BlessingDie(_Effect, key="blessing_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Blessings played on the check add dice of this many sides instead of the check's die (an exception to
    CHK-12, which gives a blessing the die the check already rolls): anyone's, or (`played_by: you`) only those
    the character whose power this is plays ("your blessings roll a d12 on local characters' checks")."""

    blessing_die: CardDie
    played_by: Literal["you", "anyone"] = "anyone"

    def text(self) -> str:
        played = "you play" if self.played_by == "you" else "played"
        return f"blessings {played} on the check add d{self.blessing_die}s"


class SharedTraitDice(_Effect, key="shared_trait_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add these dice if the card paid as this power's cost shares a trait, other than Basic and Elite, with
    the card encountered."""

    shared_trait_dice: DiceField

    def text(self) -> str:
        return (
            f"add {self.shared_trait_dice.text()} more if that card shares a trait other than Basic and Elite "
            "with the card encountered"
        )
