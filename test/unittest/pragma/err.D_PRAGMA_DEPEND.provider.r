-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_DEPEND.provider.d: [D_PRAGMA_DEPEND] line 1: program requires provider nosuchprovider
