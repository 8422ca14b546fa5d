RATES = {"fr": 5, "de": 7}


def rate_for(country):
    return RATES.get(country, 10)
