first
second

  echo                                                              1
