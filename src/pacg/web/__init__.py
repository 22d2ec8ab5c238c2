"""Play together in the browser: `pacg serve` runs a web server for multiplayer games with AI seats (issue 14).

`store` keeps the games in a database (SQLite by default, PostgreSQL by URL), `service` runs them (seats, answers,
undo, AI players, listeners), `app` is the HTTP and WebSocket contract and serves the page in `static/`.
"""
