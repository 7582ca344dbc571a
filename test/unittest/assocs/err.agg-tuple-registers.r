-- @@stderr --
dtrace: failed to compile script err.agg-tuple-registers.d: Insufficient tuple registers to generate code
