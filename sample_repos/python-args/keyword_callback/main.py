def log_error(message):
    print("ERROR:", message)


def validate(record, on_error):
    if "id" not in record:
        on_error("missing id")
    return record


validate({"name": "widget"}, on_error=log_error)
