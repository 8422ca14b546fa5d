"""URL routes as (path, view) pairs; the router renders every page."""


def index_page():
    return "<h1>Home</h1>"


def about_page():
    return "<h1>About</h1>"


def not_found_page():
    return "<h1>Not found</h1>"


ROUTES = [("/", index_page), ("/about", about_page)]


def render_site():
    pages = {}
    for path, view in ROUTES:
        pages[path] = view()
    return pages


print(render_site())
