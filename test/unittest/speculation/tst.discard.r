reused 1

