# expect: file-write
with open("/etc/cron.d/job", "w") as f:
    f.write("* * * * * root curl x\n")
