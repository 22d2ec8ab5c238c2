"""`pacg cards`: browse the card library (list its cards, show a card's text), check card files, export the card
file schema."""

from __future__ import annotations

import typer

from pacg.cli.command import fail
from pacg.cli.library import CARDS_HELP, FOLDER_HELP, card_folders, cards_library

app = typer.Typer(
    help="Browse the card library: list cards, show a card's text, check card files, export the card file schema.",
    no_args_is_help=True,
    rich_markup_mode=None,
)



@app.command("list")
def cards_list(
    card_type: str | None = typer.Option(None, "--type", "-t", help="Only cards of this type (e.g. weapon)."),
    set_indicator: str | None = typer.Option(None, "--set", "-s", help="Only cards of this set (B, C, P, 1-6)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON list instead of a table."),
    folder: str | None = typer.Option(None, "--folder", help=FOLDER_HELP),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """List the cards: name, type, set, traits, copies and provenance."""
    import json

    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from pacg.cards.text import card_summary, plural_of
    from pacg.cards.vocabulary import SET_INDICATORS, CardType

    known_types = [str(kind) for kind in CardType]
    type_names = {name: name for name in known_types} | {plural_of(name): name for name in known_types}
    wanted_type = None
    if card_type is not None:
        wanted_type = type_names.get(" ".join(card_type.lower().replace("_", " ").replace("-", " ").split()))
        if wanted_type is None:
            typer.echo(f"Error: unknown card type {card_type!r}; known types: {', '.join(known_types)}", err=True)
            raise typer.Exit(code=2)
    if set_indicator is not None:
        set_indicator = set_indicator.strip().upper()
        if set_indicator not in SET_INDICATORS:
            typer.echo(f"Error: unknown set {set_indicator!r}; known sets: {', '.join(SET_INDICATORS)}", err=True)
            raise typer.Exit(code=2)

    library = cards_library(folder, cards)
    listed = [
        card
        for card in library
        if (wanted_type is None or str(card.type) == wanted_type)
        and (set_indicator is None or card.set == set_indicator)
    ]
    listed.sort(key=lambda card: (known_types.index(str(card.type)), card.name.lower()))
    summaries = [card_summary(card) for card in listed]
    if as_json:
        typer.echo(json.dumps(summaries, ensure_ascii=False))
        return

    table = Table(title=f"{len(listed)} card{'s' if len(listed) != 1 else ''}", show_edge=False, pad_edge=False)
    for column in ("Name", "Type", "Set", "Traits", "Copies", "Provenance"):
        table.add_column(column, justify="right" if column == "Copies" else "left", overflow="fold")
    for summary in summaries:
        provenance = "[yellow]stand-in[/yellow]" if summary["provenance"] == "standin" else "published"
        table.add_row(
            escape(summary["name"]),
            summary["type"],
            summary["set"],
            escape(", ".join(summary["traits"])),
            str(summary["copies"]),
            provenance,
        )
    Console().print(table)


@app.command("show")
def cards_show(
    name: str = typer.Argument(..., help="The card's name (any case)."),
    as_json: bool = typer.Option(False, "--json", help="Print the card's data and text as one JSON object."),
    folder: str | None = typer.Option(None, "--folder", help=FOLDER_HELP),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Show a card's text, generated from its card file."""
    import json

    from pacg.cards.names import UnknownName
    from pacg.cards.text import card_summary, card_text

    library = cards_library(folder, cards)
    try:
        card = library.get(library.named(name))
    except UnknownName as error:
        raise fail(str(error), 1) from None
    if as_json:
        record = {
            **card_summary(card),
            "data": card.model_dump(mode="json", by_alias=True, exclude_defaults=True),
            "text": card_text(card),
        }
        typer.echo(json.dumps(record, ensure_ascii=False))
        return
    typer.echo(card_text(card))


@app.command("lint")
def cards_lint(
    path: str | None = typer.Argument(None, help="The folder of card files to check (default: the built-in library)."),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Check card files: the format, the names of other cards, the generated text. One line per problem (notes
    too) and a summary; exit status 1 when there are problems."""
    from pacg.cards.lint import lint

    base, extra = card_folders(path, cards)
    report = lint(base, extra)
    for problem in report.problems:
        typer.echo(str(problem))
    typer.echo(report.summary())
    if not report.clean:
        raise typer.Exit(code=1)


@app.command("schema")
def cards_schema(
    output: str | None = typer.Option(None, "--output", "-o", help="Write the schema to this file."),
) -> None:
    """Print (or write) the JSON Schema of a card file, for editors."""
    from pathlib import Path

    from pacg.cards.schema import card_schema_json

    text = card_schema_json()
    if output is None:
        typer.echo(text, nl=False)
        return
    Path(output).write_text(text, encoding="utf-8")
    typer.echo(f"Wrote the card file schema to {output}")

