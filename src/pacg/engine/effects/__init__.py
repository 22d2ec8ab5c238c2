"""What each effect of the power language does (rulebook pages 9-17; DESIGN.md 2), grouped as the rulebook groups
them, and the one table of their declarations.

Each group writes its effects' handlers and declares them (`DECLARED`, `declared.declaration`): what an effect does
(a generator where it may ask the players or start other processes) and when it can be offered (`offered_if`,
PLAY-07). A handler's step is a CheckState for an effect on a check (the model's `on_check`: `playing.applies`
offers it only on a check), and its effect is of its declaration's model.

- `checks`: what a power adds to a check, and the checks and rolls it calls for (CHK-05..CHK-15, KEEP-04, KEEP-05);
- `damage`: reducing damage, changing it, passing it on, dealing it (DMG-01, ARMOR-01, DICE-02);
- `encounter`: evading the card, deciding how the encounter goes, taking it over (ENC-04..ENC-09, CLOSE-01);
- `turn`: exploring again, moving, giving a card, ending the turn, ignoring (TURN-03..TURN-05, ENC-09, GOLD-03);
- `cards`: drawing, healing, examining, moving a character's cards, redeeming (DRAW-01, EXAM-01, EXAM-02, RED-01);
- `box`: summoning, drawing from the box, adding to a deck (SUM-01..SUM-06, SET-03);
- `character`: a character's trait, mythic charges and death (MYTH-01, DEATH-01);
- `holding`: "for each", "choose one", "you may ... if you do", and paragraphs that last.

The groups are those of the effects' models (`pacg.cards.powers.effects`), but for the effects that hold effects,
each here with the rule it belongs to.

Here the groups make the one table, `SPECS`, checked against every model of the power language as it is imported
(`declared.declare`): a model with no declaration, or two, fails then, naming it, not in a game. Importing any group
imports this table first; the play window does the effects as it says (`window.resolve`, by `declared.SPECS`).
"""

from __future__ import annotations

from pacg.cards.powers import EFFECT_MODELS
from pacg.engine.declared import declare
from pacg.engine.effects import box, cards, character, checks, damage, encounter, holding, turn

SPECS = declare((
    *checks.DECLARED, *damage.DECLARED, *encounter.DECLARED, *turn.DECLARED, *cards.DECLARED, *box.DECLARED,
    *character.DECLARED, *holding.DECLARED,
), EFFECT_MODELS.values())
