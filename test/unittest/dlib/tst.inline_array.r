6 12 4
negative non-negative

