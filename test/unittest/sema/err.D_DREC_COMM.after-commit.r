-- @@stderr --
dtrace: failed to compile script err.D_DREC_COMM.after-commit.d: [D_DREC_COMM] line 4: data-recording actions may not follow commit( )
