-- @@stderr --
dtrace: failed to compile script err.D_IDENT_BADREF.sizeof-args.d: [D_IDENT_BADREF] line 3: associative array 'args' may not be referenced as scalar
