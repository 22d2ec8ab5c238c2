"""Taking damage and dying (rulebook pages 13-14).

When you are dealt damage, you and the others may play cards that reduce damage of that type or of all types,
each player one card of each type (DMG-01, ARMOR-01). Then you choose that many cards from your hand and
discard them; with too few cards, you discard your hand and ignore the rest (DMG-02). Damage rolled for
several characters is rolled separately for each (DICE-02; the `deal_damage` effect, `effects.damage`). Having
to remove cards from your deck that aren't there kills you (DEATH-01); when every character is dead, the
scenario is lost (DEATH-02).
"""

from __future__ import annotations

from collections.abc import Sequence

from pacg.cards.powers import Timing
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import seams
from pacg.engine.playing import Play, Step, standing_powers
from pacg.engine.state import CharacterState, GameState, ScenarioOver, TurnEnded
from pacg.engine.window import apply_mandatory, play_window
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind


@seams.fills
def take_damage(
    game: GameState, character: CharacterState, amount: int, damage_type: str,
    against: PhysicalCard | None = None, played_on_check: Sequence[Play] = (), reducible: bool = True,
    buried: bool = False, during: Timing | None = None,
) -> Process[None]:
    """Be dealt damage: first the players may reduce it (DMG-01), then discard for what is left (DMG-02).
    Damage from a failed check is dealt by the card checked against, and is part of that check: "if you
    previously played a spell to affect the check, you may not play a spell to reduce damage" (DMG-01,
    ENC-02); damage from any other source has a limit of its own. `during` is the step of an encounter the
    damage is dealt in ("damage dealt before you act")."""
    if not character.alive or amount <= 0:
        return
    step = Step(game=game, checker=character, timing=Timing.DAMAGE, damage=amount, damage_type=damage_type,
                against=against, played_on_check=tuple(played_on_check), reducible=reducible, during=during)
    game.note(f"{character.name} is dealt {amount} {damage_type} damage")
    yield from apply_mandatory(step, list(standing_powers(step)))
    if step.reducible:  # "may not be reduced": no card or power reduces it (GOLD-03)
        yield from play_window(step)
    if step.damage < amount:
        game.note(f"The damage to {character.name} is reduced to {step.damage}")
    if step.damage_type != damage_type:
        game.note(f"The damage to {character.name} becomes {step.damage_type} damage")
    yield from deal_damage(game, character, step.damage, step.damage_type, buried)


def deal_damage(
    game: GameState, character: CharacterState, amount: int, damage_type: str, buried: bool = False
) -> Process[None]:
    """Discard `amount` cards of the character's choice from hand, or the whole hand if it is smaller (bury
    them instead, where the damage's card says so)."""
    hand = game.zones.cards(character.hand)
    discard = character.buried if buried else character.discard_pile
    verb = "Bury" if buried else "Discard"
    if amount <= 0:
        return
    if amount >= len(hand):
        for card in list(hand):
            game.zones.move(card, discard)
        return
    for remaining in range(amount, 0, -1):
        options = tuple(Option(f"{verb} {card.name}", card, key=verb.lower()) for card in hand)
        index = yield Decision(
            character.name,
            DecisionKind.DAMAGE_DISCARD,
            f"{character.name}: {verb.lower()} a card for {damage_type} damage ({remaining} to go)",
            options,
            help="Damage: each point makes you discard a card of your choice from your hand.",
        )
        game.zones.move(options[index].value, discard)


def remove_from_deck(game: GameState, character: CharacterState, count: int, to: Zone) -> None:
    """Move cards from the top of a character's deck (drawing, burying the top card ...); having to remove
    more than the deck holds kills the character (DEATH-01)."""
    if deck_holds(game, character, count, _REMOVING.get(to.kind, "remove")):
        for card in game.zones.cards(character.deck)[:count]:
            game.zones.move(card, to)


_REMOVING = {ZoneKind.HAND: "draw", ZoneKind.DISCARD: "discard", ZoneKind.BURIED: "bury"}  # to where: the verb


def deck_holds(game: GameState, character: CharacterState, count: int, removing: str = "remove") -> bool:
    """Whether the character's deck holds the cards they are required to remove from it (to draw, to discard
    ...): "if, for any reason, you are ever required to remove 1 or more cards from your deck and you don't have
    enough cards, your character dies" (DEATH-01)."""
    held = len(game.zones.cards(character.deck))
    if count <= held:
        return True
    cards = "a card" if count == 1 else f"{count} cards"
    die(game, character, f"having to {removing} {cards} from " + (f"a deck of {held}" if held else "an empty deck"))
    return False


_BURIED_ON_DEATH = (ZoneKind.DECK, ZoneKind.HAND, ZoneKind.DISCARD, ZoneKind.DISPLAYED)  # (DEATH-01)


def die(game: GameState, character: CharacterState, why: str) -> None:
    """Bury deck, hand and discard pile; no more turns or plays this scenario (DEATH-01); the log says `why`
    ("having to draw a card from an empty deck"). When every character is dead the scenario is lost (DEATH-02);
    a death on your own turn ends it."""
    buried = character.buried
    for kind in _BURIED_ON_DEATH:
        for card in list(game.zones.cards(character.zone(kind))):
            game.zones.move(card, buried)
    character.alive = False
    game.note(f"{character.name} dies: {why} (DEATH-01)")
    if not any(c.alive for c in game.characters):
        raise ScenarioOver("lost", "every character is dead")
    if game.turn is not None and game.turn.character is character:
        raise TurnEnded(f"{character.name} died")
