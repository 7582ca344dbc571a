-- @@stderr --
dtrace: failed to compile script err.D_AGG_MDIM.twice.d: [D_AGG_MDIM] line 3: improper attempt to reference @a as a multi-dimensional array
