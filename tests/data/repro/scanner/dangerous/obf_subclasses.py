# expect: obfuscation
for cls in ().__class__.__base__.__subclasses__():
    if cls.__name__ == "Popen":
        cls(["id"])
