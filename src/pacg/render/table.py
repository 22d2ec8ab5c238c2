"""The table as a seat's view shows it (DESIGN.md 5): locations, characters with their hands and piles, the blessings
deck, the encounter under way, drawn for the line mode (`render_table`, only the sections that changed:
`changed_sections`) and for the full screen's panes (`title_text`, `locations_text`, `party_text`).

`view_of` reads the plain data of a view (`Game.view`) into `TableView`, whose parts compare, so a front-end can tell
what changed; a face-down deck is a count, never an order (PLAY-08).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

Describe = Callable[[str], Mapping[str, Any]]  # a card's summary by name (`cards.text.card_summary`)


@dataclass(frozen=True)
class LocationView:
    name: str
    cards_left: int
    status: str  # "open", "closed" or "temporarily closed"
    characters: tuple[str, ...]


@dataclass(frozen=True)
class CharacterView:
    """A character's face-up facts and pile sizes; the deck is a count, never an order (PLAY-08)."""

    name: str
    location: str
    alive: bool
    hand: tuple[str, ...] | None  # None: another player's hand, not shown
    hand_count: int
    hand_size: int
    deck: int
    discard: tuple[str, ...]
    buried: tuple[str, ...]
    displayed: tuple[str, ...]
    mythic_charges: int


@dataclass(frozen=True)
class EncounterView:
    character: str
    card: str
    card_type: str
    summoned: bool
    check: str | None
    powers: tuple[str, ...]


@dataclass(frozen=True)
class TableView:
    """Everything on the table that the players may see, as plain data (comparable, to tell a change)."""

    scenario: str
    turn: str | None
    locations: tuple[LocationView, ...]
    characters: tuple[CharacterView, ...]
    blessings_left: int
    blessings_discard: tuple[str, ...]
    encounters: tuple[EncounterView, ...]


def view_of(view: Mapping[str, Any], describe: Describe) -> TableView:
    """The table as a seat's view shows it (`Game.view`): face-up cards by name, face-down decks by count, and
    the cards being encountered with their checks and powers (`describe` gives a card's summary by name)."""
    locations = tuple(
        LocationView(location["name"], location["deck"],
                     "closed" if location["closed"] else "temporarily closed" if location["temporarily_closed"]
                     else "open",
                     tuple(name for name in location["characters"] if _alive(view, name)))
        for location in view["locations"])
    characters = tuple(
        CharacterView(c["name"], c["location"], c["alive"], tuple(c["hand"]) if c["hand"] is not None else None,
                      c["hand_count"], c["hand_size"], c["deck"], tuple(c["discard"]), tuple(c["buried"]),
                      tuple(c["displayed"]), c["mythic_charges"])
        for c in view["characters"])
    encounters = tuple(_encounter_view(encounter, describe(encounter["card"])) for encounter in view["encounters"])
    turn = f"Turn {view['turn']}: {view['turn_of']}'s turn" if view["turn_of"] is not None else None
    return TableView(view["scenario"] or "", turn, locations, characters, view["blessings"]["deck"],
                     tuple(view["blessings"]["discard"]), encounters)


def _alive(view: Mapping[str, Any], name: str) -> bool:
    return any(c["name"] == name and c["alive"] for c in view["characters"])


def _encounter_view(encounter: Mapping[str, Any], summary: Mapping[str, Any]) -> EncounterView:
    return EncounterView(encounter["character"], encounter["card"], summary["type"], encounter["summoned"],
                         summary.get("check"), tuple(summary.get("powers", ())))


def _listed(names: Sequence[str], empty: str = "-") -> str:
    """Names in order, joined by commas."""
    return ", ".join(names) if names else empty


SECTIONS = ("locations", "characters", "blessings", "encounters")


def render_table(view: TableView, detailed: bool = False, sections: Sequence[str] = SECTIONS) -> RenderableType:
    """The table, or some of its sections: locations, characters with hands and pile sizes, blessings, the
    encounter under way. `detailed` adds the face-up piles (discard, buried, blessings discard) card by card."""
    parts: list[RenderableType] = []
    if "locations" in sections:
        parts.append(_locations_table(view))
    if "characters" in sections:
        parts.append(_characters_lines(view))
    if "blessings" in sections:
        parts.append(_blessings_line(view))
    if detailed:
        parts.extend(_piles_lines(view))
    if "encounters" in sections:
        parts.extend(_encounter_text(encounter) for encounter in view.encounters)
    return Group(*parts)


def _locations_table(view: TableView) -> Table:
    """Each location: the cards left in its deck (a count), open or closed, who is there."""
    title = " · ".join(part for part in (view.scenario, view.turn) if part)
    table = Table(title=escape(title) or None, title_justify="left", title_style="bold", box=None,
                  header_style="dim", pad_edge=False)
    table.add_column("Location", no_wrap=True)
    table.add_column("Cards left", justify="right", no_wrap=True)
    table.add_column("Status", no_wrap=True)
    table.add_column("Characters here")
    for location in view.locations:
        style = "dim" if location.status == "closed" else ""
        table.add_row(escape(location.name), str(location.cards_left), location.status,
                      escape(_listed(location.characters, "")), style=style)
    return table


