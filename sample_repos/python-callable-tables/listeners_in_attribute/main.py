class Mailer:
    def notify(self, event):
        print("mail", event)


class Pager:
    def notify(self, event):
        print("page", event)


class Bus:
    def __init__(self):
        self.listeners = []

    def subscribe(self, listener):
        self.listeners.append(listener)

    def publish(self, event):
        for listener in self.listeners:
            listener.notify(event)


bus = Bus()
bus.subscribe(Mailer())
bus.subscribe(Pager())
bus.publish("outage")
