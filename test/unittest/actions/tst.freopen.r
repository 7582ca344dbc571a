first
back
into the file

