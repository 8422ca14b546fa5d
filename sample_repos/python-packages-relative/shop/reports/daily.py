"""Daily sales summary."""
from ..orders import checkout
from ..orders.lines import parse_line


def summarize(day_lines, prices):
    entries = []
    for text in day_lines:
        sku, quantity = parse_line(text)
        entries.append((prices[sku], quantity))
    return checkout(entries)
