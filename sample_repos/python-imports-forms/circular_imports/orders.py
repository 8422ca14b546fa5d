"""Orders know their customer (circular import with customers)."""

import customers


def order_total(order_id):
    return order_id * 10


def describe_order(order_id):
    owner = customers.customer_name(order_id)
    return owner + ": " + str(order_total(order_id))
