# Crashes the interpreter by reading address zero.
import ctypes

print("about to crash", flush=True)
ctypes.string_at(0)
