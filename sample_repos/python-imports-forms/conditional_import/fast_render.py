"""Fast renderer: plain %-formatting."""


def render(template, values):
    return template % values
