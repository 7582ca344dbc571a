-- @@stderr --
dtrace: failed to compile script err.D_VAR_UNDEF.self-read-first.d: [D_VAR_UNDEF] line 7: self->start has not yet been declared or assigned
