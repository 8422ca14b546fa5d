"""Output settings for the report tool."""


def format_short(value):
    return f"{value:.1f}"


def format_long(value):
    return f"{value:.6f}"


formatter = format_short
