"""The one writer of supplements (docs/supplements.md): a new supplement, a new version
of one, taking the owner's version of an imported roster's supplement, and turning its
read-only link on and off. Pinning a version to a roster is a roster's write
(roster.rosters.operations.pin_supplement); views and the fill-in never write here
themselves.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction

from roster.supplements.models import KEPT_VERSIONS, Supplement, SupplementVersion
from rules.supplement import SupplementDocument, dump_supplement, supplement_digest


def new_token() -> str:
    """A random share token: 32 URL-safe characters, 192 bits."""
    return secrets.token_urlsafe(24)


def create_supplement(
    owner: Any, document: SupplementDocument, copied_from: Supplement | None = None
) -> Supplement:
    """A new supplement of ``owner`` with ``document`` as version 1 (``copied_from``: the
    shared supplement it copies). The caller checks the per-player count."""
    with transaction.atomic():
        supplement = Supplement.objects.create(
            owner=owner, system=document.system, name=document.name, copied_from=copied_from
        )
        save_version(supplement, document)
    return supplement


def save_version(supplement: Supplement, document: SupplementDocument) -> SupplementVersion:
    """Store ``document`` as the next version of ``supplement`` and return it; unchanged
    content returns the latest version, writing nothing. The supplement takes the
    document's name.

    Older versions no roster pins are dropped beyond the newest ``KEPT_VERSIONS``, so a
    supplement's storage stays bounded; a pinned version is always kept."""
    with transaction.atomic():
        locked = Supplement.objects.select_for_update().get(pk=supplement.pk)
        last = locked.versions.order_by("-number").first()
        digest = supplement_digest(document)
        if last is not None and last.digest == digest:
            return last
        version = SupplementVersion.objects.create(
            supplement=locked,
            number=(last.number + 1) if last else 1,
            data=dump_supplement(document),
            digest=digest,
        )
        Supplement.objects.filter(pk=supplement.pk).update(name=document.name)
        supplement.name = document.name
        keep = locked.versions.order_by("-number").values_list("pk", flat=True)[:KEPT_VERSIONS]
        locked.versions.exclude(pk__in=list(keep)).filter(pins__isnull=True).delete()
    return version


def adopt(owner: Any, document: SupplementDocument) -> SupplementVersion:
    """The owner's version with exactly this content, or a new supplement holding it
    (an imported or copied roster's embedded supplement)."""
    digest = supplement_digest(document)
    found = SupplementVersion.objects.filter(supplement__owner=owner, digest=digest).order_by("-pk").first()
    return found if found is not None else create_supplement(owner, document).latest


def share_supplement(supplement: Supplement) -> str:
    """Turn the read-only link on (keeping an existing token); returns the token."""
    if not supplement.share_token:
        supplement.share_token = new_token()
        supplement.save(update_fields=["share_token", "updated"])
    return supplement.share_token


def unshare_supplement(supplement: Supplement) -> None:
    """Revoke the read-only link: the old link answers 404 from now on."""
    supplement.share_token = None
    supplement.save(update_fields=["share_token", "updated"])
