"""Admin for the rules catalogue: every edit is checked against the system's schema
and bumps the rules data digest, so rosters can say what changed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from roster.rosters.models import CATALOGUE_TABLES, RuleSet, RuleSetVersion
from roster.rosters.operations import refresh_digest
from rules.system import CatalogueError


class CatalogueEntryAdmin(admin.ModelAdmin[Any]):
    """Edit one catalogue table. A change that breaks the schema is rolled back with a message."""

    list_display = ("name", "slug", "position")
    search_fields = ("name", "slug")
    ordering = ("position",)

    def _refresh(self, request: HttpRequest, system: str) -> None:
        try:
            refresh_digest(system)
        except CatalogueError as exc:
            transaction.set_rollback(True)
            messages.error(request, f"Not saved: {exc}")

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            self._refresh(request, obj.ruleset.system)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            system = obj.ruleset.system
            super().delete_model(request, obj)
            self._refresh(request, system)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        with transaction.atomic():
            systems = set(queryset.values_list("ruleset__system", flat=True))
            super().delete_queryset(request, queryset)
            for system in systems:
                self._refresh(request, system)


# The columns of a table's list: its own values, read from its model (not its row's place,
# the ruleset, long texts or lists).
_BASE = {"id", "ruleset", "position", "name", "slug", "aliases"}


def _columns(model: type[Any]) -> tuple[str, ...]:
    return tuple(
        f.name
        for f in model._meta.concrete_fields
        if f.name not in _BASE and f.get_internal_type() not in ("JSONField", "TextField")
    )


for _tables in CATALOGUE_TABLES.values():
    for _model in _tables.values():
        admin.site.register(
            _model,
            type(
                f"{_model.__name__}Admin",
                (CatalogueEntryAdmin,),
                {"list_display": ("name", *_columns(_model), "slug")},
            ),
        )


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin[Any]):
    """The per-system settings and the current digest (read-only)."""

    list_display = ("title", "system", "digest", "updated")
    readonly_fields = ("digest", "updated")


@admin.register(RuleSetVersion)
class RuleSetVersionAdmin(admin.ModelAdmin[Any]):
    """Snapshots of earlier rules data, kept so rosters can be compared with them."""

    list_display = ("system", "digest", "created")
    readonly_fields = ("system", "digest", "data", "created")
