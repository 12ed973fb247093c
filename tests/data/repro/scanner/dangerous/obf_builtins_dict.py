# expect: obfuscation
import builtins
builtins.__dict__["ev" + "al"]("1+1")
