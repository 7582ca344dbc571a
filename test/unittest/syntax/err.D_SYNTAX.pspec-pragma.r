-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.pspec-pragma.d: [D_SYNTAX] line 6: expected predicate and/or actions following probe description
