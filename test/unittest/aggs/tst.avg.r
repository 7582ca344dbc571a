
  neg                                                              -7
  mixed                                                            -1
  zero                                                              0
  trunc                                                             1
  one                                                               7
neg    9223372036854775800
mixed  6148914691236517204
zero   0
trunc  1
one    7

