"""The deploy files of docs/deploy/ as a club would use them (issue 39): the real nginx from
Debian's packages in front of the app server with docs/deploy/nginx.conf (its upstream and
port changed, nothing else), a tap crossing a live table's stream through it; the systemd
units checked by systemd's own `systemd-analyze verify` with this checkout's paths."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import load
from bench.server import Server, serve
from tests.load.test_live_streams import follow
from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "docs" / "deploy"
# nginx's and systemd's files: which database is behind the app server changes nothing
# here, so .ci/run's PostgreSQL pass leaves this module out (tests/conftest.py).
ENGINE_FREE = True


def site_config(app_url: str, port: int) -> str:
    """docs/deploy/nginx.conf pointed at ``app_url`` and listening on 127.0.0.1:``port``."""
    text = (DEPLOY / "nginx.conf").read_text()
    text, upstreams = re.subn(
        r"server 127\.0\.0\.1:8000;", f"server {app_url.removeprefix('http://')};", text
    )
    text, listens = re.subn(r"listen 80;", f"listen 127.0.0.1:{port};", text)
    assert upstreams == 1 and listens == 1, "docs/deploy/nginx.conf changed shape: update this test"
    return text


@contextlib.contextmanager
def nginx(app_url: str, workdir: Path) -> Iterator[str]:
    """The real nginx, in the foreground, serving the sample site config; its URL."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(binary).exists(), "nginx is missing: make test installs it (scripts/system-deps.sh --browser)"
    port = free_port()
    (workdir / "site.conf").write_text(site_config(app_url, port))
    temp = {name: workdir / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir()
    main = f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
daemon off;
events {{ worker_connections 256; }}
http {{
    access_log {workdir / "access.log"};
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
    include {workdir / "site.conf"};
}}
"""
    (workdir / "nginx.conf").write_text(main)
    check = subprocess.run([binary, "-t", "-c", str(workdir / "nginx.conf")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([binary, "-c", str(workdir / "nginx.conf")])
    try:
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            assert time.monotonic() < deadline and proc.poll() is None, (workdir / "error.log").read_text()
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.slow
def test_a_tap_crosses_a_live_stream_through_the_sample_nginx(tmp_path):
    settings = {
        "RATE_PLAY": "100000/m",
        "RATE_JOIN": "100000/m",
        "LIVE_FANOUT": "local",
        "TRUSTED_PROXIES": "1",
    }
    with serve(1, rosters=1, settings=settings, asgi=True) as server, nginx(server.url, tmp_path) as proxy:
        through: Server = dataclasses.replace(server, url=proxy, urls=[proxy])
        follow(through)
        # The proxy passed its request id on; the metrics are not served through it.
        client = load.Client(proxy)
        assert client.request("GET", "/metrics")[0] == 404
        assert client.request("GET", "/healthz")[0] == 200
    assert "/stream/" in (tmp_path / "access.log").read_text()


@pytest.mark.slow
def test_the_systemd_units_verify_with_this_checkouts_paths(tmp_path):
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing: make test installs it (scripts/system-deps.sh --browser)"
    venv = Path(os.environ.get("VIRTUAL_ENV", ROOT / ".venv"))
    (tmp_path / "env").write_text("SECRET_KEY=verify-only\n")
    units = []
    for name in ("muster-web.service", "muster-worker.service"):
        text = (DEPLOY / name).read_text()
        assert "roster.project" in text or "sheet_worker" in text
        text = text.replace("/srv/muster/.venv", str(venv)).replace("/srv/muster", str(ROOT))
        text = text.replace("/etc/muster/env", str(tmp_path / "env"))
        text = re.sub(r"^(User|Group)=muster$", r"\1=root", text, flags=re.M)
        (tmp_path / name).write_text(text)
        units.append(str(tmp_path / name))
    result = subprocess.run([analyze, "verify", "--man=no", *units], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
