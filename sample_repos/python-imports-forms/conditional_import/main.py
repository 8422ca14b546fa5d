"""Pick a renderer at import time; either one may be bound."""

import os

if os.getenv("RENDER_FAST") == "1":
    from fast_render import render
else:
    from slow_render import render


def page(title):
    return render("<h1>%s</h1>", (title,))


print(page("Welcome"))
