"""The rulebook's examples of play, told as tests on real tables with fixed dice (DESIGN.md 8).

- Closing the Sacristy (page 15).
- Encountering the villain Karsos (page 16): a temporary closing, the villain defeated, its location closed
  and the villain escaping into the open locations with a blessing from the box.
- Whole turns in the manner of the Example of Play (pages 26-27).
"""

from __future__ import annotations

import pytest

from pacg.engine.closing import attempt_to_close
from pacg.engine.encounter import encounter
from pacg.engine.turn import take_turn
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, ZoneKind, box
from table import Table, card, kind_of


@pytest.mark.rule("CLOSE-02")
@pytest.mark.rule("CLOSE-04")
@pytest.mark.rule("TURN-07")
def test_imrijka_closes_the_sacristy_with_good_omen_and_draws_her_buried_javelin() -> None:
    """Page 15: Divine 7 on 1d8+1, plus Good Omen's 1 + the adventure deck number (1); she rolls a 6 for 9."""
    table = Table(adventure_deck_number=1)
    table.location("Sacristy")
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension", "Good Omen"],
                              buried=["Javelin"])
    table.dice(6, 1)  # the check, then Good Omen's check to recharge (failed)
    met = table.run(
        attempt_to_close(table.game, imrijka, table.game.locations["Sacristy"]),
        "Close Sacristy: succeed at a Divine 7", "Discard Good Omen", "Divine",
    )
    assert met
    assert table.game.locations["Sacristy"].closed
    assert table.decisions[-1].kind != "card", "the only buried card is drawn without asking"
    assert table.cards(imrijka, ZoneKind.HAND) == ["Javelin", "Blessing of Ascension"]
    assert table.cards(imrijka, ZoneKind.BURIED) == []
    assert "Imrijka succeeded at Divine 1d8+3 against 7: rolled 9" in table.game.log


@pytest.mark.rule("CLOSE-02")
def test_the_closing_option_is_chosen_before_rolling_and_a_cost_can_close_instead() -> None:
    table = Table()
    table.location("Sacristy")
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension"])
    table.run(attempt_to_close(table.game, imrijka, table.game.locations["Sacristy"]), "Close Sacristy: discard")
    closing = table.decisions[0]
    assert [option.label for option in closing.options] == [
        "Don't try to close Sacristy",
        "Close Sacristy: discard a card with the Divine trait",
        "Close Sacristy: succeed at a Divine 7 check",
    ]
    assert table.cards(imrijka, ZoneKind.DISCARD) == ["Blessing of Ascension"]
    assert table.game.locations["Sacristy"].closed


def karsos_table() -> Table:
    """Page 16: Balazar at the Laboratory, Enora at the Manor House; the Cemetery and Torture Chamber open."""
    table = Table()
    table.location("Manor House", ["Karsos", "Dire Rat"])
    table.location("Laboratory", ["Skeleton"])
    table.location("Cemetery", ["Zombie"])
    table.location("Torture Chamber", [])
    table.blessings(*["Blessing of Ascension"] * 4)
    table.character("Balazar", at="Laboratory", hand=["Blessing of Ascension"])
    table.character("Enora", at="Manor House", hand=["Lightning Touch"])
    return table


@pytest.mark.rule("VIL-01")
@pytest.mark.rule("VIL-02")
@pytest.mark.rule("VIL-03")
@pytest.mark.rule("VIL-04")
@pytest.mark.rule("SET-03")
def test_karsos_is_defeated_and_escapes_with_a_blessing_from_the_box_but_not_into_the_laboratory() -> None:
    table = karsos_table()
    game = table.game
    balazar, enora = game.characters
    blessings_in_box = len(game.zones.cards(box("blessing")))
    # Balazar: Intelligence 1d8 plus a blessing's d8 (5 + 5 = 10 against 7); Enora: Lightning Touch, d12+1 and
    # 2d4 (11 + 1 + 2 + 2 = 16 against Combat 14); then the Lightning Touch's check to recharge (Arcane 6).
    table.dice(5, 5, 11, 2, 2, 8)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    outcome = table.run(
        encounter(game, enora, karsos),
        "Temporarily close Laboratory", "Intelligence", "Discard Blessing of Ascension",
        "Discard Lightning Touch: Arcane", "No",
    )
    assert outcome == "defeated"
    assert game.locations["Manor House"].closed, "defeating the villain closes its location (VIL-03)"
    assert table.deck("Manor House") == []
    assert not game.locations["Laboratory"].closed, "a temporary closing lasts for the encounter only"
    assert table.deck("Laboratory") == ["Skeleton"], "the villain can't escape into a temporarily closed location"
    escaped = [c for name in ("Cemetery", "Torture Chamber") for c in game.zones.cards(game.locations[name].deck)]
    assert sorted(c.name for c in escaped if c.type != "blessing") == ["Karsos", "Zombie"]
    assert sum(c.type == "blessing" for c in escaped) == 1
    assert len(table.deck("Torture Chamber")) == 1
    assert len(game.zones.cards(box("blessing"))) == blessings_in_box - 1, "(open - 1) blessings from the box"
    assert table.cards(balazar, ZoneKind.DISCARD) == ["Blessing of Ascension"]
    assert table.cards(enora, ZoneKind.DECK) == ["Lightning Touch"], "recharged after its check (KEEP-04)"
    assert game.temporarily_closed == set()


