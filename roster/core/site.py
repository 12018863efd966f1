"""Absolute links to Muster: always on the site address from settings (SITE_URL), never
the request's Host header, which a client chooses (share links, QR codes, the links in
account mails)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from django.conf import settings


def absolute(path: str) -> str:
    """``path`` ("/s/abc/") on the site address: "https://muster.example/s/abc/"."""
    return f"{settings.MUSTER_SITE_URL}{path}"


def on_site(url: str) -> str:
    """An absolute http(s) URL moved onto the site address (its path, query and fragment
    kept); anything else returned unchanged. For URLs a library built from the request."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return url
    site = urlsplit(settings.MUSTER_SITE_URL)
    return urlunsplit(
        (site.scheme, site.netloc, site.path.rstrip("/") + parts.path, parts.query, parts.fragment)
    )


class SiteOfSettings:
    """What allauth's mails read as ``current_site`` (domain, name), from SITE_URL."""

    def __init__(self) -> None:
        self.domain = urlsplit(settings.MUSTER_SITE_URL).netloc
        self.name = "Muster"
