from app.payments.errors import PaymentDeclined
from app.payments.gateway import charge


def retry_failed(failed):
    recovered = []
    for customer_id, amount_cents in failed:
        try:
            recovered.append(charge(customer_id, amount_cents))
        except PaymentDeclined:
            continue
    return recovered
