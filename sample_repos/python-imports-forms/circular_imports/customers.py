"""Customers summarise their orders (circular import with orders)."""

import orders


def customer_name(order_id):
    return "customer-" + str(order_id % 3)


def customer_summary(order_id):
    spent = orders.order_total(order_id)
    return customer_name(order_id) + " spent " + str(spent)
