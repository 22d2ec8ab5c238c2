"""`pacg campaign`: campaigns (`pacg.campaign`), kept with the saved games: make one, list them, show one, play its
next scenario and the steps after it, delete one."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from pacg.cli.command import fail, names_list, stop

if TYPE_CHECKING:
    from pacg.campaign.campaign import Campaign
    from pacg.decisions import Decision
    from pacg.game import Agent, Game
    from pacg.saves import SaveStore

app = typer.Typer(
    help="Campaigns: a party playing an adventure's scenarios one after another, its decks, feats and deaths kept "
         "between them (in saves.sqlite3, with the saved games).",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@contextmanager
def _kept() -> Iterator[SaveStore]:
    """The store of campaigns, closed afterwards; its errors, and a campaign's that no longer loads or whose next
    game can't be set up, are one line, exit 1."""
    from pacg.campaign.campaign import CampaignError
    from pacg.engine.setup import SetupError
    from pacg.saves import SaveError, SaveStore

    try:
        with SaveStore() as store:
            yield store
    except (SaveError, CampaignError, SetupError) as error:
        raise fail(str(error), 1) from None


def _name(name: str) -> str:
    from pacg.saves import SaveError, check_name

    try:
        return check_name(name)
    except SaveError as error:
        raise fail(str(error).replace("save name", "campaign name")) from None


@app.command("new")
def campaign_new(
    name: str = typer.Argument(..., help="The campaign's name, to play and show it by."),
    characters: str = typer.Option(..., "--characters", help="The party in turn order, e.g. Harsk,Kyra (1 to 6)."),
    adventure: str | None = typer.Option(
        None, "--adventure", help="The adventure to play [default: Into the Worldwound]."),
    adventure_path: bool = typer.Option(
        False, "--adventure-path", help="Play the Wrath of the Righteous Adventure Path instead of one adventure."),
    ai: str | None = typer.Option(None, "--ai", help="The characters AI teammates play, e.g. Kyra."),
    ai_agent: str = typer.Option("heuristic", "--ai-agent", help="Which AI plays the --ai seats."),
    seed: int | None = typer.Option(None, "--seed", help="The campaign's random seed (chosen if left out)."),
    as_json: bool = typer.Option(False, "--json", help="Print the new campaign as `campaign show --json` does."),
) -> None:
    """Make a new campaign; its first scenario is played with `pacg campaign play NAME`."""
    from pacg.agents import check_agent
    from pacg.campaign.campaign import new_campaign
    from pacg.campaign.story import WRATH_OF_THE_RIGHTEOUS, StoryError
    from pacg.cards.names import UnknownName
    from pacg.engine.setup import SetupError

    _name(name)
    if adventure is not None and adventure_path:
        raise fail("--adventure and --adventure-path: give one of them")
    try:
        check_agent(ai_agent)
    except ValueError as error:
        raise fail(f"--ai-agent: {error}") from None
    party = names_list(characters)
    story = WRATH_OF_THE_RIGHTEOUS if adventure_path else adventure
    with _kept() as store:
        if store.has_campaign(name):
            raise fail(f"there is a campaign {name!r} already: give another name, or delete it first")
        try:
            campaign = new_campaign(name, party, story, seed, ai=dict.fromkeys(names_list(ai), ai_agent))
        except (StoryError, UnknownName, SetupError) as error:
            raise fail(str(error)) from None
        store.put_campaign(name, campaign.data())
    _show(campaign, as_json)


@app.command("list")
def campaign_list(as_json: bool = typer.Option(False, "--json", help="Print one JSON list.")) -> None:
    """List the campaigns, the latest played first."""
    with _kept() as store:
        kept = store.campaigns()
    if as_json:
        typer.echo(json.dumps([info.summary() for info in kept], ensure_ascii=False))
        return
    if not kept:
        typer.echo("no campaigns")
    for info in kept:
        typer.echo(f"{info.name}: {info.story}, {', '.join(info.characters)}; {info.completed} scenario"
                   f"{'s' if info.completed != 1 else ''} completed ({info.updated:%Y-%m-%d %H:%M} UTC)")


