# expect: package-install
import pip
pip.main(["install", "requests"])
