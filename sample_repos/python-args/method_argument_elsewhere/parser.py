from errors import BadDate
from source import Source


class Parser:
    def __init__(self, text):
        self._src = Source(text)

    def parse_date(self):
        raise self._src.parse_error(BadDate)
