from typing import TYPE_CHECKING

from inventory.storage import load, save

if TYPE_CHECKING:
    from inventory.models import Item


def add_item(name: str) -> "Item":
    items = load()
    item = make_item(name)
    items.append(item)
    save(items)
    return item


def make_item(name: str) -> "Item":
    from inventory.models import Item

    return Item(name)


def count_items() -> int:
    return len(load())
