"""Base document type shared by every printable record."""


class Document:
    def __init__(self, title):
        self.title = title

    def header(self):
        return "== " + self.title + " =="

    def render(self, lines):
        return [self.header()] + lines
