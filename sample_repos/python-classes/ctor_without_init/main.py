"""Settings object with class-level defaults and no __init__."""


class Settings:
    debug = False
    retries = 3

    def load(self, overrides):
        for key in overrides:
            setattr(self, key, overrides[key])
        return self

    def describe(self):
        return "debug=" + str(self.debug)


def configure():
    settings = Settings()
    settings.load({"debug": True})
    return settings.describe()


print(configure())
