"""The rules as data: codes, parameters, variants, the model of a hand, money and chips."""
