-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.bare-description.d: [D_SYNTAX] line 2: expected predicate and/or actions following probe description
