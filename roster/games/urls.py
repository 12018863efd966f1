"""Game URLs (docs/play.md): My games, the table, its actions, the result, exports."""

from django.urls import path

from roster.games import joining, stream, views

urlpatterns = [
    path("games/", views.game_list, name="game-list"),
    path("rosters/<int:pk>/play/", views.game_new, name="game-new"),
    path("games/<int:pk>/", views.table, name="game-table"),
    path("games/<int:pk>/state/", views.state, name="game-state"),
    path("games/<int:pk>/stream/", stream.stream, name="game-stream"),
    path("games/<int:pk>/act/", views.act, name="game-act"),
    path("games/<int:pk>/undo/", views.undo, name="game-undo"),
    path("games/<int:pk>/finish/", views.finish, name="game-finish"),
    path("games/<int:pk>/result/", views.result, name="game-result"),
    path("games/<int:pk>/reopen/", views.reopen, name="game-reopen"),
    path("games/<int:pk>/delete/", views.delete, name="game-delete"),
    path("games/<int:pk>/export.json", views.export_json, name="game-export-json"),
    path("games/<int:pk>/export.txt", views.export_text, name="game-export-text"),
    path("games/<int:pk>/revoke/", joining.revoke, name="game-revoke"),
    path("join/", joining.join_by_code, name="game-join-code"),
    path("join/<str:code>/", joining.join, name="game-join"),
]
