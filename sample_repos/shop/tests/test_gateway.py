import pytest

from app.payments.gateway import charge


def test_charge_rejects_zero():
    with pytest.raises(ValueError):
        charge("c1", 0)
