[ab][cd][ef ][][xyz]

