"""Muster's URLs."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from roster.accounts import page as account_page
from roster.accounts import views as accounts
from roster.games import views as game_views
from roster.project import health
from roster.rosters.views import editor, fill, history, rosters, transfer
from roster.sheets import views as sharing

# The admin's log-in is the players' log-in (allauth's, with its rate limits).
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

# Never Django's default, which reads the unreadable body again (roster.project.middleware).
handler400 = "roster.project.middleware.bad_request_page"
# The database or Redis gone for a moment is a 503 with Retry-After, not a 500.
handler500 = "roster.project.outage.server_error"

urlpatterns = [
    path("", accounts.home, name="home"),
    path("healthz", accounts.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", health.metrics, name="metrics"),
    path("favicon.ico", accounts.favicon, name="favicon"),
    path("robots.txt", accounts.robots, name="robots"),
    path("manifest.webmanifest", accounts.manifest, name="manifest"),
    path("offline/", accounts.offline, name="offline"),
    path("sw.js", game_views.service_worker, name="service-worker"),
    # Accounts (docs/accounts.md): the names templates use, then allauth's own pages.
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login, name="login"),
    path("accounts/logout/", accounts.logout, name="logout"),
    path("accounts/", account_page.account, name="account"),
    path("accounts/rosters.zip", account_page.rosters_zip, name="account-rosters-zip"),
    path("accounts/delete/", account_page.account_delete, name="account-delete"),
    path("accounts/", include("allauth.urls")),
    path("rosters/", rosters.roster_list, name="roster-list"),
    path("rosters/new/", rosters.roster_new, name="roster-new"),
    path("rosters/examples/<slug:slug>/", rosters.roster_from_example, name="roster-from-example"),
    path("rosters/<int:pk>/", editor.edit, name="roster-edit"),
    path("rosters/<int:pk>/rename/", rosters.roster_rename, name="roster-rename"),
    path("rosters/<int:pk>/duplicate/", rosters.roster_duplicate, name="roster-duplicate"),
    path("rosters/<int:pk>/delete/", rosters.roster_delete, name="roster-delete"),
    path("rosters/<int:pk>/undelete/", rosters.roster_undelete, name="roster-undelete"),
    path("rosters/<int:pk>/options/", editor.update_options, name="roster-options"),
    path("rosters/<int:pk>/models/add/", editor.add_model, name="model-add"),
    path("rosters/<int:pk>/models/<int:index>/", editor.model, name="model-open"),
    path("rosters/<int:pk>/models/<int:index>/", editor.model, name="model-update"),
    path("rosters/<int:pk>/models/<int:index>/remove/", editor.remove_model, name="model-remove"),
    path("rosters/<int:pk>/models/<int:index>/duplicate/", editor.duplicate_model, name="model-duplicate"),
    path("rosters/<int:pk>/models/<int:index>/fill/", fill.fill_gaps, name="model-fill"),
    path("rosters/<int:pk>/models/<int:index>/move/", editor.move_model, name="model-move"),
    path("rosters/<int:pk>/undo/", editor.undo, name="roster-undo"),
    path("rosters/<int:pk>/redo/", editor.redo, name="roster-redo"),
    path("rosters/<int:pk>/rules-seen/", editor.acknowledge_rules, name="roster-rules-seen"),
    path("rosters/<int:pk>/history/", history.history, name="roster-history"),
    path("rosters/<int:pk>/history/<int:number>/restore/", history.restore, name="roster-restore"),
    path("rosters/import/", transfer.import_roster, name="roster-import"),
    path("rosters/<int:pk>/export.json", transfer.export_roster_json, name="roster-export-json"),
    path("rosters/<int:pk>/export.txt", transfer.export_roster_text, name="roster-export-text"),
    path("rosters/<int:pk>/sheet.pdf", sharing.sheet, name="roster-sheet"),
    path("rosters/<int:pk>/sheet/status/", sharing.sheet_status, name="roster-sheet-status"),
    path("rosters/<int:pk>/share/", sharing.share_create, name="roster-share"),
    path("rosters/<int:pk>/share/revoke/", sharing.share_revoke, name="roster-share-revoke"),
    path("rosters/<int:pk>/share/restore/", sharing.share_restore, name="roster-share-restore"),
    path("s/<slug:token>/", sharing.shared, name="shared"),
    path("s/<slug:token>/sheet.pdf", sharing.shared_sheet, name="shared-sheet"),
    path("s/<slug:token>/sheet/status/", sharing.shared_sheet_status, name="shared-sheet-status"),
    path("s/<slug:token>/copy/", sharing.shared_copy, name="shared-copy"),
    path("", include("roster.rosters.supplement_urls")),
    path("", include("roster.games.urls")),
    path("", include("roster.events.urls")),
    path("admin/", admin.site.urls),
]
