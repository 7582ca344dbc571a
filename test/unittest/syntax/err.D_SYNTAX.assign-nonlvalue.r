-- @@stderr --
dtrace: failed to compile script err.D_SYNTAX.assign-nonlvalue.d: [D_SYNTAX] line 4: syntax error near "="
