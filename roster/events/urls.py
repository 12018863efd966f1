"""Event URLs (issue 31, docs/events.md)."""

from django.urls import path

from roster.events import day, room, stream, views

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/<int:pk>/", views.event_page, name="event-page"),
    path("events/<int:pk>/version/", views.event_version, name="event-version"),
    path("events/<int:pk>/stream/", stream.stream, name="event-stream"),
    path("events/<int:pk>/players/add/", views.add_player, name="event-add-player"),
    path("events/<int:pk>/open/", views.open_round, name="event-open-round"),
    path("events/<int:pk>/challenge/", views.challenge, name="event-challenge"),
    path("events/<int:pk>/pair/", views.pair_round, name="event-pair"),
    path("events/<int:pk>/entries/<int:entry>/review/", views.review, name="event-review"),
    path("events/<int:pk>/entries/<int:entry>/drop/", views.drop, name="event-drop"),
    path("events/<int:pk>/entries/<int:entry>/name/", views.rename, name="event-rename"),
    path("events/<int:pk>/pairings/<int:pairing>/result/", views.record, name="event-result"),
    path("events/<int:pk>/pairings/<int:pairing>/game/", views.start_table, name="event-game"),
    path("events/<int:pk>/pairings/<int:pairing>/reset/", views.reset_table, name="event-reset"),
    path("events/<int:pk>/standings/", views.standings_settings, name="event-standings"),
    path("events/<int:pk>/scores/", views.extra_scores, name="event-scores"),
    path("events/<int:pk>/rounds/<int:number>/swap/", views.swap, name="event-swap"),
    path("events/<int:pk>/rounds/<int:number>/setup/", views.round_setup, name="event-round-setup"),
    path("events/<int:pk>/lists.pdf", views.pack_pdf, name="event-pack"),
    path("events/<int:pk>/lists/status/", views.pack_status, name="event-pack-status"),
    path("events/<int:pk>/screen/", room.screen, name="event-screen"),
    path("events/<int:pk>/rounds/<int:number>/clock/", room.clock, name="event-clock"),
    path("events/<int:pk>/print/<slug:what>/", room.print_page, name="event-print"),
    path("events/<int:pk>/print/<slug:what>.pdf", room.print_pdf, name="event-print-pdf"),
    path("events/<int:pk>/print/<slug:what>/status/", room.print_status, name="event-print-status"),
    path("events/<int:pk>/standings.csv", views.standings_csv, name="event-standings-csv"),
    path("events/<int:pk>/results.csv", views.results_csv, name="event-results-csv"),
    path("events/<int:pk>/export.json", views.export_json, name="event-export-json"),
    path("events/<int:pk>/edit/", day.edit, name="event-edit"),
    path("events/<int:pk>/late/", day.late_lists, name="event-late"),
    path("events/<int:pk>/end/", day.end, name="event-end"),
    path("events/<int:pk>/delete/", day.delete, name="event-delete"),
    path("events/<int:pk>/check-in/", day.check_in_page, name="event-check-in"),
    path("events/<int:pk>/entries/<int:entry>/check-in/", day.check_in, name="event-checked-in"),
    path("register/<slug:code>/", views.register, name="event-register"),
]
