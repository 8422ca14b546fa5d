"""The inventory package: its API is re-exported from inventory.api."""

from inventory.api import *  # noqa: F403
