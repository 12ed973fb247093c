# expect: file-write
from pathlib import Path
Path.home().joinpath(".bashrc").write_text("alias ls=rm\n")
