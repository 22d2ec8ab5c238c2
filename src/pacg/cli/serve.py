"""`pacg serve`: the web server (`pacg.web`), its games kept in a database; uvicorn and FastAPI are imported only
when it runs."""

from __future__ import annotations

import typer

from pacg.cli.command import fail
from pacg.cli.library import cards_library


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="The port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="Where the games are kept: postgresql://USER@HOST/NAME, sqlite:///PATH or a file's path "
                           "[default: the saved games' database]."),
    ai_pause: float = typer.Option(0.5, "--ai-pause", min=0, help="Seconds between two AI answers, for the table "
                                                                   "to follow them."),
    games_per_minute: int = typer.Option(
        10, "--games-per-minute", min=1, help="Games one client (an address) may make in a minute; past it, 429."),
    ai_games: int = typer.Option(
        20, "--ai-games", min=0, help="Games with AI seats, not over, the server plays at once; past it, making "
                                      "another is 429 until one is left unused for --idle-seconds."),
    ai_answers_per_second: float = typer.Option(
        10.0, "--ai-answers-per-second", min=0.01, help="AI answers a second in one game, at most (whatever "
                                                        "--ai-pause is)."),
    idle_seconds: float = typer.Option(
        1800.0, "--idle-seconds", min=0.1, help="Seconds a game no one uses or watches stays in memory (it stays in "
                                                "the database, and is loaded again when next used); a game over "
                                                "goes as soon as no one watches it."),
) -> None:
    """Serve games in the browser: open http://HOST:PORT/, make a game and share each seat's link. Games are kept
    in the database, so a restarted server carries on every one."""
    import uvicorn

    from pacg.web.app import MOST_FRAME_BYTES, create_app
    from pacg.web.limits import Limits
    from pacg.web.service import GameService
    from pacg.web.store import StoreError, open_store

    try:
        store = open_store(db)
        kept = len(store.games())
    except StoreError as error:
        raise fail(f"--db: {error}") from None
    limits = Limits(games_per_minute, ai_games, ai_answers_per_second, idle_seconds)
    service = GameService(store, cards_library(), ai_pause, limits)
    typer.echo(f"pacg: serving games at http://{host}:{port}/ ({kept} game{'s' if kept != 1 else ''} kept in "
               f"{store.where}; Ctrl-C stops)")
    uvicorn.run(create_app(service), host=host, port=port, log_level="warning", ws_max_size=MOST_FRAME_BYTES,
                timeout_graceful_shutdown=5)

