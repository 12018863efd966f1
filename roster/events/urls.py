"""Event URLs (issue 31, docs/events.md)."""

from django.urls import path

from roster.events import views

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/<int:pk>/", views.event_page, name="event-page"),
    path("events/<int:pk>/pair/", views.pair_round, name="event-pair"),
    path("events/<int:pk>/entries/<int:entry>/review/", views.review, name="event-review"),
    path("events/<int:pk>/pairings/<int:pairing>/result/", views.record, name="event-result"),
    path("events/<int:pk>/pairings/<int:pairing>/game/", views.start_table, name="event-game"),
    path("register/<str:code>/", views.register, name="event-register"),
]
