"""The base-set characters Imrijka, Kyra and Seelah: each power of their character cards, of both roles and of
their power feat boxes shown working on a real table (DESIGN.md 8, CHAR-01, ROLE-01, FEAT-02), in the style of
test_base_characters.py: a paragraph the card and its roles share is parametrized over where it is written, and
over the boxes that make the same play bigger."""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import TurnState
from pacg.engine.turn import explore, explore_step
from pacg.engine.window import play_window
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, ZoneKind
from table import Table, feats, glaring_fiend, shuffled

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of





# --- Imrijka ----------------------------------------------------------------------------------------------------

IMRIJKA_ROLES = [None, "Wandering Judge", "Cold Iron Warden"]


@pytest.mark.rule("DICE-03")
@pytest.mark.parametrize("role", ["Wandering Judge", "Cold Iron Warden"])
def test_imrijkas_roles_perception_box_gives_her_perception_from_her_wisdom(role: str) -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", feats=feats(role, 0, "Perception"))
    table.dice(5)
    table.run(attempt_checks(table.game, imrijka, "Perception 30", Purpose.OTHER), "Perception")
    assert table.logged("failed at Perception 1d8+2 against 30: rolled 7")


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "box", "action"), [(role, box, action) for role in IMRIJKA_ROLES
                                                     for box, action in ((None, "recharge"), ("reveal", "reveal"))])
def test_imrijka_recharges_or_with_the_box_reveals_a_divine_card_to_add_1d4_and_divine_and_magic_against_a_monster(
        role: str | None, box: str | None, action: str) -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", hand=["Detect Demon"], feats=feats(role, 1, box))
    table.dice(6, 3)
    result = table.check(imrijka, "Dire Rat", "Strength", f"Use Imrijka's power, {action} Detect Demon")
    assert result.success and result.total == 6 + 3 and {"Divine", "Magic"} <= set(result.traits)
    pile = ZoneKind.HAND if action == "reveal" else ZoneKind.DECK
    assert table.cards(imrijka, pile) == ["Detect Demon"]


@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize(("role", "index", "box", "face"),
                         [(None, 2, None, 4), (None, 2, "3", 3), ("Wandering Judge", 2, None, 4),
                          ("Wandering Judge", 2, "3", 3), ("Cold Iron Warden", 3, None, 4),
                          ("Cold Iron Warden", 3, "3", 3)])
def test_imrijka_rolls_a_d6_after_defeating_a_monster_on_her_turn_to_explore_again(
        role: str | None, index: int, box: str | None, face: int) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    imrijka = table.character("Imrijka", at="Armory", feats=feats(role, index, box))
    table.game.turn = TurnState(imrijka)
    table.dice(10, face)
    outcome = table.run(encounter(table.game, imrijka, table.top("Armory")), "Strength")
    assert outcome == "defeated" and table.game.turn.extra_exploration


@pytest.mark.rule("TURN-05")
@pytest.mark.parametrize(("role", "acquired"), [("Wandering Judge", True), (None, False)])
def test_wandering_judge_adds_1d4_to_her_checks_during_the_exploration_her_roll_gives_her(
        role: str | None, acquired: bool) -> None:
    """She defeats the Dire Rat and rolls a 4: in the exploration that gives her, her Knowledge 1d8+2 on the Codex
    (8) adds the role's 1d4 (4 + 2 + 2); on the character card alone, 4 + 2 fails. Nothing lasts after it."""
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat", "Codex"])
    imrijka = table.character("Imrijka", at="Armory", feats=feats(role))
    table.game.turn = TurnState(imrijka)
    table.dice(10, 4, *((4, 2) if role else (4,)))
    table.run(explore(table.game, imrijka), "Strength", "Explore again", "Attempt to acquire", "Knowledge")
    assert (table.cards(imrijka, ZoneKind.HAND) == ["Codex"]) == acquired
    assert table.game.lasting == []


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "bonus"), [(("help",), 0), (("help", "+1"), 1), (("help", "+2"), 2)])
def test_wandering_judge_recharges_a_divine_card_to_add_1d4_to_another_characters_combat_check(
        box: tuple[str, ...], bonus: int) -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Laboratory", hand=["Detect Demon"],
                              feats=feats("Wandering Judge", 3, box))
    kyra = table.character("Kyra", at="Armory")
    table.dice(2, 3)
    result = table.check(kyra, "Dire Rat", "Strength", "Use Imrijka's power, recharge Detect Demon")
    assert result.total == 2 + 3 + bonus and table.cards(imrijka, ZoneKind.DECK) == ["Detect Demon"]


