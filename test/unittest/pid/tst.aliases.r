CPU     ID                    FUNCTION:NAME
  1      1                           :BEGIN 

-- @@stderr --
dtrace: script 'tst.aliases.d' matched 3 probes
