CPU     ID                    FUNCTION:NAME
  0      1                           :BEGIN 
  0      2                             :END           2

-- @@stderr --
dtrace: script 'tst.matched-per-clause.d' matched 5 probes
