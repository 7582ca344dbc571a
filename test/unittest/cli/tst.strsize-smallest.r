[ab]

