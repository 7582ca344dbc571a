CPU     ID                    FUNCTION:NAME
  0      1                           :BEGIN 8 8 8 8
4294967296 -1 1 -1

  0      1                           :BEGIN                    0

-- @@stderr --
dtrace: script 'tst.incdec-creates-int64.d' matched 2 probes
