-- @@stderr --
dtrace: failed to compile script err.D_DECL_USELESS.nameless.d: [D_DECL_USELESS] line 1: useless declaration
