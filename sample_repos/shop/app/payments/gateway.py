import os

from app.payments.errors import PaymentDeclined

API_KEY = os.environ.get("PAYMENTS_API_KEY", "")


def charge(customer_id, amount_cents):
    """Charge a customer's saved card; raise PaymentDeclined when the bank says no."""
    if amount_cents <= 0:
        raise ValueError("amount must be positive")
    if not API_KEY:
        raise PaymentDeclined(customer_id, "no api key")
    return {"customer": customer_id, "amount": amount_cents, "status": "paid"}


def refund(payment):
    return {**payment, "status": "refunded"}