@pytest.mark.rule("KEEP-01")
def test_wandering_judge_doesnt_help_a_combat_check_at_her_own_location() -> None:
    table = Table(strict=True)
    imrijka = table.character("Imrijka", at="Armory", hand=["Detect Demon"], feats=feats("Wandering Judge", 3, "help"))
    kyra = table.character("Kyra", at="Armory")
    table.dice(2)
    result = table.check(kyra, "Dire Rat", "Strength")
    assert result.total == 2 and not table.offered("Use Imrijka's power")
    assert table.cards(imrijka, ZoneKind.HAND) == ["Detect Demon"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("top", "shuffled", "checker"), [("Blessing of Iomedae", True, "Imrijka"),
                                                          ("Blessing of Iomedae", True, "Seelah"),
                                                          ("Blessing of Torag", False, "Imrijka"),
                                                          ("Blessing of Ascension", False, "Imrijka")])
def test_wandering_judge_shuffles_the_top_of_the_blessings_discard_back_after_playing_a_blessing_of_its_name(
        top: str, shuffled: bool, checker: str) -> None:
    """She plays Blessing of Iomedae (not Basic) on her check or on Seelah's: with a Blessing of Iomedae on top of
    the blessings discard pile, she may shuffle that card into the blessings deck; another blessing on top stays
    there. Played as a Basic Blessing of Ascension on an Ascension on top, the power isn't offered (FAQ:
    "non-Basic")."""
    table = Table(strict=True)
    table.blessings(*FILLER * 2)
    table.game.zones.move(table.card(top), BLESSINGS_DISCARD)
    played = "Blessing of Ascension" if top == "Blessing of Ascension" else "Blessing of Iomedae"
    imrijka = table.character("Imrijka", at="Armory", hand=[played],
                              feats=feats("Wandering Judge", 4, "blessings discard"))
    seelah = table.character("Seelah", at="Armory")
    table.dice(6, 6)
    # its own power would recharge it; then Imrijka's is offered
    answers = ["Discard Blessing of Iomedae", "Use Imrijka's power: shuffle"] if shuffled else []
    table.check(imrijka if checker == "Imrijka" else seelah, "Dire Rat", "Strength", f"Discard {played}", *answers)
    assert table.offered("Use Imrijka's power: shuffle") == shuffled
    assert [card.name for card in table.game.zones.cards(BLESSINGS_DISCARD)] == ([] if shuffled else [top])
    assert sorted(card.name for card in table.game.zones.cards(BLESSINGS_DECK)) == sorted(
        [*FILLER * 2, *([top] if shuffled else [])])


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("boon", ["Recruit", "Blessing of Ascension"])
def test_wandering_judge_adds_2_to_her_checks_to_acquire_allies_and_blessings(boon: str) -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", feats=feats("Wandering Judge", 5, "+2"))
    table.dice(1)
    result = table.check(imrijka, boon, "Charisma")
    assert result.total == 1 + 2


@pytest.mark.rule("ROLE-01")
def test_cold_iron_warden_adds_1d8_more_against_a_cultist_monster() -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", hand=["Detect Demon"],
                              feats=feats("Cold Iron Warden", 2, "Cultist"))
    table.dice(2, 5, 3)  # Strength's d10, then the power's 1d8+1d4
    result = table.check(imrijka, "Blackfire Adept", "Strength",
                         "Use Imrijka's power, recharge Detect Demon: add 1d8+1d4")
    assert result.total == 2 + 5 + 3 and {"Divine", "Magic"} <= set(result.traits)


