from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

# Swagger UI puts styles inline, which the site's policy forbids
# (config/settings.py): its page, and no other, allows inline styles.
# Its scripts keep to the policy: the split view serves Swagger UI's
# set-up script as a file of its own rather than inline.
docs_styles = csp_update({"style-src": ["'unsafe-inline'"]})

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs", docs_styles(SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"),
    path("api/", include("league.api.urls")),
]

urlpatterns += [
    path("", include("league.pages.pad_urls")),
    path("", include("league.pages.pad_engine_urls")),
    path("", include("league.pages.night_urls")),
    path("", include("league.pages.public_urls")),
    path("", include("league.pages.notices_urls")),
    path("secretary/", include("league.pages.secretary_urls")),
    path("accounts/", include("league.pages.accounts_urls")),
]

# Errors no view answered: JSON under /api/, the site's pages elsewhere.
handler400 = "league.api.errors.bad_request"
handler403 = "league.api.errors.permission_denied"
handler404 = "league.api.errors.page_not_found"
handler500 = "league.api.errors.server_error"
