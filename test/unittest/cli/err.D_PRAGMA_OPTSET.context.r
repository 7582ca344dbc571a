-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_OPTSET.context.d: [D_PRAGMA_OPTSET] line 2: failed to set option 'define' to 'X': Option cannot be used from within a D program
