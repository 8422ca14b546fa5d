"""Persistence for orders."""


class OrderRepository:
    def __init__(self):
        self.rows = {}

    def save(self, order_id, order):
        self.rows[order_id] = order
        return order_id

    def find(self, order_id):
        return self.rows[order_id]
