1 2 0 0
0 2 3 0

-- @@stderr --
dtrace: 2 dynamic variable drops
