[ab][cd][ef ][1][xyz][a][:b]

