--bcd- 4

