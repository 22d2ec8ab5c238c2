"""Context for a person at the table (pacg.render.explain): a decision's rule and cards, a character's sheet, a
location's card, and the names a person types, on real game states."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

from pacg.cards.model import Location
from pacg.cards.powers import Timing
from pacg.cards.text import closing_text, power_text
from pacg.decisions import Decision, DecisionKind
from pacg.engine.zones import ZoneKind
from pacg.game import Game, new_game
from pacg.render.explain import (
    KIND_RULES,
    RULES,
    TIMING_RULES,
    UnknownName,
    character_sheet,
    decision_help,
    involved_cards,
    location_card,
    named_in,
    resolve_name,
    rule_of,
    visible_names,
)
from table import kind_of, library

RULES_CHECKLIST = Path("/work/shared/rules.md")


def shown(renderable: RenderableType) -> str:
    """What a renderable prints, plain, 100 columns wide, each line without its trailing spaces."""
    console = Console(file=io.StringIO(), width=100, color_system=None, highlight=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())  # type: ignore[attr-defined]


def flat(text: str) -> str:
    """Printed text with its wrapping undone: every run of spaces and line breaks one space."""
    return " ".join(text.split())


def game(open_hands: bool = True, seed: int = 1) -> Game:
    return new_game("The Godless Ones", ["Harsk", "Kyra"], seed=seed, library=library(), open_hands=open_hands)


def advance(table: Game, until: Callable[[Decision], bool]) -> Decision:
    """Explore and try to acquire what is found, otherwise pass, until the wanted decision comes."""
    for _ in range(3000):
        decision = table.decision
        assert decision is not None, "the game ended before the wanted decision"
        if until(decision):
            return decision
        chosen = next((option.id for option in decision.options
                       if option.label.startswith(("Explore ", "Attempt to acquire"))), decision.options[0].id)
        table.apply(chosen)
    raise AssertionError("the wanted decision never came")


# --- the rules behind decisions -----------------------------------------------------------------------------------


def test_every_kind_of_decision_and_every_play_moment_has_its_rule() -> None:
    assert set(KIND_RULES) == set(DecisionKind)
    assert set(TIMING_RULES) == set(Timing)
    for rule in [*KIND_RULES.values(), *TIMING_RULES.values()]:
        assert rule.about.endswith(".") and rule.ids
        assert len(set(rule.ids)) == len(rule.ids)
        assert set(rule.ids) <= set(RULES), f"{rule.about}: cites {set(rule.ids) - set(RULES)}, not in RULES"


def test_the_rule_table_holds_well_formed_ids_with_the_checklists_words() -> None:
    assert all(re.fullmatch(r"[A-Z]+-\d\d", rule_id) for rule_id in RULES)
    assert len(set(RULES.values())) == len(RULES)
    cited = {rule_id for rule in [*KIND_RULES.values(), *TIMING_RULES.values()] for rule_id in rule.ids}
    assert cited == set(RULES), f"rules no decision cites: {set(RULES) - cited}"
    if not RULES_CHECKLIST.is_file():
        pytest.skip("the rules checklist is not on this machine")
    checklist = dict(re.findall(r"^- ([A-Z]+-\d\d) (.*)$", RULES_CHECKLIST.read_text(), re.MULTILINE))
    for rule_id, words in RULES.items():
        assert checklist.get(rule_id) == words, rule_id


def test_a_play_window_is_explained_by_the_moment_it_opens_at() -> None:
    decision = Decision("Kyra", DecisionKind.PLAY, "Kyra: play a card or power?", (), context={"timing": "damage"})
    assert rule_of(decision) is TIMING_RULES[Timing.DAMAGE]
    assert rule_of(decision._replace(kind=DecisionKind.RESET_DISCARD)) is KIND_RULES[DecisionKind.RESET_DISCARD]


# --- the help of a decision -----------------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-09")
def test_the_help_of_a_start_gives_the_rule_and_the_locations_it_names() -> None:
    table = game()
    decision = advance(table, lambda d: d.kind is DecisionKind.START)
    view = table.view(decision.player)
    text = flat(shown(decision_help(decision, view, library())))
    assert "SETUP-09 Each character starts at a chosen location; several may share one." in text
    assert decision.help in text
    for option in decision.options:
        card = library().typed(option.label, Location)
        assert f"{card.name} (location" in text
        assert f"When Closing: {closing_text(card.when_closing)}" in text
    assert "Harsk (character" not in text, "who decides is not a card the decision is about"


@pytest.mark.rule("ENC-02")
@pytest.mark.rule("CHK-09")
def test_the_help_of_a_check_shows_the_card_encountered_and_the_cards_the_options_play() -> None:
    table = game()
    decision = advance(table, lambda d: kind_of(d) == "check" and len(d.options) > 1)
    view = table.view(decision.player)
    text = flat(shown(decision_help(decision, view, library())))
    assert "ENC-02 In each step, each player plays at most 1 card of each type" in text
    encountered = library().get(view["encounters"][-1]["card"])
    assert involved_cards(decision, view)[0] == encountered.name  # the card encountered comes first
    assert f"Cards: {encountered.name} ({encountered.type}" in text
    check = getattr(encountered, "check_to_defeat", None) or getattr(encountered, "check_to_acquire", None)
    assert f"Check to {'defeat' if encountered.is_bane else 'acquire'}: {check}" in text
    for name in involved_cards(decision, view)[1:]:
        card = library().get(name)
        assert f"{name} ({card.type}" in text
        for power in getattr(card, "powers", [])[:1]:
            assert flat(power_text(power)) in text or card.type == "character"


def test_labels_name_cards_longest_first_and_whole_words_only() -> None:
    names = {"Scale Mail", "Magic Scale Mail", "Demon Hunter", "Demon Hunter's Handbook", "Cell"}
    assert named_in("Discard Magic Scale Mail, then Scale Mail", names) == ["Magic Scale Mail", "Scale Mail"]
    assert named_in("Reveal Demon Hunter's Handbook", names) == ["Demon Hunter's Handbook"]
    assert named_in("Move to the Cellar", names) == []
    assert named_in("Recharge Demon Hunter", names) == ["Demon Hunter"]


@pytest.mark.rule("PLAY-08")
def test_a_seat_sees_no_other_players_hand_and_no_face_down_deck() -> None:
    table = game(open_hands=False)
    advance(table, lambda d: d.kind is DecisionKind.TURN)
    state = table._state  # the true table, to know what is face down
    harsk, kyra = state.characters
    seen = visible_names(table.view("Harsk"))
    hidden = {card.name for card in state.zones.cards(kyra.hand)} | {
        card.name for character in state.characters for card in state.zones.cards(character.deck)}
    shown_anyway = {card.name for card in state.zones.cards(harsk.hand)} | {
        card.name for character in state.characters
        for kind in (ZoneKind.DISCARD, ZoneKind.BURIED, ZoneKind.DISPLAYED)
        for card in state.zones.cards(character.zone(kind))}
    assert hidden - shown_anyway
    assert not (hidden - shown_anyway) & seen
    assert {card.name for card in state.zones.cards(harsk.hand)} <= seen


# --- a character's sheet and a location's card ----------------------------------------------------------------------


@pytest.mark.rule("DICE-03")
def test_a_character_sheet_shows_skills_powers_piles_and_the_deck_as_a_count() -> None:
    table = game()
    advance(table, lambda d: d.kind is DecisionKind.TURN and table.turn >= 3)
    view = table.view("Kyra")
    kyra = next(c for c in view["characters"] if c["name"] == "Kyra")
    text = flat(shown(character_sheet("Kyra", view, library())))
    assert text.startswith(f"Kyra (Female, Human, Cleric) at {kyra['location']} · alive")
    assert "Skills: Strength d6, Dexterity d4, " in text and "Divine d12+2" in text
    assert "Hand size: 5 · favored card type: Spell" in text
    card = library().get("Kyra")
    assert f"Powers: {flat(power_text(card.powers[0], boxes=False))}" in text  # type: ignore[union-attr]
    assert f"Deck: {kyra['deck']} cards face down" in text
    assert "Cards List: Weapon 1 [□ 2], Spell 5 [□ 6 7]" in text
    hand = ", ".join(kyra["hand"])
    assert f"Hand ({kyra['hand_count']}/5): " in text and (hand in text or "×" in text)
    assert "Discard pile: " in text and "Buried: " in text and "Displayed: " in text
    deck = {card.name for card in table._state.zones.cards(table._state.characters[1].deck)}
    assert not [name for name in deck - visible_names(view) if name in text], "the deck is only a count"


def test_a_sheet_shows_another_players_hand_only_when_the_view_does() -> None:
    table = game(open_hands=False)
    advance(table, lambda d: d.kind is DecisionKind.TURN)
    text = flat(shown(character_sheet("Kyra", table.view("Harsk"), library())))
    assert "Hand (5/5): not shown" in text


def test_a_location_card_shows_its_powers_cards_left_and_who_is_there() -> None:
    table = game()
    advance(table, lambda d: d.kind is DecisionKind.TURN)
    view = table.view("Harsk")
    location = next(place for place in view["locations"] if place["name"] == "Forsaken Cloister")
    text = flat(shown(location_card("Forsaken Cloister", view, library())))
    assert text.startswith("Forsaken Cloister (location) · open")
    here = ", ".join(location["characters"]) or "no one"
    assert f"Cards left: {location['deck']} · here: {here}" in text
    assert "At This Location: When you move to this location: bury a card." in text
    assert "When Closing: Each character at your location summons and defeats or acquires a Demonling." in text


# --- names a person types ---------------------------------------------------------------------------------------------


def test_a_name_in_any_case_or_a_unique_beginning_resolves() -> None:
    locations = ["Forsaken Cloister", "Manor House", "Marketplace", "Armory"]
    assert resolve_name("kyra", ["Harsk", "Kyra"], "character") == "Kyra"
    assert resolve_name("  HARSK ", ["Harsk", "Kyra"], "character") == "Harsk"
    assert resolve_name("forsaken", locations, "location") == "Forsaken Cloister"
    assert resolve_name("cloister", locations, "location") == "Forsaken Cloister"  # a word of it
    assert resolve_name("mark", locations, "location") == "Marketplace"


def test_an_unknown_or_ambiguous_name_says_what_it_could_be() -> None:
    locations = ["Forsaken Cloister", "Manor House", "Marketplace", "Armory"]
    with pytest.raises(UnknownName, match=r"'ma' could be Manor House, Marketplace: type more of the name\."):
        resolve_name("ma", locations, "location")
    with pytest.raises(UnknownName, match=r"There is no location 'armoury'\. Did you mean Armory\?"):
        resolve_name("armoury", locations, "location")
    with pytest.raises(UnknownName) as unknown:
        resolve_name("zzz", locations, "location")
    assert str(unknown.value) == "There is no location 'zzz'." and unknown.value.candidates == []
