import os


def load_defaults():
    return {"colour": "blue"}


def env_flag(name):
    return os.getenv(name) == "1"


class Theme:
    DEFAULTS = load_defaults()
    DEBUG = env_flag("THEME_DEBUG")

    def colour(self):
        return self.DEFAULTS["colour"]


def make_widget_class():
    class Widget:
        BORDER = env_flag("WIDGET_BORDER")

        def area(self):
            return 4 if self.BORDER else 1

    return Widget


print(Theme().colour(), make_widget_class())
