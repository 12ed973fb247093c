# expect: file-write
with open("/tmp/../var/lib/x", "w") as f:
    f.write("x")
