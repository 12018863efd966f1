"""A club's evening on one laptop (issue 38, `make club`): the machine's address on the
local network, and the banner `make club` prints (the address and a QR code to scan).

Standard library only, so `make` can ask for the address before the virtualenv exists;
segno (for the QR code) is imported when the banner is printed. Run as a module:

    python -m roster.core.lan address     # the address, or exit 2 with the reason
    python -m roster.core.lan show URL    # the banner for URL

``LAN_ADDRESS`` chooses the address instead of looking for it (a machine on several
networks, and the tests, which never reach the real network: they give 127.0.0.2).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

#: TEST-NET-1 (RFC 5737): never routed anywhere. Connecting a UDP socket to it sends
#: nothing; the kernel only picks the route, and with it the address this machine would
#: speak from on its network.
PROBE = ("192.0.2.1", 9)


class NoNetwork(Exception):
    """No address on a local network: the machine is on none, or only on loopback."""


def probe() -> str:
    """The source address of this machine's default route (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(PROBE)
        except OSError as error:
            raise NoNetwork(f"no network route ({error.strerror or error})") from None
        return str(sock.getsockname()[0])


def lan_address(environ: Mapping[str, str] = os.environ, find: Callable[[], str] | None = None) -> str:
    """The address phones in the room reach this machine on: ``LAN_ADDRESS`` when given
    (any IP address, loopback too: the tests'), else the default route's source address,
    which must be a private or link-local one (a public address means the laptop is on
    the internet directly, not on a club's Wi-Fi: serving there is not what was asked).
    Raises NoNetwork with the reason otherwise. ``find`` stands in for :func:`probe`."""
    given = environ.get("LAN_ADDRESS", "").strip()
    if given:
        try:
            return str(ipaddress.ip_address(given))
        except ValueError:
            raise NoNetwork(f"LAN_ADDRESS is not an IP address: {given!r}") from None
    found = ipaddress.ip_address((find or probe)())
    if found.is_loopback or found.is_unspecified:
        raise NoNetwork("this machine is on no network but its own (loopback)")
    if not (found.is_private or found.is_link_local):
        raise NoNetwork(f"{found} is a public address, not a local network's")
    return str(found)


def host_in_url(address: str) -> str:
    """``address`` as a URL's host: an IPv6 address in brackets."""
    return f"[{address}]" if ":" in address else address


def show(url: str, out: TextIO = sys.stdout) -> None:
    """The banner: where the room's phones go, and a QR code of it for their cameras."""
    import segno

    out.write(f"\nMuster for the room: {url}\n")
    out.write("Phones on this Wi-Fi: scan the code or type the address (plain http: docs/play.md).\n")
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    out.write("\n")
    out.flush()


def main(argv: list[str]) -> int:
    """The command line: ``address`` or ``show URL``."""
    if argv[:1] == ["address"] and len(argv) == 1:
        try:
            print(host_in_url(lan_address()))
        except NoNetwork as error:
            print(f"make club: {error}; give the address with LAN_ADDRESS=...", file=sys.stderr)
            return 2
        return 0
    if argv[:1] == ["show"] and len(argv) == 2:
        show(argv[1])
        return 0
    print("usage: python -m roster.core.lan address | show URL", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
