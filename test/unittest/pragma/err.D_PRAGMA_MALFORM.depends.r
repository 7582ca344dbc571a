-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_MALFORM.depends.d: [D_PRAGMA_MALFORM] line 1: malformed #pragma depends_on <class> <name>
