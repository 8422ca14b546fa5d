ROUTES = {}


def route(func):
    ROUTES["/" + func.__name__] = func
    return func


@route
def index():
    print("home page")


index()
