def render_json(report):
    return "{\"total\": %d}" % report["total"]


def render_text(report):
    return "total: " + str(report["total"])


def export(report, as_json):
    if as_json:
        renderer = render_json
    else:
        renderer = render_text
    return renderer(report)


print(export({"total": 3}, True))
print(export({"total": 4}, False))
