exit noticed at the next status check

