1 2 3 0
1 0 3 4

-- @@stderr --
dtrace: 1 dynamic variable drop
