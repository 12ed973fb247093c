# expect: file-write
open("../../outside.txt", "w").write("x")
