"""Reading a JSON settings file with the standard library."""

import json
import os.path
from collections import defaultdict
from datetime import datetime


def settings_path(folder):
    return os.path.join(folder, "settings.json")


def load(folder):
    with open(settings_path(folder)) as handle:
        return json.loads(handle.read())


def group_by_section(pairs):
    sections = defaultdict(list)
    for section, key in pairs:
        sections[section] += [key]
    return sections


def stamp():
    return datetime.now().isoformat()


print(stamp(), dict(group_by_section([("db", "host"), ("db", "port")])))
