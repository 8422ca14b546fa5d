"""Ordinary helper module next to the hostile files."""
import re
import unicodedata


def slugify_all(titles):
    return [slugify(title) for title in titles]


def label(title):
    return f"[{slugify(title)}] {len(title)} chars"


def slugify(text):
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
