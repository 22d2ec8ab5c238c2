"""The effects of the power language (the effect primitives, DESIGN.md section 2), each declared once, with
everything the card language says of it (`declaration`: `_Effect`), in the module of its section of the rulebook:

- `checks`: on a check (use a skill, add dice, adjust the difficulty, reroll, ...; CHK, KEEP-05);
- `damage`: damage dealt, reduced, passed on (DMG);
- `encounter`: the card encountered and its location (evade, defeat, banish, put it back, close; ENC, CLOSE);
- `turn`: the turn (explore again, move, end it; TURN) and what lasts until its end;
- `cards`: a character's cards (draw, heal, examine, move cards, where a played card goes; DRAW, EXAM, PLAY);
- `box`: the box and the blessings deck (summon, draw from the box, add to a location; SUM, SET-03);
- `character`: a character (a skill, a chosen trait, mythic charges, death; DICE-03, MYTH-01, DEATH-01).

The effects that hold effects or paragraphs ("may ... if you do", "for each", "choose one", "then", "until the end
of the turn") are declared with the paragraph (`pacg.cards.powers.paragraph`), as their types and its refer to one
another.
"""
