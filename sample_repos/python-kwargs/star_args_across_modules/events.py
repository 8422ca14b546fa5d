def emit(*listeners):
    for listener in listeners:
        listener("tick")
