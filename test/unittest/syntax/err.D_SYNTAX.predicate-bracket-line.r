-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.predicate-bracket-line.d: [D_SYNTAX] line 5: closing ] expected in predicate before /