@pytest.mark.rule("EXAM-01")
@pytest.mark.rule("ENC-07")
@pytest.mark.parametrize(("answer", "deck"), [("Mace", ["Helm", "Mace"]), ("Leave", ["Mace", "Helm"])])
def test_cold_iron_warden_examines_the_top_of_her_location_deck_after_a_defeat_and_may_bottom_a_boon(
        answer: str, deck: list[str]) -> None:
    """The defeated Dire Rat, explored from the top of the deck, is no longer in it as the encounter resolves
    (ENC-07: it is banished): she examines the card under it."""
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat", "Mace", "Helm"])
    imrijka = table.character("Imrijka", at="Armory", feats=feats("Cold Iron Warden", 4, "examine"))
    table.dice(10)
    outcome = table.run(encounter(table.game, imrijka, table.top("Armory")), "Strength", "Use Imrijka's power",
                        answer)
    assert outcome == "defeated" and table.deck("Armory") == deck
    assert table.logged("examines the top of Armory's location deck: Mace")


@pytest.mark.rule("CHK-05")
def test_cold_iron_warden_uses_her_strength_for_diplomacy() -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", feats=feats("Cold Iron Warden", 5, "Diplomacy"))
    table.dice(6)
    table.run(attempt_checks(table.game, imrijka, "Diplomacy 30", Purpose.OTHER), "Use Imrijka's power")
    assert table.logged("failed at Strength 1d10 against 30: rolled 6")


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("box", "answer"), [(("recharge",), "Recharge"), (("recharge", "top"), "Put on top")])
def test_cold_iron_warden_recharges_a_basic_blessing_played_on_a_check_to_defeat_or_puts_it_on_top(
        box: tuple[str, ...], answer: str) -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Armory", hand=["Blessing of Ascension"], deck=["Mace"],
                              feats=feats("Cold Iron Warden", 6, box))
    table.dice(6, 5)
    result = table.check(imrijka, "Dire Rat", "Strength", "Discard Blessing of Ascension", answer)
    assert result.success and table.cards(imrijka, ZoneKind.DISCARD) == []
    expected = ["Mace", "Blessing of Ascension"] if answer == "Recharge" else ["Blessing of Ascension", "Mace"]
    assert table.cards(imrijka, ZoneKind.DECK) == expected


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("box", [("evade",), ("evade", "bottom")])
def test_cold_iron_warden_evades_a_barrier_and_with_the_box_puts_it_at_the_bottom(box: tuple[str, ...]) -> None:
    """Evaded, the barrier is shuffled back in; with the bottom box it goes to the bottom, whatever the seed."""

    def deck(seed: int) -> list[str]:
        table = Table(seed=seed)
        table.location("Armory", ["Spiked Pit Trap", "Mace", "Helm", "Sickle"])
        imrijka = table.character("Imrijka", at="Armory", feats=feats("Cold Iron Warden", 7, box))
        assert table.run(encounter(table.game, imrijka, table.top("Armory")), "Use Imrijka's power") == "evaded"
        return table.deck("Armory")

    if "bottom" in box:
        assert all(deck(seed)[-1] == "Spiked Pit Trap" for seed in range(8))
    else:
        assert shuffled(deck)


# --- Kyra -------------------------------------------------------------------------------------------------------

KYRA_DIVINE = [(None, None, "Cure", 1), (None, "blessing", "Blessing of Ascension", 1),
               ("Dawnflower's Flare", None, "Cure", 1), ("Dawnflower's Flare", "blessing", "Blessing of Ascension", 1),
               ("Dawnflower's Flare", "2d8", "Blessing of Ascension", 2),
               ("Dawnflower's Flare", "Fire", "Blessing of Ascension", 3), ("Everlight's Grace", None, "Cure", 1),
               ("Everlight's Grace", "blessing", "Blessing of Ascension", 1)]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "box", "cost", "d8s"), KYRA_DIVINE)
def test_kyra_recharges_a_spell_or_with_the_box_a_blessing_to_use_divine_and_1d8_against_an_undead_then_shuffles(
        role: str | None, box: str | None, cost: str, d8s: int) -> None:
    """Afterwards a local character (Kyra) shuffles a random card of her discard pile into her deck."""
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=[cost], discard=["Mace"], feats=feats(role, 0, box))
    table.dice(5, *[3] * d8s)
    result = table.check(kyra, "Zombie", f"Use Kyra's power, recharge {cost}")
    assert result.success and result.skill == "Divine" and result.total == 5 + 2 + 3 * d8s
    assert {"Attack", "Divine", "Magic"} <= set(result.traits)
    assert ("Fire" in result.traits) == (box == "Fire")
    assert table.cards(kyra, ZoneKind.DISCARD) == []
    assert sorted(table.cards(kyra, ZoneKind.DECK)) == sorted([cost, "Mace"])


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("choice", "faces", "total"), [("Add 1d8", (5, 3), 5 + 2 + 3),
                                                        ("Add 2d6", (5, 3, 3), 5 + 2 + 3 + 3)])
