# expect: process-exec
source = open("snippet.txt").read()
code = compile(source, "snippet", "exec")
