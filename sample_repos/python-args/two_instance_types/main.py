class EmailChannel:
    def send(self, text):
        print("email:", text)


class SmsChannel:
    def send(self, text):
        print("sms:", text)


class PagerChannel:
    def send(self, text):
        print("pager:", text)


def alert(channel, text):
    channel.send(text)


alert(EmailChannel(), "disk almost full")
alert(SmsChannel(), "disk almost full")