def test_everlights_grace_chooses_1d8_or_2d6_with_the_box(choice: str, faces: tuple[int, ...], total: int) -> None:
    table = Table(strict=True)
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], feats=feats("Everlight's Grace", 0, "2d6"))
    table.dice(*faces)
    result = table.check(kyra, "Zombie", "Use Kyra's power, recharge Cure", choice)
    assert result.skill == "Divine" and result.total == total and sorted(result.pool.dice) == sorted(
        [12, *([8] if choice == "Add 1d8" else [6, 6])])


@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("role", "box"), [(role, box) for role in (None, "Dawnflower's Flare", "Everlight's Grace")
                                           for box in (None, "your check")])
def test_kyra_plays_a_blessing_on_another_characters_or_with_the_box_her_own_check_to_defeat_then_shuffles(
        role: str | None, box: str | None) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"], discard=["Codex"],
                           feats=feats(role, 1, box))
    seelah = table.character("Seelah", at="Armory")
    checker = kyra if box else seelah
    table.dice(6, 6)
    table.run(attempt_checks(table.game, checker, "Combat 8", Purpose.DEFEAT, table.top("Armory")), "Strength",
              "Discard Blessing of Ascension", "Use Kyra's power", "Kyra")
    assert table.cards(kyra, ZoneKind.DECK) == ["Codex"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("kind", "healed"), [("Weapon", "Mace"), ("Item", "Codex")])
def test_everlights_grace_chooses_the_type_of_the_random_card_shuffled_back_with_the_box(
        kind: str, healed: str) -> None:
    """Kyra blesses Seelah's check to defeat: Seelah shuffles a random card of the type Kyra chooses from her
    discard pile (a Mace and a Codex) into her deck."""
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"],
                           feats=feats("Everlight's Grace", 1, ("your check", "type")))
    seelah = table.character("Seelah", at="Armory", discard=["Mace", "Codex"])
    table.dice(6, 6)
    table.run(attempt_checks(table.game, seelah, "Combat 8", Purpose.DEFEAT, table.top("Armory")), "Strength",
              "Discard Blessing of Ascension", "Use Kyra's power", "Seelah", kind)
    assert table.cards(seelah, ZoneKind.DECK) == [healed] and table.cards(kyra, ZoneKind.DECK) == []


@pytest.mark.rule("PLAY-10")
def test_dawnflowers_flare_recharges_blessings_played_on_her_checks_against_undead() -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"],
                           feats=feats("Dawnflower's Flare", 2, "recharge"))
    table.dice(6, 6)
    table.check(kyra, "Zombie", "Strength", "Discard Blessing of Ascension", "Recharge")
    assert table.cards(kyra, ZoneKind.DECK) == ["Blessing of Ascension"] and table.cards(kyra, ZoneKind.DISCARD) == []


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "bonus"), [(("Attack",), 0), (("Attack", "+2"), 2)])
def test_dawnflowers_flare_adds_1d4_to_her_checks_to_recharge_an_attack_card(
        box: tuple[str, ...], bonus: int) -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", feats=feats("Dawnflower's Flare", 3, box))
    table.dice(1, 3)
    [result] = table.run(attempt_checks(table.game, kyra, "Divine 30", Purpose.RECHARGE, table.card("Fireblade")))
    assert result.total == 1 + 2 + 3 + bonus


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "hand", "deck"), [((), [], ["Frog", "Mace", "Scale Mail"]),
                                                   (("Healing",), ["Scale Mail"], ["Frog", "Mace"]),
                                                   (("Healing", "ally"), ["Frog", "Scale Mail"], ["Mace"])])
