"""Local names that shadow a builtin and an import."""
from tools import slugify


def open(path):
    return "opened " + path


def read_config(path):
    return open(path)


def render(title, slugify=None):
    if slugify is None:
        return title
    return slugify(title)


def default_render(title):
    return slugify(title)


def heading(text):
    return text.upper()


class Page:
    def heading(self, text):
        return "<h1>" + heading(text) + "</h1>"
