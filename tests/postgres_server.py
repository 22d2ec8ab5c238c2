"""A private PostgreSQL server for the web store's tests: Debian's PostgreSQL binaries (`initdb`, `pg_ctl`) run on a
cluster in a temporary folder, listening only on a unix socket in that folder (no port to collide with), trusting
every local connection; as root, run as the `postgres` user, who owns the folder.

    server = PostgresServer.start()       # or None from `binaries()` when PostgreSQL isn't installed
    url = server.new_database()           # postgresql://postgres@/test_1?host=/tmp/pacg-pg-...
    server.drop_database(url)
    server.stop()                         # and the folder is removed
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

INSTALLED = "/usr/lib/postgresql/*/bin"
START_SECONDS = 60
# A test server: the data need not survive a power cut, so nothing waits for the disk.
SETTINGS = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c listen_addresses='' "
            "-c max_connections=200")


class PostgresUnavailable(RuntimeError):
    """The server couldn't be started; the message says why, with the tools' output."""


def binaries() -> Path | None:
    """The folder of the newest installed PostgreSQL's programs, or None when there is none."""
    found = sorted(Path("/").glob(INSTALLED.lstrip("/")), key=lambda folder: _major(folder.parent.name))
    return next((folder for folder in reversed(found) if (folder / "initdb").exists()), None)


def _major(name: str) -> int:
    return int(name) if name.isdigit() else -1


@dataclass
class PostgresServer:
    bin: Path
    folder: Path  # the cluster is folder/data; the socket and the log are in the folder
    _numbers: count[int] = field(default_factory=lambda: count(1))

    @classmethod
    def start(cls, bin: Path) -> PostgresServer:
        """Make a cluster in a new temporary folder and start its server."""
        folder = Path(tempfile.mkdtemp(prefix="pacg-pg-"))  # short: a socket's path is at most 107 bytes
        server = cls(bin, folder)
        try:
            _give_to_postgres(folder)
            server._run("initdb", "--auth=trust", "--username=postgres", "--encoding=UTF8", "--no-sync",
                        "-D", str(folder / "data"))
            server._run("pg_ctl", "start", "--wait", f"--timeout={START_SECONDS}", "-D", str(folder / "data"),
                        "-l", str(folder / "server.log"), "-o", f"-k {folder} {SETTINGS}")
        except PostgresUnavailable:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return server

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """The URL of a new, empty database of its own."""
        name = f"test_{next(self._numbers)}"
        self._admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a database `new_database` made, even with connections still open to it."""
        name = url.split("/")[3].split("?")[0]
        self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once (its data is thrown away) and remove the folder."""
        try:
            self._run("pg_ctl", "stop", "--mode=immediate", "--wait", "-D", str(self.folder / "data"))
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(sql.encode())

    def _run(self, program: str, *arguments: str) -> None:
        """Run one of PostgreSQL's programs, as the `postgres` user when this is root (they refuse root)."""
        command = [str(self.bin / program), *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS + 30, check=False)
        if done.returncode != 0:
            log = self.folder / "server.log"
            told = (done.stdout + done.stderr).strip() + (f"\n{log.read_text()}" if log.exists() else "")
            raise PostgresUnavailable(f"{program} failed (exit {done.returncode}): {told}")


def _give_to_postgres(folder: Path) -> None:
    """As root, the folder is the `postgres` user's, for the server to write in."""
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
