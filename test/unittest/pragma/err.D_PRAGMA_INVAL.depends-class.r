-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_INVAL.depends-class.d: [D_PRAGMA_INVAL] line 4: invalid class kernel specified by #pragma depends_on