def test_everlights_grace_sends_armors_and_with_the_box_allies_a_healing_boon_heals_to_the_hand(
        box: tuple[str, ...], hand: list[str], deck: list[str]) -> None:
    """Kyra reveals Cure (Healing) for Seelah, who shuffles 1d4+1 = 3 random cards from her discard pile (all
    three) into her deck; with the box, the Scale Mail (and with the next, the Frog) goes into her hand instead."""
    table = Table(strict=True)
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], feats=feats("Everlight's Grace", 2, box))
    seelah = table.character("Seelah", at="Armory", discard=["Scale Mail", "Mace", "Frog"])
    table.game.turn = TurnState(kyra)
    table.dice(2, 12)  # the 1d4, then her Divine check to recharge Cure
    step = Step(game=table.game, checker=kyra, timing=Timing.ANY_TIME)
    table.run(play_window(step, [kyra]), "Reveal Cure", "Divine", "Done")
    assert sorted(table.cards(seelah, ZoneKind.HAND)) == hand and sorted(table.cards(seelah, ZoneKind.DECK)) == deck


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("box", "wearer"), [(("armor",), "Kyra"), (("armor", "local"), "Kyra")])
def test_everlights_grace_discards_an_armor_instead_of_burying_it_and_with_the_box_so_do_local_characters(
        box: tuple[str, ...], wearer: str) -> None:
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=["Scale Mail"] if wearer == "Kyra" else [],
                           feats=feats("Everlight's Grace", 3, box))
    seelah = table.character("Seelah", at="Armory", hand=["Scale Mail"] if wearer == "Seelah" else [])
    victim = kyra if wearer == "Kyra" else seelah
    table.run(take_damage(table.game, victim, 3, "Fire"), "Bury Scale Mail", "Discard")
    assert table.cards(victim, ZoneKind.DISCARD) == ["Scale Mail"] and table.cards(victim, ZoneKind.BURIED) == []


# --- Seelah -----------------------------------------------------------------------------------------------------

GLARING_FIEND = glaring_fiend(wisdom=12)


@pytest.mark.rule("CHK-05")
@pytest.mark.parametrize(("role", "box", "bonus"), [("Inheritor's Blade", None, 0), ("Wardenstone Sentry", None, 0),
                                                    ("Wardenstone Sentry", "+2", 2), ("Wardenstone Sentry", "+4", 4)])
def test_seelah_uses_her_charisma_for_a_check_before_she_acts(role: str, box: str | None, bonus: int) -> None:
    table = Table(extra_cards=[GLARING_FIEND])
    table.location("Armory", ["Glaring Fiend"])
    seelah = table.character("Seelah", at="Armory", feats=feats(role, 0, box))
    table.dice(8, 1)
    table.run(encounter(table.game, seelah, table.top("Armory")), "Use Seelah's power", "Strength")
    assert table.logged(f"Seelah {'succeeded' if bonus >= 4 else 'failed'} at Charisma 1d10"
                         f"{f'+{bonus}' if bonus else ''} against 12: rolled {8 + bonus}")


SEELAH_HELP = [(None, None, 0), (None, "+1", 1), (None, "draw", 1), ("Inheritor's Blade", None, 0),
               ("Inheritor's Blade", "+1", 1), ("Inheritor's Blade", "draw", 1), ("Inheritor's Blade", "recharge", 1),
               ("Wardenstone Sentry", None, 0), ("Wardenstone Sentry", "+1", 1), ("Wardenstone Sentry", "+2", 2),
               ("Wardenstone Sentry", "+3", 3)]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "box", "bonus"), SEELAH_HELP)
