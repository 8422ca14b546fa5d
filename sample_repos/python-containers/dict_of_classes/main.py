"""Config parsers chosen by file extension; the class itself is stored."""


class IniParser:
    def __init__(self, text):
        self.text = text

    def parse(self):
        return {"format": "ini", "size": len(self.text)}


class TomlParser:
    def __init__(self, text):
        self.text = text

    def parse(self):
        return {"format": "toml", "size": len(self.text)}


PARSERS = {"ini": IniParser, "toml": TomlParser}


def load_settings(text):
    parser = PARSERS["ini"](text)
    return parser.parse()


print(load_settings("[core]\nname = demo"))
