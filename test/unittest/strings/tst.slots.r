abcdefgh [world] [hello] [LLO]

