-- @@stderr --
dtrace: failed to compile script err.D_CG_DYN.agg-value.d: [D_CG_DYN] line 8: expression cannot evaluate to result of dynamic type
