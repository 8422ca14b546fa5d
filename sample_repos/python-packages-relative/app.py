"""Command-line demo of the shop package."""
import shop
import shop.reports.daily
from shop.orders import checkout

PRICES = {"apple": 120, "pear": 95}


def quote(cents):
    return shop.apply_discount(cents, 10)


def main():
    print(quote(1000))
    print(checkout([(120, 3), (95, 2)], discount=5))
    print(shop.reports.daily.summarize(["applex2", "pear"], PRICES))


main()
