# expect: obfuscation
import zlib, base64
payload = zlib.decompress(base64.b64decode(b"eJzLzC3ILypRSMsvyslRBAAtTAWN"))
exec(payload)
