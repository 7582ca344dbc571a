pidtarget`main.main 3