def test_seelah_discards_the_top_card_of_her_deck_to_add_1d6_to_a_local_characters_check(
        role: str | None, box: str | None, bonus: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at="Armory", deck=["Mace"], feats=feats(role, 1, box))
    kyra = table.character("Kyra", at="Armory")
    table.dice(2, 3)
    [result] = table.run(attempt_checks(table.game, kyra, "Combat 30", Purpose.OTHER), "Strength",
                         "Use Seelah's power")
    assert result.total == 2 + 3 + bonus and table.cards(seelah, ZoneKind.DISCARD) == ["Mace"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize("answer", ["Draw", "No"])
@pytest.mark.parametrize("checker", ["Seelah", "Kyra"])
@pytest.mark.parametrize("role", [None, "Inheritor's Blade"])
def test_seelahs_draw_box_lets_the_character_whose_check_defeats_a_monster_draw_a_card(
        role: str | None, checker: str, answer: str) -> None:
    """"They may draw": the character whose check it was, Seelah's own or another local character's."""
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory", deck=["Mace", "Codex"], feats=feats(role, 1, "draw"))
    kyra = table.character("Kyra", at="Armory", deck=["Helm"])
    attempter = seelah if checker == "Seelah" else kyra
    table.dice(6, 6)
    table.run(attempt_checks(table.game, attempter, "Combat 8", Purpose.DEFEAT, table.top("Armory")), "Strength",
              "Use Seelah's power", answer)
    drawn = {"Seelah": ["Codex"], "Kyra": ["Helm"]}[checker] if answer == "Draw" else []
    assert table.cards(attempter, ZoneKind.HAND) == drawn and table.cards(seelah, ZoneKind.DISCARD) == ["Mace"]
    assert table.cards(seelah if checker == "Kyra" else kyra, ZoneKind.HAND) == []


@pytest.mark.rule("PLAY-10")
def test_inheritors_blades_recharge_box_recharges_a_sword_she_discards_from_the_top_of_her_deck() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Armory", deck=["Longsword", "Mace"],
                             feats=feats("Inheritor's Blade", 1, "recharge"))
    kyra = table.character("Kyra", at="Armory")
    table.dice(2, 3)
    table.run(attempt_checks(table.game, kyra, "Combat 30", Purpose.OTHER), "Strength", "Use Seelah's power",
              "Recharge")
    assert table.cards(seelah, ZoneKind.DECK) == ["Mace", "Longsword"] and table.cards(seelah, ZoneKind.DISCARD) == []


@pytest.mark.rule("KEEP-02")
@pytest.mark.parametrize("role", [None, "Inheritor's Blade", "Wardenstone Sentry"])
def test_seelah_buries_a_corrupted_boon_she_acquires(role: str | None) -> None:
    table = Table()
    table.location("Armory", ["Blessing of Abraxas"])
    seelah = table.character("Seelah", at="Armory", feats=feats(role))
    table.dice(8)
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Attempt", "Divine")
    assert outcome == "acquired" and table.cards(seelah, ZoneKind.BURIED) == ["Blessing of Abraxas"]
    assert table.cards(seelah, ZoneKind.HAND) == []


@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize(("boon", "offered"), [("Blessing of Abraxas", True), ("Blessing of Ascension", False)])
def test_wardenstone_sentry_explores_again_after_burying_a_corrupted_boon_she_acquires_on_her_turn(
        boon: str, offered: bool) -> None:
    """Explored in her explore step (TURN-04: an extra exploration only there), the Corrupted blessing is buried
    and she may explore again: she meets the Mace and lets it go."""
    table = Table(strict=True)
    table.location("Armory", [boon, "Mace"])
    seelah = table.character("Seelah", at="Armory", feats=feats("Wardenstone Sentry", 3, "explore"))
    table.game.turn = TurnState(seelah)
    table.dice(8)
    again = ["Use Seelah's power", "Explore again", "Let Mace go"] if offered else ["End exploring"]
    table.run(explore_step(table.game, seelah), "Explore Armory", "Attempt", "Divine", *again)
    assert table.deck("Armory") == ([] if offered else ["Mace"])
    assert table.cards(seelah, ZoneKind.BURIED if offered else ZoneKind.HAND) == [boon]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "bane"), [(("Demon",), "Demonling"), (("Demon", "Undead"), "Demonling"),
                                           (("Demon", "Undead"), "Zombie")])
def test_wardenstone_sentry_adds_1d8_and_magic_against_demons_and_with_the_box_undead(
        box: tuple[str, ...], bane: str) -> None:
    table = Table()
    seelah = table.character("Seelah", at="Armory", feats=feats("Wardenstone Sentry", 4, box))
    table.dice(1, 1)
    result = table.check(seelah, bane, "Strength")
    assert result.pool.dice == (8, 8) and result.total == 2 and "Magic" in result.traits


