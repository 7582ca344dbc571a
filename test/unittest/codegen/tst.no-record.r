CPU     ID                    FUNCTION:NAME
  0     15                       :tick-1000 
  0      2                             :END           1

                1
-- @@stderr --
dtrace: script 'tst.no-record.d' matched 3 probes
