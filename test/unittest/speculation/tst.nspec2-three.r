1 2 0
b
a

-- @@stderr --
dtrace: 1 failed speculation (no speculative buffer available)