@pytest.mark.rule("ROLE-01")
def test_wardenstone_sentry_moves_to_another_character_who_encounters_a_demon() -> None:
    table = Table()
    table.location("Laboratory", ["Demonling"])
    seelah = table.character("Seelah", at="Armory", feats=feats("Wardenstone Sentry", 5, "move"))
    kyra = table.character("Kyra", at="Laboratory")
    table.dice(6, 6, 6)
    table.run(encounter(table.game, kyra, table.top("Laboratory")), "Use Seelah's power", "Wisdom",
              "Strength")
    assert seelah.location == "Laboratory"


@pytest.mark.rule("ENC-07")
@pytest.mark.parametrize(("boon", "given"), [("Mace", True), ("Blessing of Abraxas", False)])
def test_inheritors_blade_gives_a_non_corrupted_boon_she_acquires_to_another_local_character(boon: str,
                                                                                             given: bool) -> None:
    """The Mace goes into Kyra's hand; a Corrupted blessing is buried under Seelah, with no giving offered."""
    table = Table(strict=True)
    table.location("Armory", [boon])
    seelah = table.character("Seelah", at="Armory", feats=feats("Inheritor's Blade", 4, "give"))
    kyra = table.character("Kyra", at="Armory")
    table.dice(8)
    skill = "Melee" if boon == "Mace" else "Divine"
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Attempt", skill,
                        *(["Use Seelah's power"] if given else []))
    assert outcome == "acquired"
    assert table.cards(kyra, ZoneKind.HAND) == ([boon] if given else [])
    assert table.cards(seelah, ZoneKind.HAND) == []
    assert table.cards(seelah, ZoneKind.BURIED) == ([] if given else [boon])


def test_inheritors_blade_has_no_one_to_give_an_acquired_boon_to_when_alone() -> None:
    table = Table(strict=True)
    table.location("Armory", ["Mace"])
    seelah = table.character("Seelah", at="Armory", feats=feats("Inheritor's Blade", 4, "give"))
    table.character("Kyra", at="Great Hall")
    table.dice(8)
    table.run(encounter(table.game, seelah, table.top("Armory")), "Attempt", "Melee")
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"]


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("boxes", "damage_type", "reduced_by"), [
    (("shield",), "Combat", 1), (("shield", "2"), "Combat", 2), (("shield", "3"), "Combat", 3),
    (("shield", "any"), "Fire", 3), (("shield",), "Fire", 0),
])
def test_inheritors_blade_takes_1_combat_damage_to_reduce_damage_to_a_local_character(
    boxes: tuple[str, ...], damage_type: str, reduced_by: int
) -> None:
    """Kyra is dealt 4 damage; Seelah, at her location, takes 1 Combat damage (discarding the Mace, not reduced)
    to reduce it by 1, 2 or 3 (with the "any" box, damage of any type; without it, no help against Fire)."""
    table = Table(strict=True)
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Codex", "Frog", "Recruit", "Longspear"])
    seelah = table.character("Seelah", at="Armory", hand=["Mace", "Longsword"],
                             feats=feats("Inheritor's Blade", 5, boxes))
    left = 4 - reduced_by
    use = ["Use Seelah's power, take 1 Combat damage", "Discard Mace"] if reduced_by else []
    discards = [f"Discard {name}" for name in ["Cure", "Codex", "Frog", "Recruit"][:left]]
    table.run(take_damage(table.game, kyra, 4, damage_type), *use, *discards)
    assert len(table.cards(kyra, ZoneKind.DISCARD)) == left
    assert table.cards(seelah, ZoneKind.HAND) == (["Longsword"] if reduced_by else ["Mace", "Longsword"])
    assert table.offered("Use Seelah's power") == bool(reduced_by)


@pytest.mark.rule("ROLE-01")
def test_inheritors_blade_shuffles_an_ally_from_a_discard_pile_after_playing_an_iomedae_blessing() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Armory", hand=["Blessing of Iomedae"], discard=["Recruit"],
                             feats=feats("Inheritor's Blade", 3, "Iomedae"))
    table.dice(6, 6)
    table.run(attempt_checks(table.game, seelah, "Combat 30", Purpose.OTHER), "Strength",
              "Discard Blessing of Iomedae", "Use Seelah's power")
    assert table.cards(seelah, ZoneKind.DECK) == ["Recruit"]
