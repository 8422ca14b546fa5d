"""Entry point touching both halves of the cycle."""

import orders
import customers


print(orders.describe_order(4))
print(customers.customer_summary(4))
