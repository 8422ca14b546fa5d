class PaymentDeclined(Exception):
    def report(self):
        print("declined")

    def retry_after(self):
        return 0

    def __str__(self):
        return "payment declined"


class Timeout(Exception):
    def retry_after(self):
        return 30


def charge(amount):
    if amount > 100:
        raise PaymentDeclined()
    if amount < 0:
        raise Timeout()


def checkout(amount):
    try:
        charge(amount)
    except PaymentDeclined as error:
        error.report()
        print(str(error))


def wait_time(amount):
    try:
        charge(amount)
    except (Timeout, PaymentDeclined) as error:
        return error.retry_after()
    return None


checkout(500)
print(wait_time(-1), wait_time(500))
