class ParseError(Exception):
    def __init__(self, line, message="parse error"):
        super().__init__(f"line {line}: {message}")


class BadDate(ParseError):
    def __init__(self, line):
        super().__init__(line, "bad date")