@pytest.mark.rule("VIL-04")
@pytest.mark.rule("SUM-04")
def test_an_undefeated_karsos_builds_the_maze_moves_you_there_and_escapes_into_it_too() -> None:
    """Enora fails against Karsos: she summons and builds the Maze (5 cards) and moves there; the Maze is then one
    of 5 open locations, so Karsos escapes with 4 blessings from the blessings deck, 1 into each."""
    table = karsos_table()
    game = table.game
    enora = game.characters[1]
    table.dice(1, 1, 1)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    outcome = table.run(encounter(game, enora, karsos), "Don't try", "Discard Lightning Touch: Arcane", "No")
    assert outcome == "undefeated"
    assert enora.location == "Maze" and "Enora summons and builds Maze" in game.log
    assert game.zones.cards(BLESSINGS_DECK) == [], "5 open locations: the villain and 4 blessings from the deck"
    names = ("Manor House", "Laboratory", "Cemetery", "Torture Chamber", "Maze")
    decks = [table.deck(name) for name in names]
    assert sum(name == "Karsos" for deck in decks for name in deck) == 1
    assert [len(deck) for deck in decks] == [2, 2, 2, 1, 5 + 1]



@pytest.mark.rule("VIL-05")
@pytest.mark.rule("END-01")
def test_the_villain_defeated_with_nowhere_to_escape_wins_and_an_undefeated_one_short_of_blessings_loses() -> None:
    from pacg.engine.state import ScenarioOver

    table = karsos_table()
    game = table.game
    for name in ("Laboratory", "Cemetery", "Torture Chamber"):
        game.locations[name].closed = True
    enora = game.characters[1]
    table.dice(11, 2, 2, 1)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    with pytest.raises(ScenarioOver) as won:
        table.run(encounter(game, enora, karsos), "Discard Lightning Touch: Arcane", "No")
    assert won.value.result == "won"

    table = karsos_table()
    game = table.game
    enora = game.characters[1]
    for blessing in list(game.zones.cards(BLESSINGS_DECK))[1:]:
        game.zones.move(blessing, BLESSINGS_DISCARD)
    table.dice(1, 1, 1)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    with pytest.raises(ScenarioOver) as lost:
        table.run(encounter(game, enora, karsos), "Don't try", "Discard Lightning Touch: Arcane", "No")
    assert lost.value.result == "lost", "an escape that needs blessings from an empty deck loses"


def imrijka_turn_table() -> Table:
    """Imrijka's turn of the Example of Play (pages 26-27), at the Watchtower with Balazar."""
    table = Table()
    table.location("Watchtower", ["Caravan Guard", "Worm Demon", "Zombie"])
    table.blessings("Blessing of Pulura", "Blessing of Ascension", "Blessing of Ascension")
    table.character(
        "Imrijka", at="Watchtower",
        hand=["Blessing of Ascension", "Blessing of Ascension", "Hide Armor", "Hand Crossbow", "Sacred Weapon",
              "Longsword"],
        deck=["Mace", "Cure", "Codex", "Frog", "Javelin", "Heavy Pick"],
    )
    table.character("Balazar", at="Watchtower", hand=["Padded Armor"])
    return table


