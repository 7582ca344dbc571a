-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_DEPEND.library.d: [D_PRAGMA_DEPEND] line 1: main program may not explicitly depend on a library
