"""Order handling; "." here is shop.orders itself, so this is shop.orders.cart."""
from .cart import checkout
