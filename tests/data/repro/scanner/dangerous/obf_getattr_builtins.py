# expect: obfuscation
import builtins
f = getattr(builtins, "ev" + "al")
f("print(1)")
