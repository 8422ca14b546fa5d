def send_email(address):
    print("sending to", address)


def notify_all(addresses):
    notify = send_email
    for address in addresses:
        notify(address)


notify_all(["ada@example.com", "linus@example.com"])
