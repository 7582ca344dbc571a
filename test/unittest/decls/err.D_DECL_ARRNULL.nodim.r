-- @@stderr --
dtrace: failed to compile script err.D_DECL_ARRNULL.nodim.d: [D_DECL_ARRNULL] line 2: array declaration requires array dimension or tuple signature: counts