@app.command("show")
def campaign_show(
    name: str = typer.Argument(..., help="The campaign's name."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Show a campaign: each character alive or dead, their deck, feats and mythic path; what is next."""
    with _kept() as store:
        campaign = _loaded(store, _name(name))
    _show(campaign, as_json)


@app.command("play")
def campaign_play(
    name: str = typer.Argument(..., help="The campaign's name."),
    agent: str | None = typer.Option(None, "--agent", help="An AI kind to play every seat (random, heuristic)."),
    plain: bool = typer.Option(False, "--plain", help="Play in lines of text, even at a terminal."),
    as_json: bool = typer.Option(False, "--json", help="Print the campaign as `show --json` does at the end."),
) -> None:
    """Play the campaign's next scenario (or the one under way), then the steps after it (rewards, decks rebuilt,
    new characters for the dead), saving after every answer."""
    from pacg.agents import make_agent
    from pacg.session import Stopped, stopped_by_signals

    with stopped_by_signals(), _kept() as store:
        campaign = _loaded(store, _name(name))
        if campaign.over:
            raise fail(f"the campaign {name!r} is over: every scenario of {campaign.story.name} is completed", 1)
        try:
            everyone = make_agent(agent, campaign.seed) if agent is not None else None
        except ValueError as error:
            raise fail(f"--agent: {error}") from None

        def keep(_: Game | None = None) -> None:
            store.put_campaign(name, campaign.data())

        try:
            if not campaign.between_scenarios:
                game = campaign.game
                _play_game(campaign, game, everyone, keep, plain)
                campaign.end_game()
                keep()
                if not as_json:
                    outcome = game.outcome
                    assert outcome is not None
                    typer.echo(f"{outcome['scenario']}: {outcome['result']}.")
            _between(campaign, everyone, keep)
        except (EOFError, KeyboardInterrupt, Stopped) as stopped:
            raise stop(f"Campaign stopped ({stopped or 'by you'}); it is kept as {name!r}: "
                       f"pacg campaign play {name!r} goes on", 1) from None
    _show(campaign, as_json)


@app.command("delete")
def campaign_delete(name: str = typer.Argument(..., help="The campaign's name.")) -> None:
    """Delete a campaign."""
    with _kept() as store:
        store.delete_campaign(_name(name))
    typer.echo(f"deleted the campaign {name!r}")


def _loaded(store: SaveStore, name: str) -> Campaign:
    from pacg.campaign.campaign import load_campaign

    return load_campaign(store.get_campaign(name), source=f"the campaign {name!r}")


def _play_game(campaign: Campaign, game: Game, everyone: Agent | None, keep: Callable[[Game], None],
               plain: bool) -> None:
    """The scenario played to its end: by one AI at every seat, or by a person with the campaign's AI seats."""
    from pacg.agents import make_agent
    from pacg.seats import Seats

    seats = {member.name: kind for member, kind in zip(campaign.progress.party, campaign.ai, strict=True) if kind}
    keep(game)
    if everyone is not None:
        Seats(game, {}, keep).play(everyone)
    elif set(seats) == set(game.seats()):
        Seats(game, {seat: make_agent(kind, game.setup.seed) for seat, kind in seats.items()}, keep).play()
    elif not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from pacg.screen import play_on_screen

        play_on_screen(game, game.library, keep, seats, 0.5)
    else:
        from pacg.agents.terminal import play_in_lines

        play_in_lines(game, game.library, keep, seats, 0.0)


def _between(campaign: Campaign, everyone: Agent | None, keep: Callable[[], None]) -> None:
    """The questions between scenarios, each answered by its seat's AI or asked at the prompt, kept after each."""
    from pacg.agents import make_agent

    kinds = {member.name: kind for member, kind in zip(campaign.progress.party, campaign.ai, strict=True)}
    while (decision := campaign.decision) is not None:
        kind = kinds.get(decision.player)
        agent = everyone if everyone is not None else make_agent(kind, campaign.seed) if kind else None
        if agent is not None:
            campaign.apply(agent.act(campaign.view(decision.player), decision))
        else:
            campaign.apply(_asked(decision))
        keep()


def _asked(decision: Decision) -> str:
    """A person's answer to a question between scenarios, by its number at the prompt."""
    typer.echo(f"\n{decision.player}: {decision.prompt}")
    for number, option in enumerate(decision.options, 1):
        typer.echo(f"  {number}. {option.label}")
    while True:
        typer.echo("> ", nl=False)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        if line.strip().isdigit() and 1 <= int(line) <= len(decision.options):
            return str(decision.options[int(line) - 1].id)
        typer.echo(f"Type a number from 1 to {len(decision.options)}.")


def _show(campaign: Campaign, as_json: bool) -> None:
    shown = campaign.summary()
    if as_json:
        typer.echo(json.dumps(shown, ensure_ascii=False))
        return
    typer.echo(f"{shown['name']}: {shown['story']}; completed: {', '.join(shown['completed']) or 'none'}; next: "
               f"{shown['next'] or 'nothing: the campaign is over'}")
    for member in shown["characters"]:
        feats = ", ".join(member["feats"]) or "none"
        path = f"; mythic path {member['mythic_path']}" if member["mythic_path"] else ""
        typer.echo(f"  {member['name']} ({'alive' if member['alive'] else 'dead'}): feats {feats}{path}; deck: "
                   f"{', '.join(member['deck']) or 'the suggested deck'}")
    for game in shown["games"]:
        typer.echo(f"  played {game['scenario']}: {game['result']} (seed {game['seed']})")
