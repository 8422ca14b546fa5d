"""Entry script: most of it runs at import time."""
import sys

import config
import plugins
from config.loader import load_settings

print("app (%s)" % config.SETTINGS["env"])
if config.SETTINGS["debug"]:
    print("settings:", load_settings())


def describe_settings(settings):
    class View:
        keys = sorted(settings)

        def show(self):
            return ", ".join(self.keys)

    return View().show()


for arg in sys.argv[1:]:
    print(plugins.run("shout", arg))

print(describe_settings(config.SETTINGS))
