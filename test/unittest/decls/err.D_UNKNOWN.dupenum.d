enum e { ONE, TWO, ONE = 1 };
