CPU     ID                    FUNCTION:NAME
  0      1                           :BEGIN 

-- @@stderr --
dtrace: script 'tst.destructive-allowed.d' matched 1 probe
dtrace: allowing destructive actions
