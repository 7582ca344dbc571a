
        0                1
        1                1
-- @@stderr --
dtrace: 2 aggregation drops on CPU 0
