from inventory import add_item, count_items, summary
from inventory.models import Item


def test_add_item():
    item = add_item("bolt")
    assert item.label() == "Bolt"
    assert count_items() == 1


def test_summary():
    assert summary() == "1 items"


def test_item():
    assert Item("nut").label() == "Nut"
