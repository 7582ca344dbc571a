-- @@stderr --
dtrace: failed to compile script err.tuple-registers.d: Insufficient tuple registers to generate code
