"""Taking damage (rulebook pages 13-14).

When you are dealt damage, you choose that many cards from your hand and discard them; with too few cards,
you discard your hand and ignore the rest (DMG-02). Damage rolled for several characters is rolled
separately for each (DICE-02).
"""

from __future__ import annotations

from pacg.cards.powers import DiceAmount
from pacg.decisions import Decision, Option, Process
from pacg.dice import DicePool
from pacg.engine.state import CharacterState, Game
from pacg.engine.zones import ZoneKind


def deal_damage(game: Game, character: CharacterState, amount: int, damage_type: str) -> Process[None]:
    """Discard `amount` cards of the character's choice from hand, or the whole hand if it is smaller."""
    hand = game.zones.cards(character.zone(ZoneKind.HAND))
    discard = character.zone(ZoneKind.DISCARD)
    game.note(f"{character.name} is dealt {amount} {damage_type} damage")
    if amount >= len(hand):
        for card in list(hand):
            game.zones.move(card, discard)
        return
    for remaining in range(amount, 0, -1):
        options = tuple(Option(card.name, card) for card in hand)
        index = yield Decision(
            character.name,
            "damage",
            f"{character.name}: discard a card for {damage_type} damage ({remaining} to go)",
            options,
            help="Damage: each point makes you discard a card of your choice from your hand.",
        )
        game.zones.move(options[index].value, discard)


def deal_rolled_damage(
    game: Game, characters: list[CharacterState], damage: DiceAmount, damage_type: str
) -> Process[dict[str, int]]:
    """Deal damage given in dice to several characters, rolled separately for each (DICE-02)."""
    dealt: dict[str, int] = {}
    for character in characters:
        dice = tuple(sides for count, sides in damage.dice for _ in range(count))
        bonus = damage.bonus.evaluate(game.variables(character.location))
        dealt[character.name] = DicePool(dice, bonus).roll(game.rng).total
        yield from deal_damage(game, character, dealt[character.name], damage_type)
    return dealt
