CPU     ID                    FUNCTION:NAME
  0      1                           :BEGIN 
  0      2                             :END 

-- @@stderr --
dtrace: script 'tst.probe-default.d' matched 2 probes
