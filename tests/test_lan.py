"""`make club`'s address finder and banner (roster/core/lan.py, issue 38). The finder is
given its answer (``find``) or LAN_ADDRESS: no test looks at the machine's network."""

from __future__ import annotations

import io

import pytest
import segno

from roster.core import lan


def fails(address: str) -> str:
    raise AssertionError(f"the network was looked at, though LAN_ADDRESS={address} was given")


def test_lan_address_given_is_used_without_looking() -> None:
    assert lan.lan_address({"LAN_ADDRESS": "127.0.0.2"}, find=lambda: fails("127.0.0.2")) == "127.0.0.2"


def test_lan_address_given_must_be_an_address() -> None:
    with pytest.raises(lan.NoNetwork, match="not an IP address"):
        lan.lan_address({"LAN_ADDRESS": "club.local"})


@pytest.mark.parametrize("found", ["192.168.1.23", "10.0.0.5", "172.20.1.2", "169.254.3.4"])
def test_a_private_address_found_is_the_rooms(found: str) -> None:
    assert lan.lan_address({}, find=lambda: found) == found


@pytest.mark.parametrize(
    ("found", "reason"), [("127.0.0.1", "loopback"), ("0.0.0.0", "loopback"), ("8.8.8.8", "public")]
)
def test_loopback_or_a_public_address_is_refused(found: str, reason: str) -> None:
    with pytest.raises(lan.NoNetwork, match=reason):
        lan.lan_address({}, find=lambda: found)


def test_an_ipv6_address_is_bracketed_in_urls() -> None:
    assert lan.host_in_url("fe80::1") == "[fe80::1]"
    assert lan.host_in_url("192.168.1.23") == "192.168.1.23"


def test_the_banner_names_the_address_and_draws_its_qr_code() -> None:
    out = io.StringIO()
    lan.show("http://192.168.1.23:8000", out)
    text = out.getvalue()
    assert "Muster for the room: http://192.168.1.23:8000" in text
    code = segno.make("http://192.168.1.23:8000", error="l")
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True, border=2)
    assert drawn.getvalue() in text


def test_the_command_line_without_a_network_says_how_to_go_on(monkeypatch, capsys) -> None:
    monkeypatch.setenv("LAN_ADDRESS", "")
    monkeypatch.setattr(lan, "probe", lambda: "127.0.0.1")
    assert lan.main(["address"]) == 2
    assert "LAN_ADDRESS=" in capsys.readouterr().err
    monkeypatch.setenv("LAN_ADDRESS", "127.0.0.2")
    assert lan.main(["address"]) == 0
    assert capsys.readouterr().out == "127.0.0.2\n"
