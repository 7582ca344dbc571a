CPU     ID                    FUNCTION:NAME
  1      1                           :BEGIN           1
  1      1                           :BEGIN           2
  1      2                             :END           3

-- @@stderr --
dtrace: script 'tst.several-programs.d' matched 1 probe
dtrace: description 'END ' matched 1 probe
dtrace: description 'BEGIN ' matched 1 probe
