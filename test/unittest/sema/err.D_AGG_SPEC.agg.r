-- @@stderr --
dtrace: failed to compile script err.D_AGG_SPEC.agg.d: [D_AGG_SPEC] line 4: aggregating actions may not follow speculate( )
