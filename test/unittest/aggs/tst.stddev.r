
  one                                                               0
  classic                                                           2
  sym                                                              10
  far                                                          500000
  huge                                                     7013652224
