"""The order service keeps its repository in an attribute."""

from repository import OrderRepository


class OrderService:
    def __init__(self):
        self.repo = OrderRepository()

    def place(self, order_id, items):
        self.repo.save(order_id, items)
        return self.repo.find(order_id)


service = OrderService()
print(service.place(42, ["tea"]))
