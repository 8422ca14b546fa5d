class Parser:
    def __init__(self, options):
        self.options = options

    @classmethod
    def create(cls):
        return cls(cls.default_options())

    @classmethod
    def default_options(cls):
        return {"strict": False}


class StrictParser(Parser):
    @classmethod
    def default_options(cls):
        return {"strict": True}


print(Parser.create().options, StrictParser.create().options)