@pytest.mark.rule("TURN-01")
@pytest.mark.rule("TURN-02")
@pytest.mark.rule("TURN-04")
@pytest.mark.rule("TURN-06")
@pytest.mark.rule("ENC-07")
@pytest.mark.rule("DMG-02")
@pytest.mark.rule("RESET-01")
def test_imrijkas_turn_acquires_an_ally_by_burying_armor_then_loses_to_a_worm_demon() -> None:
    table = imrijka_turn_table()
    game = table.game
    imrijka, balazar = game.characters
    # The Worm Demon: Hand Crossbow for Ranged 1d10+1 and 1d6, her power's 1d4: she rolls 2 + 2 + 2 + 1 = 7.
    table.dice(2, 2, 2)
    table.run(
        take_turn(game, imrijka),
        "Give Blessing of Ascension to Balazar", "Explore Watchtower", "Bury Hide Armor",
        "Discard Blessing of Ascension: explore", "Reveal Hand Crossbow: Ranged",
        "Use Imrijka's power, recharge Sacred Weapon",
    )
    assert [c.name for c in game.zones.cards(BLESSINGS_DISCARD)] == ["Blessing of Pulura"]
    assert len(game.zones.cards(BLESSINGS_DECK)) == 2
    assert table.cards(balazar, ZoneKind.HAND) == ["Blessing of Ascension", "Padded Armor"]
    assert table.cards(imrijka, ZoneKind.BURIED) == ["Caravan Guard", "Hide Armor"], "the Worm Demon buries the ally"
    assert sorted(table.cards(imrijka, ZoneKind.DISCARD)) == ["Blessing of Ascension", "Hand Crossbow", "Longsword"]
    assert "Worm Demon" in table.deck("Watchtower"), "an undefeated bane is shuffled back"
    assert table.cards(imrijka, ZoneKind.HAND) == ["Javelin", "Frog", "Codex", "Cure", "Mace"], "drawn up to 5"
    assert table.cards(imrijka, ZoneKind.DECK) == ["Heavy Pick", "Sacred Weapon"], "recharged to the bottom"
    assert "Imrijka failed at Ranged 1d10+1d6+1d4+1 against 10: rolled 7" in game.log
    assert "Imrijka is dealt 3 Combat damage" in game.log


@pytest.mark.rule("TURN-05")
@pytest.mark.rule("ENC-01")
def test_defeating_a_monster_gives_imrijka_one_extra_exploration_to_use_at_once() -> None:
    table = imrijka_turn_table()
    game = table.game
    imrijka = game.characters[0]
    table.dice(9, 3, 3, 5)  # 9 + 3 + 3 + 1 = 16 defeats the Worm Demon; her d6 shows 5: explore again
    table.run(
        take_turn(game, imrijka),
        "Explore Watchtower", "Let Caravan Guard go",
        "Discard Blessing of Ascension: explore", "Reveal Hand Crossbow: Ranged",
        "Use Imrijka's power, recharge Sacred Weapon", "Forfeit",
        "End exploring", "Done discarding",
    )
    assert "Worm Demon" not in table.deck("Watchtower"), "a defeated bane is banished"
    assert "Imrijka rolls 5 on a d6" in game.log
    forfeit = next(d for d in table.decisions if kind_of(d) == "explore again")
    assert [o.label for o in forfeit.options] == ["Explore again", "Forfeit the extra exploration"]
    assert table.deck("Watchtower") == ["Zombie"], "the forfeited exploration is gone"


@pytest.mark.rule("CLOSE-01")
@pytest.mark.rule("SUM-02")
@pytest.mark.rule("SUM-03")
def test_defeating_a_henchman_gives_the_chance_to_close_by_summoning_and_acquiring_a_weapon() -> None:
    """Alain's Giant Bat in the Example of Play, at the Armory: the closing summons a random weapon (with this
    seed, one that Strength 6 acquires)."""
    table = Table(seed=4)
    table.location("Armory", ["Cultist of Baphomet", "Mace"])
    table.blessings("Blessing of Ascension")
    seelah = table.character("Seelah", at="Armory", hand=["Longsword"], deck=["Cure"])
    table.dice(8, 8, 6)  # Longsword: Melee 1d8+3 and 1d8 against 10; then the summoned weapon's check
    table.pick("Heavy Pick")
    cultist = table.game.zones.cards(table.game.locations["Armory"].deck)[0]
    weapons_in_box = len(table.game.zones.cards(box("weapon")))
    table.run(encounter(table.game, seelah, cultist), "Reveal Longsword", "Close Armory", "Attempt to acquire",
              "Strength")
    armory = table.game.locations["Armory"]
    assert armory.closed and table.deck("Armory") == [], "closing banishes the deck (CLOSE-04)"
    assert len(table.game.zones.cards(box("weapon"))) == weapons_in_box + 1, "the summoned one went back; Mace banished"


