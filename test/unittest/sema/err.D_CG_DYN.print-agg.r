-- @@stderr --
dtrace: failed to compile script err.D_CG_DYN.print-agg.d: [D_CG_DYN] line 5: expression cannot evaluate to result of dynamic type
