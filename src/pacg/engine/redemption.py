"""Redeeming cards (rulebook pages 17 and 23, "Redeeming Cards" and "Support Cards").

The redemption card lists every weapon, item and armor of the game that has the Corrupted trait. A card that
allows a character to redeem one of them checks it off on the redemption card, and for the rest of the
Adventure Path that boon no longer has the Corrupted trait (RED-01). The boons checked off are the game's
`redeemed` set: a game of a later scenario of the path starts with them (`setup.new_game`), and its outcome says
which are checked off by its end. Every power that asks for a trait sees a redeemed boon without its Corrupted
trait (`GameState.ignored`, `playing.fits`).
"""

from __future__ import annotations

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Redemption
from pacg.cards.vocabulary import CardType
from pacg.engine.state import CharacterState, GameState
from pacg.engine.zones import PhysicalCard, ZoneKind

# The places of a character's a power may redeem a card from.
_PLACES = {"hand": ZoneKind.HAND, "discard pile": ZoneKind.DISCARD, "deck": ZoneKind.DECK,
           "buried": ZoneKind.BURIED}


def redeemable(library: CardLibrary) -> frozenset[str]:
    """The boons the redemption card lists (RED-01)."""
    return frozenset(name for card in library.of_type(CardType.REDEMPTION) if isinstance(card, Redemption)
                     for name in card.redeemable)


def redeemable_cards(game: GameState, player: CharacterState, where: str, card: PhysicalCard | None
                     ) -> list[PhysicalCard]:
    """The boons a power could redeem, one of each name: `card` (this card, or the card encountered) or the
    player's cards in a place, that the redemption card lists and that aren't checked off yet."""
    cards = ([card] if card is not None else []) if where not in _PLACES else game.zones.cards(
        player.zone(_PLACES[where]))
    listed = redeemable(game.library)
    first_of_each: dict[str, PhysicalCard] = {}
    for candidate in cards:
        if candidate.name in listed and candidate.name not in game.redeemed:
            first_of_each.setdefault(candidate.name, candidate)
    return list(first_of_each.values())


def redeem(game: GameState, card: PhysicalCard) -> None:
    """Check a boon off on the redemption card: every copy of it loses the Corrupted trait (RED-01)."""
    game.redeemed.add(card.name)
    game.note(f"{card.name} is redeemed: it no longer has the Corrupted trait")
