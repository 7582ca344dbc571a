-- @@stderr --
dtrace: failed to compile script err.D_UNKNOWN.uregs-bounds.d: [D_UNKNOWN] line 7: uregs[]: index out of bounds (100)
