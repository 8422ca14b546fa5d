PLUGINS = {}


def register_plugin(cls):
    PLUGINS[cls.__name__] = cls
    return cls


@register_plugin
class CsvPlugin:
    def __init__(self, path):
        self.path = path

    def load(self):
        print("loading", self.path)


plugin = CsvPlugin("data.csv")
plugin.load()
