# expect: process-exec
exec(open("payload.txt").read())
