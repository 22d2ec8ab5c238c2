"""The power language: what a card's powers say, as data (DESIGN.md section 2).

A power is one paragraph of a card: when it may be used, what you do with the card to use it and what else it
costs, whose check or encounter it helps, the conditions under which it applies, and its effects, a list of
primitives (add dice, use a skill, evade, explore, reduce damage, ...). Wherever a power gives a number it may give
an amount (amounts.py): "1 + AD", "AD + location deck", "1d4+1". Each part says its own words, as a card prints it.

The language is this package's modules, each one part of it, lowest first:

- `parameters`: the shared vocabulary every part names things with: numbers and amounts, traits, cards
  (`CardFilter`), characters (`Who`);
- `conditions`: when a paragraph applies: its moment (`Timing`), whose check (`Whose`), its `Conditions`; the kinds
  of paragraph (`Kind`);
- `costs`: what using a power costs besides its card, and the check to recharge it;
- `effects`: how an effect is declared (`_Effect`, `EFFECT_MODELS`), and in its modules the effect primitives,
  grouped as the rulebook's sections (on a check, damage, the encounter, the turn, a character's cards, the box, a
  character);
- `sentence`: a paragraph in words (`power_text`);
- `paragraph`: the paragraph (`Power`), the effects that hold effects or paragraphs, and the union of every effect
  (`Effect`);
- `chosen`: a paragraph as it reads once its character has chosen a trait.

The modules of its models have no `from __future__ import annotations`: pydantic evaluates their annotations as
Python reads them, rather than each annotation's text as it defines each model (about 4 ms a start). The few names
used before they are defined are written in quotes.

This module is the language's one public face: every public name of those modules (but `sentence`'s, which
`pacg.cards.text` gives) is `pacg.cards.powers`'s, so the rest of pacg imports the language from here, and an effect
declared in its module is one of them with nothing more written.
"""

from pacg.cards.english import listing as listing
from pacg.cards.powers.chosen import *  # noqa: F403
from pacg.cards.powers.conditions import *  # noqa: F403
from pacg.cards.powers.costs import *  # noqa: F403
from pacg.cards.powers.effects.box import *  # noqa: F403
from pacg.cards.powers.effects.cards import *  # noqa: F403
from pacg.cards.powers.effects.character import *  # noqa: F403
from pacg.cards.powers.effects.checks import *  # noqa: F403
from pacg.cards.powers.effects.damage import *  # noqa: F403
from pacg.cards.powers.effects.declaration import *  # noqa: F403
from pacg.cards.powers.effects.encounter import *  # noqa: F403
from pacg.cards.powers.effects.turn import *  # noqa: F403
from pacg.cards.powers.paragraph import *  # noqa: F403
from pacg.cards.powers.parameters import *  # noqa: F403
