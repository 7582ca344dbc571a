-- @@stderr --
dtrace: failed to compile script err.D_UNKNOWN.uregs-past-trapno.d: [D_UNKNOWN] line 4: uregs[]: index out of bounds (26)