SOPHRAN = card("""
name: Sophran
type: villain
set: B
provenance: standin
notes: A second villain for the tests of a location deck holding two.
check_to_defeat: Combat 30
""")


@pytest.mark.rule("VIL-03")
@pytest.mark.rule("VIL-04")
@pytest.mark.parametrize("elsewhere", [True, False])
def test_a_villain_defeated_beside_another_villain_escapes_elsewhere_or_is_banished(elsewhere: bool) -> None:
    """Karsos is defeated at the Manor House, where the villain Sophran remains: the rest of the deck is
    banished, the location stays open, and Karsos escapes into the other open locations, not back into the
    Manor House; with no other open location, Karsos is banished and the scenario goes on."""
    table = Table(extra_cards=[SOPHRAN])
    game = table.game
    table.location("Manor House", ["Karsos", "Sophran", "Dire Rat"])
    table.location("Laboratory", ["Skeleton"])
    table.location("Armory", ["Mace"])
    for name in ([] if elsewhere else ["Laboratory", "Armory"]):
        game.locations[name].closed = True
    enora = table.character("Enora", at="Manor House", hand=["Lightning Touch"])
    table.dice(11, 2, 2, 1)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    outcome = table.run(encounter(game, enora, karsos), "Discard Lightning Touch: Arcane", "No")
    assert outcome == "defeated"
    assert not game.locations["Manor House"].closed
    assert table.deck("Manor House") == ["Sophran"]
    escaped = [c for name in ("Laboratory", "Armory") for c in game.zones.cards(game.locations[name].deck)]
    if elsewhere:
        assert sorted(c.name for c in escaped if c.type != "blessing") == ["Karsos", "Mace", "Skeleton"]
        assert sum(c.type == "blessing" for c in escaped) == 1, "2 open locations: Karsos and 1 blessing"
    else:
        assert game.zones.where(karsos) == box("villain"), "nowhere else to escape: banished"
        assert [c.name for c in escaped] == ["Skeleton", "Mace"]


GATEHOUSE = card("""
name: Gatehouse
type: location
set: B
provenance: standin
notes: A test location whose weapons are taken before closing, and whose closing draws from the buried cards.
deck: {weapon: 1, monster: 1}
when_closing:
- check: Wisdom 6
when_permanently_closed:
- when: before closing
  optional: false
  effects:
  - move_cards: hand
    source: location deck
    cards: {types: [weapon]}
- when: closing
  optional: false
  effects:
  - move_cards: hand
    source: location deck
    cards: {types: [monster]}
""")


@pytest.mark.rule("CLOSE-04")
def test_before_closing_comes_before_the_deck_is_banished_and_on_closing_after() -> None:
    """"First, apply any effects that say 'before closing.' Then banish all of the cards from the location
    deck; it is now closed. Finally, apply any effects that say 'on closing'": the Gatehouse's weapon is
    taken before its deck is banished; on closing, no monster is left to take."""
    table = Table(extra_cards=[GATEHOUSE])
    table.location("Gatehouse", ["Mace", "Dire Rat"])
    kyra = table.character("Kyra", at="Gatehouse")
    table.dice(6)
    assert table.run(attempt_to_close(table.game, kyra, table.game.locations["Gatehouse"]), "Close Gatehouse")
    assert table.cards(kyra, ZoneKind.HAND) == ["Mace"]
    assert table.game.locations["Gatehouse"].closed and table.deck("Gatehouse") == []


@pytest.mark.rule("VIL-01")
def test_characters_attempt_to_temporarily_close_their_locations_in_the_order_they_wish() -> None:
    """Balazar at the Laboratory and Kyra at the Cemetery may each try to temporarily close their location as
    Enora encounters Karsos: Enora has Kyra try first."""
    table = karsos_table()
    game = table.game
    kyra = table.character("Kyra", at="Cemetery")
    table.dice(6, 1, 1, 1, 1)
    karsos = game.zones.cards(game.locations["Manor House"].deck)[0]
    table.run(encounter(game, game.characters[1], karsos), "Kyra", "Temporarily close Cemetery: succeed", "Divine",
              "Don't try", "Discard Lightning Touch: Arcane", "No")
    order = next(d for d in table.decisions if kind_of(d) == "order")
    assert (order.player, [o.label for o in order.options]) == ("Enora", ["Balazar", "Kyra"])
    closings = [d.player for d in table.decisions if kind_of(d) == "close"]
    assert closings == [kyra.name, "Balazar"]
    assert "Cemetery is temporarily closed" in game.log
