"""Re-exports the stock functions (a star import) and the report, limited by __all__."""

from inventory.api.reports import summary
from inventory.api.stock import *  # noqa: F403

__all__ = ["add_item", "count_items", "summary"]