def _characters_lines(view: TableView) -> Group:
    """Each character in two or three lines: where, pile sizes and charges; the hand; displayed cards."""
    lines = []
    for c in view.characters:
        style = "" if c.alive else "dim"
        head = Text.assemble((c.name, "bold"), " (dead)" if not c.alive else "", f" at {c.location}" if c.location
                             else "", style=style)
        if c.deck or not c.alive:
            head.append(f" · deck {c.deck}", style="dim")
        else:
            head.append(" · deck 0 (empty: having to draw kills)", style="bold red")  # DEATH-01
        head.append(f" · discard {len(c.discard)} · buried {len(c.buried)} · mythic charges {c.mythic_charges}",
                    style="dim")
        lines.append(head)
        hand = counted(c.hand) if c.hand is not None else "(not shown)"
        lines.append(Text(f"  hand ({c.hand_count}/{c.hand_size}): {hand}", style=style))
        if c.displayed:
            lines.append(Text(f"  displayed: {counted(c.displayed)}", style=style))
    return Group(*lines)


def counted(names: Sequence[str], empty: str = "-") -> str:
    """Card names in order, copies of one card counted: "Blessing of Ascension ×2, Shortbow"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in counts.items()) or empty


def _blessings_line(view: TableView) -> Text:
    """The blessings deck's count (the scenario's clock) and the blessing flipped last."""
    line = Text.assemble("Blessings deck: ", (str(view.blessings_left), "bold"), " left")
    if view.blessings_discard:
        line.append(f" · last flipped: {view.blessings_discard[0]}")
    return line


def changed_sections(before: TableView | None, after: TableView) -> tuple[str, ...]:
    """The sections of the table to show again: all at the start or at a new turn, else those that changed
    (an encounter that ended has nothing to show)."""
    if before is None or before.turn != after.turn or before.scenario != after.scenario:
        return SECTIONS
    changed = tuple(name for name in SECTIONS if _section(before, name) != _section(after, name))
    return tuple(name for name in changed if name != "encounters" or after.encounters)


def _section(view: TableView, name: str) -> object:
    """The facts one section of the table shows."""
    if name == "blessings":
        return view.blessings_left, view.blessings_discard[:1]
    return getattr(view, name)


def _piles_lines(view: TableView) -> list[Text]:
    """The face-up piles card by card: each character's discard pile and buried cards, the blessings
    discard pile (PLAY-08)."""
    lines = []
    for c in view.characters:
        lines.append(Text(f"{c.name}'s discard pile: {counted(c.discard)}; buried: {counted(c.buried)}"))
    lines.append(Text(f"Blessings discard pile: {counted(view.blessings_discard)}"))
    return lines


def _encounter_text(encounter: EncounterView) -> Group:
    """The card being encountered, by whom, its check and its powers as the card reads them ("Before you act:
    You are dealt 1 Combat damage."), each paragraph indented as a whole where it wraps."""
    summoned = ", summoned" if encounter.summoned else ""
    head = Text.assemble(
        ("Encounter: ", "bold"), (f"{encounter.character} encounters ", ""),
        (encounter.card, "bold magenta"), f" ({encounter.card_type}{summoned})",
    )
    lines = [f"Check: {encounter.check or 'none'}", *encounter.powers]
    return Group(head, *(Padding(Text(line), (0, 0, 0, 2), expand=False) for line in lines))


# --- the full screen's panes ------------------------------------------------------------------------------------------


def title_text(view: Mapping[str, Any]) -> Text:
    """The scenario, the turn, and the blessings deck: its count (the scenario's clock) and the last blessing
    flipped."""
    blessings = view["blessings"]
    line = Text.assemble((view["scenario"] or "", "bold"))
    if view["turn_of"] is not None:
        line.append(f" · Turn {view['turn']}: {view['turn_of']}")
    line.append(" · Blessings deck: ")
    line.append(str(blessings["deck"]), style="bold")
    if blessings["discard"]:
        line.append(f" · last flipped: {blessings['discard'][0]}")
    return line


def locations_text(table: TableView, describe: Describe) -> Text:
    """Each location: its deck's count, open or closed, who is there, and its powers as the card reads them."""
    text = Text()
    for location in table.locations:
        style = "dim" if location.status == "closed" else ""
        text.append(location.name, style=f"bold {style}")
        text.append(f" · {location.cards_left} card{'s' if location.cards_left != 1 else ''} · {location.status}",
                    style=style)
        if location.characters:
            text.append(f" · {', '.join(location.characters)}", style=f"cyan {style}")
        for power in describe(location.name).get("powers", ()):
            text.append(f"\n  {power}", style=f"dim {style}" if style else "")
        text.append("\n")
    text.rstrip()
    return text


def party_text(table: TableView, seat: str) -> Text:
    """Each character: where, deck count, mythic charges, hand, discard pile, buried and displayed cards; the
    deciding seat's name stands out, a dead character is dimmed."""
    text = Text()
    for c in table.characters:
        style = "" if c.alive else "dim"
        text.append(c.name, style="bold reverse" if c.name == seat else f"bold {style}")
        text.append(" (dead)" if not c.alive else f" at {c.location}" if c.location else "", style=style)
        text.append(f" · deck {c.deck}", style=style if c.deck or not c.alive else "bold red")
        text.append(f" · mythic charges {c.mythic_charges}\n", style=style)
        hand = counted(c.hand) if c.hand is not None else "(not shown)"
        text.append(f"  hand {c.hand_count}/{c.hand_size}: {hand}\n", style=style)
        piles = [f"discard: {counted(c.discard)}", f"buried: {counted(c.buried)}"]
        if c.displayed:
            piles.append(f"displayed: {counted(c.displayed)}")
        text.append(f"  {' · '.join(piles)}\n", style=f"dim {style}")
    text.rstrip()
    return text
