-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.pspec-option.d: [D_SYNTAX] line 3: expected predicate and/or actions following probe description
