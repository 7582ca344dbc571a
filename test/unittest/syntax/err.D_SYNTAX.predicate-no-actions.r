-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.predicate-no-actions.d: [D_SYNTAX] line 3: expected actions { } following probe description and predicate
