-- @@stderr --
dtrace: failed to compile script err.D_IDENT_BADREF.assoc-scalar.d: [D_IDENT_BADREF] line 4: associative array 'seen' may not be referenced as scalar
