from db import Connection


def run_report():
    conn = Connection("sqlite://reports.db")
    conn.cursor().execute("SELECT count(*) FROM orders")


run_report()
