-- @@stderr --
dtrace: failed to compile script err.D_PRINTA_AGGBAD.undef.d: [D_PRINTA_AGGBAD] line 3: undefined aggregation: @nosuch
