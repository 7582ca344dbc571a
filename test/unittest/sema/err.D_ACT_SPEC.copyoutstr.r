-- @@stderr --
dtrace: failed to compile script err.D_ACT_SPEC.copyoutstr.d: [D_ACT_SPEC] line 4: destructive actions may not follow speculate( )
