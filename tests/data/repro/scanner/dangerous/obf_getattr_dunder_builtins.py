# expect: obfuscation
f = getattr(__builtins__, "ex" + "ec")
f("print(1)")
