-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.predicate-paren.d: [D_SYNTAX] line 4: closing ) expected in predicate before /
