# expect: obfuscation
m = __import__("o" + "s")
m.system("id")
