"""Text helpers; only slugify is exported by a star import."""

__all__ = ["slugify"]


def slugify(title):
    return shorten(title, 40)


def shorten(text, width):
    return text[:width]
