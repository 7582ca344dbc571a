-- @@stderr --
dtrace: failed to compile script err.D_VAR_UNDEF.compound-first.d: [D_VAR_UNDEF] line 8: total has not yet been declared or assigned
