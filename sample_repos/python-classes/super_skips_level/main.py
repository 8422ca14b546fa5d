"""super() finds the nearest base that defines the method, two levels up."""


class Handler:
    def handle(self, request):
        return "handled " + request

    def close(self):
        return "closed"


class LoggingHandler(Handler):
    def close(self):
        print("closing")
        return super().close()


class JsonHandler(LoggingHandler):
    def handle(self, request):
        print("json request")
        return super().handle(request)


h = JsonHandler()
h.handle("GET /")
h.close()
