# expect: package-install
import os
os.system("pip install --upgrade some-package")
