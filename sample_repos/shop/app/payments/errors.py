class PaymentDeclined(Exception):
    def __init__(self, customer_id, reason):
        super().__init__(f"{customer_id}: {reason}")
        self.customer_id = customer_id
        self.reason = reason
