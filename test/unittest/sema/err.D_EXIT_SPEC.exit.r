-- @@stderr --
dtrace: failed to compile script err.D_EXIT_SPEC.exit.d: [D_EXIT_SPEC] line 4: exit( ) may not follow speculate( )
