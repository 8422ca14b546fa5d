def trace(func):
    def traced(*args):
        print("->", func.__name__)
        return func(*args)
    return traced


def process_orders(orders):
    @trace
    def total(order):
        return sum(order)

    return [total(order) for order in orders]


print(process_orders([[1, 2], [3]]))
