# expect: file-write
import shutil

target = "/var/lib/app/cache"
shutil.rmtree(target)
