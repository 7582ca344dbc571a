-- @@stderr --
dtrace: invalid probe specifier BEGIN{x: [D_SYNTAX] syntax error near end of input
