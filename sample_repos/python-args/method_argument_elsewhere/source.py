from errors import ParseError


class Source:
    def __init__(self, text):
        self.text = text

    def parse_error(self, exception=ParseError, *args):
        return exception(1, *args)
