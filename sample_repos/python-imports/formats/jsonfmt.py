import json as _json


def render(rows):
    return _json.dumps([list(row) for row in rows], indent=1)


def parse(text):
    return [tuple(row) for row in _json.loads(text)]
