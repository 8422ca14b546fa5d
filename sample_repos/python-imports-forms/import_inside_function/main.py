"""Modules are imported only inside the functions that need them."""


def export_report(rows):
    import exporter

    exporter.write_rows(rows)


def notify(address):
    from mailer import send as deliver

    deliver(address, "report ready")


def main():
    export_report([("id", "total"), ("1", "9.50")])
    notify("ops@example.org")


main()
