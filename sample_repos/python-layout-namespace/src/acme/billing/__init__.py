from acme.billing.invoice import total
