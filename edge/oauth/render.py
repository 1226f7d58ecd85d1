"""A tiny HTML template helper: ``string.Template`` files with every value escaped by default.

The pages are few and simple, so plain templates in ``templates/*.html`` are enough; no template
engine is added to the edge. A value is inserted unescaped only when wrapped in ``Safe`` (already
built from escaped parts), so forgetting to escape user text is not possible by omission.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from string import Template

from starlette.responses import HTMLResponse

from edge.oauth.security import apply_security_headers, new_nonce

TEMPLATES = Path(__file__).parent / "templates"


class Safe(str):
    """Markup that was built from escaped parts and may be inserted as is."""

    __slots__ = ()


EMPTY = Safe("")


def escape(value: object) -> str:
    """HTML-escape ``value`` (quotes included) unless it is ``Safe``."""
    if isinstance(value, Safe):
        return str(value)
    return html.escape(str(value), quote=True)


def join(parts: list[Safe]) -> Safe:
    """Concatenate already-safe fragments."""
    return Safe("".join(parts))


@cache
def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def fragment(template: str, /, **values: object) -> Safe:
    """Render ``templates/<template>`` with escaped ``values``."""
    return Safe(_template(template).substitute({key: escape(value) for key, value in values.items()}))


def page(
    title: str,
    content: Safe,
    *,
    status: int = 200,
    nonce: str | None = None,
    form_targets: tuple[str, ...] = (),
    extra_style: Safe = EMPTY,
    wide: bool = False,
) -> HTMLResponse:
    """A complete page in the shared layout, with the security headers and a fresh CSP nonce;
    ``extra_style`` adds rules of the page's own, ``wide`` a wider column (for charts and tables)."""
    nonce = nonce or new_nonce()
    body = fragment(
        "base.html",
        title=title,
        content=content,
        nonce=nonce,
        extra_style=extra_style,
        main_class="wide" if wide else "narrow",
    )
    response = HTMLResponse(str(body), status_code=status)
    apply_security_headers(response, nonce, form_targets)
    return response


def message_page(
    title: str, message: str, *, status: int, link: tuple[str, str] | None = None
) -> HTMLResponse:
    """A page that only says something: errors, expired or decided links, "done"."""
    action = Safe("")
    if link is not None:
        action = fragment("link.html", href=link[0], label=link[1])
    return page(title, fragment("message.html", title=title, message=message, action=action), status=status)
