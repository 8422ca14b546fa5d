def log_calls(func):
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)
    return wrapper


@log_calls
def save_order(order_id):
    print("saved order", order_id)


save_order(17)
