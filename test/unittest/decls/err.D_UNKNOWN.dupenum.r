-- @@stderr --
dtrace: failed to compile script err.D_UNKNOWN.dupenum.d: [D_UNKNOWN] line 1: failed to define enumerator 'ONE': Duplicate member or variable name
