# expect: file-write
import shutil
shutil.copy("model.pt", "/usr/lib/python3/dist-packages/torch/__init__.py")
