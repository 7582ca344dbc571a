-- @@stderr --
dtrace: failed to compile script err.D_KEY_TYPE.xlate-key.d: [D_KEY_TYPE] line 3: pointer to translated data expression may not be used as aggregation index: key #1
