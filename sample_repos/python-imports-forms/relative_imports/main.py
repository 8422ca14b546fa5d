"""Entry point: imports the checkout submodule from its package."""

from shop.cart import checkout

basket = [(2.5, 2), (4.0, 1)]
print(checkout.checkout(basket))
