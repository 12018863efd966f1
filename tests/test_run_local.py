"""`make run`'s scripts/run-local.sh starts the sheet worker and the server together and
stops both: on Ctrl+C (INT to the terminal's process group) and on a TERM sent to the
script alone. The two Django commands are stood in for by a stub `python` that records
its pid and sleeps."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie no one reaps yet counts as stopped.
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], list[int]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pids = tmp_path / "pids"
    stub = bin_dir / "python"
    stub.write_text(f'#!/bin/sh\necho $$ >> "{pids}"\nexec sleep 60\n')
    stub.chmod(0o755)
    script = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "run-local.sh")],
        env={**os.environ, "BIN": str(bin_dir), "PORT": "0"},
        start_new_session=True,
        # As from a terminal: Ctrl+C is not ignored. (A suite started in the background
        # by a non-interactive shell inherits an ignored SIGINT, which bash cannot trap.)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    for _ in range(200):
        if pids.exists() and len(pids.read_text().split()) == 2:
            break
        time.sleep(0.05)
    return script, [int(p) for p in pids.read_text().split()]


def stopped(pids: list[int]) -> bool:
    for _ in range(200):
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize(
    "how",
    [
        pytest.param(lambda s: os.killpg(s.pid, signal.SIGINT), id="ctrl-c"),
        pytest.param(lambda s: s.terminate(), id="term-to-the-script"),
    ],
)
def test_run_local_stops_the_worker_and_the_server(tmp_path, how):
    script, pids = start(tmp_path)
    try:
        assert len(pids) == 2
        how(script)
        script.wait(timeout=10)
        assert stopped(pids), "a process of `make run` was left running"
    finally:
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def make_run_commands(**env: str) -> str:
    """What `make run` would run (make -n: nothing is run), with ``env`` added to an
    environment without SITE_URL."""
    base = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    done = subprocess.run(
        ["make", "-n", "run"], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_make_run_on_another_port_hands_out_links_on_that_port() -> None:
    # Share links, QR codes and mails are built on SITE_URL: `PORT=8123 make run` gave
    # links to :8000, where nothing answered.
    assert 'SITE_URL="http://127.0.0.1:8123"' in make_run_commands(PORT="8123")


def test_make_run_keeps_a_site_url_given_to_it() -> None:
    assert 'SITE_URL="https://muster.example"' in make_run_commands(
        PORT="8123", SITE_URL="https://muster.example"
    )


def test_make_club_serves_the_lan_address_and_hands_it_out() -> None:
    # LAN_ADDRESS stands in for the address found (the tests never look at the real network)
    commands = subprocess.run(
        ["make", "-n", "club"],
        cwd=ROOT,
        env={**{k: v for k, v in os.environ.items() if k != "SITE_URL"}, "LAN_ADDRESS": "127.0.0.2"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert 'SITE_URL="http://127.0.0.2:8000"' in commands
    assert 'ALLOWED_HOSTS="127.0.0.2"' in commands
    assert 'CSRF_TRUSTED_ORIGINS="http://127.0.0.2:8000"' in commands
    assert "HOST=127.0.0.2 PORT=8000 bash scripts/run-local.sh" in commands
    assert 'roster.core.lan show "http://127.0.0.2:8000"' in commands  # the banner and QR code


def test_plain_make_run_stays_on_loopback() -> None:
    commands = make_run_commands()
    assert "HOST=127.0.0.1 PORT=8000 bash scripts/run-local.sh" in commands
    assert "ALLOWED_HOSTS" not in commands
