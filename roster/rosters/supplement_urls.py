"""Supplement URLs (under /supplements/) and a roster's choice of supplement."""

from django.urls import path

from roster.rosters.views import supplements

urlpatterns = [
    path("supplements/", supplements.supplement_list, name="supplement-list"),
    path("supplements/new/", supplements.supplement_new, name="supplement-new"),
    path("supplements/import/", supplements.supplement_import, name="supplement-import"),
    path("supplements/<int:pk>/", supplements.supplement_edit, name="supplement-edit"),
    path("supplements/<int:pk>/export.json", supplements.supplement_export, name="supplement-export"),
    path("supplements/<int:pk>/share/", supplements.supplement_share, name="supplement-share"),
    path("supplements/<int:pk>/share/revoke/", supplements.supplement_unshare, name="supplement-unshare"),
    path("supplements/s/<slug:token>/", supplements.supplement_shared, name="supplement-shared"),
    path("supplements/s/<slug:token>/copy/", supplements.supplement_copy, name="supplement-copy"),
    path("rosters/<int:pk>/supplement/", supplements.roster_supplement, name="roster-supplement"),
    path(
        "rosters/<int:pk>/supplement/accept/",
        supplements.roster_supplement_accept,
        name="roster-supplement-accept",
    ),
]
