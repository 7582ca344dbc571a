
  a                                                                 1
  b                                                                 1
-- @@stderr --
dtrace: [DTRACEDROP_AGGREGATION] 2 aggregation drops on CPU 0
