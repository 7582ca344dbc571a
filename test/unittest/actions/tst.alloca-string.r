abc de 2 def

