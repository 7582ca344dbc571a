DEPTH 0
TRACE BEGIN

TRACE END
caller 0
END 0 0


                1
