chilled

