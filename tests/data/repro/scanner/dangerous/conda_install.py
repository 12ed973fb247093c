# expect: package-install
import subprocess
subprocess.run("conda install -y -c conda-forge cudatoolkit", shell=True)
