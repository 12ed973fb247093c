# expect: obfuscation
import codecs
eval(codecs.decode("cevag('uryyb')", "rot13"))
