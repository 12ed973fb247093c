# expect: file-write
import shutil
shutil.rmtree("/home/user/projects")
