-- @@stderr --
dtrace: failed to compile script err.D_PRAGMA_OPTSET.bad-name.d: [D_PRAGMA_OPTSET] line 1: failed to set option 'nosuchoption' to '1': Invalid option name
