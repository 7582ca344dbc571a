-- @@stderr --
dtrace: failed to compile script several/syntax.d: [D_SYNTAX] line 6: syntax error near ")"
