# expect: file-write
import pathlib
pathlib.Path("/etc/hosts").write_text("1.2.3.4 pypi.org")
