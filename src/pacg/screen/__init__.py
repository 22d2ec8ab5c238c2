"""The full-screen terminal game (Textual): `pacg play` at a terminal, unless `--plain` asks for the line mode."""

from pacg.screen.app import GameApp, play_on_screen

__all__ = ["GameApp", "play_on_screen"]
