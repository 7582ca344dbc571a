-- @@stderr --
dtrace: failed to compile script err.D_CG_DYN.bare.d: [D_CG_DYN] line 19: expression cannot evaluate to result of dynamic type
