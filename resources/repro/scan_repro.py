# SPDX-License-Identifier: MIT
"""Static security review of a reproduction script, before anything runs it.

Reads Python source on stdin (or from the file named as the first argument), parses it with the
standard `ast` module and prints one JSON document on stdout:

    {"parsed": true, "error": null, "findings": [{"line": 3, "rule": "network", "reason": "..."}]}

Nothing in the scanned code is imported or executed. The console runs this file with `python3 -I`
under a time and memory limit, so it only uses the standard library.

Rules (names are stable, the console and its tests key on them):
  network          sockets, HTTP clients, URLs handed to calls, curl/wget in shell strings
  file-write       writing, moving or deleting files outside the work dir (relative paths and /tmp are fine)
  process-exec     shell and process execution, eval/exec/compile (launching torchrun is expected)
  external-load    unpickling and downloads: torch.load without weights_only=True, pickle, joblib, hub, from_pretrained
  obfuscation      decoded payloads, long escaped or base64-looking blobs, __import__ and getattr tricks
  package-install  pip/conda/apt installs, from Python or from a shell string
  environment      environment changes other than the standard distributed/CUDA/PyTorch variables
  parse-error      the code does not parse; it is reported, never run
"""

import ast
import json
import re
import sys

# Environment variables a PyTorch repro may set without it being a concern.
ALLOWED_ENV_NAMES = {
    "MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "GROUP_RANK",
    "NODE_RANK", "ROLE_RANK", "CUDA_VISIBLE_DEVICES", "CUDA_LAUNCH_BLOCKING", "CUDA_DEVICE_ORDER",
    "CUBLAS_WORKSPACE_CONFIG", "CUDA_MODULE_LOADING", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
    "OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "KMP_AFFINITY", "USE_LIBUV",
    "PYTHONHASHSEED", "TOKENIZERS_PARALLELISM", "MPLBACKEND",
}
ALLOWED_ENV_PREFIXES = ("NCCL_", "GLOO_", "TORCH_", "TORCHINDUCTOR_", "TORCHDYNAMO_", "PYTORCH_", "TORCHELASTIC_",
                        "CUDA_", "CUDNN_", "MIOPEN_", "XLA_", "OMP_", "KMP_", "MKL_", "TRITON_", "INDUCTOR_", "DYNAMO_")

NETWORK_MODULES = {"requests", "urllib", "urllib2", "urllib3", "http", "httpx", "aiohttp", "ftplib", "smtplib",
                   "telnetlib", "paramiko", "websocket", "websockets", "pycurl", "poplib", "imaplib", "xmlrpc",
                   "socketserver", "asyncssh", "fabric", "wget"}
SOCKET_NETWORK_CALLS = {"create_connection", "connect", "connect_ex", "sendto", "gethostbyname", "getaddrinfo",
                        "create_server", "fromfd", "socketpair"}
PROCESS_CALLS = {
    ("os", "system"), ("os", "popen"), ("os", "execv"), ("os", "execve"), ("os", "execl"), ("os", "execle"),
    ("os", "execlp"), ("os", "execlpe"), ("os", "execvp"), ("os", "execvpe"), ("os", "spawnl"), ("os", "spawnle"),
    ("os", "spawnlp"), ("os", "spawnv"), ("os", "spawnve"), ("os", "spawnvp"), ("os", "posix_spawn"),
    ("os", "posix_spawnp"), ("os", "startfile"), ("pty", "spawn"), ("commands", "getoutput"),
    ("subprocess", "run"), ("subprocess", "call"), ("subprocess", "check_call"), ("subprocess", "check_output"),
    ("subprocess", "Popen"), ("subprocess", "getoutput"), ("subprocess", "getstatusoutput"),
    ("asyncio", "create_subprocess_exec"), ("asyncio", "create_subprocess_shell"),
}
WRITE_CALLS = {
    ("os", "remove"), ("os", "unlink"), ("os", "rmdir"), ("os", "removedirs"), ("os", "rename"), ("os", "renames"),
    ("os", "replace"), ("os", "makedirs"), ("os", "mkdir"), ("os", "chmod"), ("os", "chown"), ("os", "symlink"),
    ("os", "link"), ("os", "truncate"), ("os", "mkfifo"), ("shutil", "rmtree"), ("shutil", "move"),
    ("shutil", "copy"), ("shutil", "copy2"), ("shutil", "copyfile"), ("shutil", "copytree"), ("shutil", "chown"),
    ("torch", "save"), ("jit", "save"), ("np", "save"), ("numpy", "save"), ("np", "savez"), ("numpy", "savez"),
}
# Methods of pathlib.Path that change the file system.
PATH_WRITE_METHODS = {"write_text", "write_bytes", "mkdir", "touch", "unlink", "rmdir", "rename", "replace",
                      "chmod", "symlink_to", "hardlink_to"}
PICKLE_MODULES = {"pickle", "cPickle", "_pickle", "dill", "cloudpickle", "joblib", "shelve", "marshal"}
DECODERS = {
    ("base64", "b64decode"), ("base64", "b32decode"), ("base64", "b16decode"), ("base64", "a85decode"),
    ("base64", "b85decode"), ("base64", "decodebytes"), ("base64", "urlsafe_b64decode"), ("base64", "standard_b64decode"),
    ("codecs", "decode"), ("zlib", "decompress"), ("bz2", "decompress"), ("lzma", "decompress"), ("gzip", "decompress"),
    ("binascii", "unhexlify"), ("binascii", "a2b_base64"), ("binascii", "a2b_hex"), ("bytes", "fromhex"),
    ("marshal", "loads"),
}
DOWNLOAD_CALLS = {
    ("hub", "load"), ("hub", "load_state_dict_from_url"), ("hub", "download_url_to_file"), ("hub", "list"),
    ("model_zoo", "load_url"), ("huggingface_hub", "hf_hub_download"), ("huggingface_hub", "snapshot_download"),
    ("datasets", "load_dataset"), ("gdown", "download"), ("wget", "download"), ("urlretrieve", None),
}
SHELL_INSTALL = re.compile(r"\b(pip3?|conda|mamba|micromamba|uv|apt(-get)?|yum|dnf|brew|poetry)\s+(\S+\s+)*?(install|add)\b")
SHELL_NETWORK = re.compile(r"\b(curl|wget|nc|ncat|netcat|scp|rsync|ssh|ftp)\s+\S")
URL = re.compile(r"\b(https?|ftp|wss?)://", re.IGNORECASE)
LAUNCHERS = re.compile(r"^\s*(torchrun|python3?\s+-m\s+torch\.distributed\.(run|launch))\b")
BLOB_CHARS = re.compile(r"^[A-Za-z0-9+/=_-]{160,}$")
SAFE_WRITE_ROOTS = ("/tmp", "/dev/null", "/dev/shm", "/dev/stdout", "/dev/stderr")
HARMLESS_CALLS = {"print", "warn", "debug", "info", "warning", "error", "exception", "critical", "log", "write",
                  "format", "join", "startswith", "endswith", "split", "replace", "assertEqual", "assertIn",
                  "assertRaisesRegex", "skip", "skipIf", "xfail", "fail"}
BUILTIN_NAMES = {"builtins", "__builtins__", "__builtin__"}
SENSITIVE_MODULES = BUILTIN_NAMES | {"os", "subprocess", "sys", "importlib", "socket", "shutil", "pty", "ctypes",
                                     "posix", "nt", "pickle", "marshal", "io"}


def dotted(node):
    """'a.b.c' for Name/Attribute chains, None otherwise."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    if isinstance(node, ast.Call):
        inner = dotted(node.func)
        if inner is not None:
            parts.append(inner + "()")
            return ".".join(reversed(parts))
    return None


def const_str(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
        value = node.value
        return value.decode("latin-1") if isinstance(value, bytes) else value
    if isinstance(node, ast.JoinedStr):
        # An f-string: keep the literal parts, which is what shell and path checks need.
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def keyword(call, name):
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return None


def is_true(node):
    return isinstance(node, ast.Constant) and node.value is True


def env_name_allowed(name):
    return name in ALLOWED_ENV_NAMES or name.startswith(ALLOWED_ENV_PREFIXES)


def path_outside_work_dir(text):
    """True when a literal path points outside the work dir (cwd) and /tmp."""
    if not text:
        return False
    text = text.strip()
    if text.startswith("~") or text.startswith("$HOME") or text.startswith("${HOME}"):
        return True
    if text.startswith("/"):
        normal = re.sub(r"/+", "/", text)
        if ".." in normal.split("/"):
            return True
        return not any(normal == root or normal.startswith(root + "/") for root in SAFE_WRITE_ROOTS)
    return text.split("/")[0] == ".." or "/../" in text


class Scanner(ast.NodeVisitor):
    def __init__(self, source):
        self.source = source
        self.findings = []
        self.aliases = {}  # local name -> canonical module or "module.attr"
        self.decoded_names = set()  # names assigned from a decoding call
        self.home_names = set()  # names holding a path under the home directory
        self.saved_targets = set()  # files or buffers the script writes itself (safe to load back)
        self.socket_imported = False
        self.path_names = {}  # name -> literal path it was assigned
        self.foreign_libraries = set()  # names bound to a ctypes-loaded library

    # --- helpers ---------------------------------------------------------------------------------
    def add(self, node, rule, reason):
        line = getattr(node, "lineno", 0)
        key = (line, rule, reason)
        if key not in {(f["line"], f["rule"], f["reason"]) for f in self.findings}:
            self.findings.append({"line": line, "rule": rule, "reason": reason})

    def canonical(self, node):
        """The dotted name of a call target with import aliases resolved."""
        name = dotted(node)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        if head in self.aliases:
            head = self.aliases[head]
        return head + ("." + rest if rest else "")

    @staticmethod
    def split_last(name):
        module, _, attr = name.rpartition(".")
        return module, attr

    def matches(self, name, pairs):
        if not name:
            return None
        module, attr = self.split_last(name)
        last_module = module.rpartition(".")[2]
        for pair_module, pair_attr in pairs:
            if pair_attr is None:
                if attr == pair_module:
                    return name
            elif attr == pair_attr and (last_module == pair_module or module == pair_module):
                return name
        return None

    def contains_decoder(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and self.matches(self.canonical(sub.func), DECODERS):
                return True
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "decode" \
                    and any(isinstance(a, ast.Call) and self.matches(self.canonical(a.func), DECODERS)
                            for a in ast.walk(sub.func.value)):
                return True
            if isinstance(sub, ast.Name) and sub.id in self.decoded_names:
                return True
        return False

    def is_launcher_command(self, call):
        """subprocess/os.system launching torchrun or torch.distributed.run: expected for distributed repros."""
        argument = call.args[0] if call.args else keyword(call, "args")
        if argument is None:
            return False
        text = const_str(argument)
        if text is not None:
            return bool(LAUNCHERS.match(text)) and not re.search(r"[;&|`$]", text)
        if isinstance(argument, (ast.List, ast.Tuple)) and argument.elts:
            words = []
            for element in argument.elts:
                value = const_str(element)
                if value is None:
                    name = self.canonical(element) or ""
                    value = "python" if name in ("sys.executable",) else "?"
                words.append(value)
            if words[0] == "torchrun" or words[0].endswith("/torchrun"):
                return True
            return words[0] == "python" and len(words) > 2 and words[1] == "-m" \
                and words[2] in ("torch.distributed.run", "torch.distributed.launch")
        return False

    def check_shell_text(self, node, text):
        if SHELL_INSTALL.search(text):
            self.add(node, "package-install", "installs packages: " + text.strip()[:60])
        if SHELL_NETWORK.search(text):
            self.add(node, "network", "network tool in a shell string: " + text.strip()[:60])

    # --- imports ---------------------------------------------------------------------------------
    def visit_Import(self, node):
        for alias in node.names:
            top = alias.name.split(".")[0]
            self.aliases[(alias.asname or top)] = alias.name if alias.asname else top
            self.check_import(node, alias.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        module = node.module or ""
        for alias in node.names:
            self.aliases[alias.asname or alias.name] = (module + "." + alias.name) if module else alias.name
            self.check_import(node, module + "." + alias.name if module else alias.name)
        self.check_import(node, module)
        self.generic_visit(node)

    def check_import(self, node, name):
        top = name.split(".")[0]
        if top in NETWORK_MODULES:
            self.add(node, "network", f"imports the network client '{name}'")
        elif top == "socket":
            self.socket_imported = True
        elif top == "pip" or name.startswith("pip.") or top in ("conda", "ensurepip"):
            self.add(node, "package-install", f"imports the package installer '{name}'")
        elif top in ("pickle", "cPickle", "_pickle", "dill", "cloudpickle", "joblib", "shelve") and "." in name \
                and name.split(".")[-1] in ("load", "loads", "Unpickler"):
            self.add(node, "external-load", f"imports the unpickler '{name}'")

    # --- assignments -----------------------------------------------------------------------------
    def visit_Assign(self, node):
        value = node.value
        is_decoded = self.contains_decoder(value)
        is_home = self.mentions_home(value)
        for target in node.targets:
            for name_node in ast.walk(target):
                if isinstance(name_node, ast.Name):
                    literal = const_str(value)
                    if literal is not None and isinstance(target, ast.Name):
                        self.path_names[name_node.id] = literal
                    if is_decoded:
                        self.decoded_names.add(name_node.id)
                    if is_home:
                        self.home_names.add(name_node.id)
                    if isinstance(value, ast.Call) and (self.canonical(value.func) or "").endswith("BytesIO"):
                        self.saved_targets.add(name_node.id)
                    if self.is_foreign_library(value):
                        self.foreign_libraries.add(name_node.id)
            self.check_environ_target(target, node)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self.check_environ_target(node.target, node)
        if (self.canonical(node.target) or "").endswith("os.environ"):
            self.check_env_mapping(node, node.value, "merges into the environment")
        self.generic_visit(node)

    def check_env_mapping(self, node, mapping, verb):
        if isinstance(mapping, ast.Dict):
            keys = [const_str(k) if k is not None else None for k in mapping.keys]
            bad = [k for k in keys if k is None or not env_name_allowed(k)]
            if bad:
                self.add(node, "environment", f"{verb}: " + ", ".join(k or "computed names" for k in bad))
        elif mapping is not None:
            self.add(node, "environment", f"{verb} a mapping whose names are computed")

    def is_foreign_library(self, node):
        if not isinstance(node, ast.Call):
            return False
        name = self.canonical(node.func) or ""
        return name.startswith("ctypes.") and any(
            part in name for part in ("CDLL", "cdll", "PyDLL", "LoadLibrary", "WinDLL", "windll"))

    def visit_Delete(self, node):
        for target in node.targets:
            self.check_environ_target(target, node, deleting=True)
        self.generic_visit(node)

    def check_environ_target(self, target, node, deleting=False):
        if isinstance(target, ast.Subscript) and (self.canonical(target.value) or "").endswith("os.environ"):
            key = const_str(target.slice)
            if key is None:
                self.add(node, "environment", "changes an environment variable whose name is computed")
            elif not env_name_allowed(key):
                verb = "removes" if deleting else "sets"
                self.add(node, "environment", f"{verb} the environment variable {key}")

    def mentions_home(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                name = self.canonical(sub.func) or ""
                if name.endswith("expanduser") or name.endswith("Path.home") or name in ("pathlib.Path.home",):
                    text = const_str(sub.args[0]) if sub.args else None
                    if text is None or text.startswith("~"):
                        return True
                if name.endswith("getenv") or name.endswith("environ.get"):
                    key = const_str(sub.args[0]) if sub.args else None
                    if key in ("HOME", "USERPROFILE", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
                        return True
            if isinstance(sub, ast.Subscript) and (self.canonical(sub.value) or "").endswith("os.environ") \
                    and const_str(sub.slice) in ("HOME", "USERPROFILE"):
                return True
            if isinstance(sub, ast.Name) and sub.id in self.home_names:
                return True
        return False

    def path_is_outside(self, node):
        if node is None:
            return False
        if self.mentions_home(node):
            return True
        text = const_str(node)
        if text is None and isinstance(node, ast.Name):
            text = self.path_names.get(node.id)
        if text is not None:
            return path_outside_work_dir(text)
        if isinstance(node, ast.Call):
            name = self.canonical(node.func) or ""
            if name.endswith("Path") or name.endswith("path.join") or name.endswith("PurePath"):
                return bool(node.args) and self.path_is_outside(node.args[0])
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self.path_is_outside(node.left)
        return False

    # --- calls -----------------------------------------------------------------------------------
    def visit_Call(self, node):
        node.func._called = True
        name = self.canonical(node.func)
        short = name.rpartition(".")[2] if name else (node.func.attr if isinstance(node.func, ast.Attribute) else None)
        self.check_process(node, name, short)
        self.check_network(node, name, short)
        self.check_writes(node, name, short)
        self.check_loads(node, name, short)
        self.check_obfuscation(node, name, short)
        self.check_environment(node, name, short)
        self.generic_visit(node)

    def check_process(self, node, name, short):
        if name in ("eval", "exec", "compile", "execfile", "builtins.eval", "builtins.exec", "builtins.compile"):
            self.add(node, "process-exec", f"calls {short}() on code built at run time")
            if node.args and self.contains_decoder(node.args[0]):
                self.add(node, "obfuscation", f"runs decoded data through {short}()")
            return
        hit = self.matches(name, PROCESS_CALLS)
        if hit is None and name and name.startswith("subprocess."):
            hit = name
        if hit is None:
            return
        text = const_str(node.args[0]) if node.args else None
        if text is not None:
            self.check_shell_text(node, text)
        elif node.args and isinstance(node.args[0], (ast.List, ast.Tuple)):
            words = " ".join(const_str(e) or "" for e in node.args[0].elts)
            self.check_shell_text(node, words)
        env = keyword(node, "env")
        if env is not None:
            self.check_env_mapping(node, env if isinstance(env, ast.Dict) else None,
                                   "starts a process with environment variables")
        if self.is_launcher_command(node):
            return
        self.add(node, "process-exec", f"runs an external command with {hit}()")

    def check_network(self, node, name, short):
        if self.socket_imported and name and (name.startswith("socket.") or "." in name) \
                and short in SOCKET_NETWORK_CALLS and not name.startswith(("sqlite3", "signal")):
            target = node.args[0] if node.args else None
            host = None
            if isinstance(target, ast.Tuple) and target.elts:
                host = const_str(target.elts[0])
            if host not in ("127.0.0.1", "localhost", "::1", "", "0.0.0.0"):
                self.add(node, "network", f"opens a network connection with {short}()")
        if name and name.rpartition(".")[2] in ("urlopen", "urlretrieve", "build_opener"):
            self.add(node, "network", f"fetches a URL with {name}()")
        if short in HARMLESS_CALLS:
            return
        for argument in list(node.args) + [kw.value for kw in node.keywords]:
            text = const_str(argument)
            if text is not None and URL.search(text) and not text.startswith("tcp://") \
                    and not re.match(r"^\s*(https?://)?(127\.0\.0\.1|localhost)", text):
                self.add(node, "network", f"passes a URL to {short or 'a call'}()")
                break

    def check_writes(self, node, name, short):
        if short == "open" and (name in ("open", "io.open", "builtins.open", "codecs.open") or name is None):
            mode = const_str(node.args[1]) if len(node.args) > 1 else const_str(keyword(node, "mode"))
            if mode and any(c in mode for c in "wax+"):
                target = node.args[0] if node.args else keyword(node, "file")
                if self.path_is_outside(target):
                    self.add(node, "file-write", "opens a file for writing outside the work dir")
            return
        if name and short == "open" and isinstance(node.func, ast.Attribute):
            # Path(...).open("w")
            mode = const_str(node.args[0]) if node.args else const_str(keyword(node, "mode"))
            if mode and any(c in mode for c in "wax+") and self.path_is_outside(node.func.value):
                self.add(node, "file-write", "opens a file for writing outside the work dir")
            return
        hit = self.matches(name, WRITE_CALLS)
        if hit is not None:
            paths = list(node.args)
            if hit.endswith("save") or hit.endswith("savez"):
                paths = node.args[1:2] if hit.startswith("torch") or "torch." in hit else node.args[:1]
                target = paths[0] if paths else keyword(node, "f")
                if target is not None:
                    key = const_str(target) or (target.id if isinstance(target, ast.Name) else None)
                    if key:
                        self.saved_targets.add(key)
                    paths = [target]
            if any(self.path_is_outside(p) for p in paths):
                self.add(node, "file-write", f"{hit}() touches files outside the work dir")
            return
        if isinstance(node.func, ast.Attribute) and node.func.attr in PATH_WRITE_METHODS:
            if self.path_is_outside(node.func.value):
                self.add(node, "file-write", f"{node.func.attr}() outside the work dir")
            return
        if name in ("os.chdir",) and node.args and self.path_is_outside(node.args[0]):
            self.add(node, "file-write", "changes into a directory outside the work dir")

    def check_loads(self, node, name, short):
        if not name:
            if short == "from_pretrained":
                self.add(node, "external-load", "from_pretrained() downloads or loads external model files")
            return
        module, attr = self.split_last(name)
        top = module.split(".")[0] if module else ""
        if attr == "load" and (module.endswith("torch") or module == "torch.serialization"):
            weights_only = keyword(node, "weights_only")
            source = node.args[0] if node.args else keyword(node, "f")
            own = source is not None and (const_str(source) in self.saved_targets
                                          or (isinstance(source, ast.Name) and source.id in self.saved_targets))
            if not is_true(weights_only) and not own:
                self.add(node, "external-load", "torch.load() without weights_only=True can run pickled code")
            return
        if attr == "load" and module.endswith("jit") and node.args:
            key = const_str(node.args[0])
            if key not in self.saved_targets:
                self.add(node, "external-load", "torch.jit.load() of a file the script did not create")
            return
        if (top in PICKLE_MODULES or module in PICKLE_MODULES) and attr in ("load", "loads", "Unpickler", "open"):
            self.add(node, "external-load", f"{name}() deserialises data that can run code")
            return
        if name in ("pickle.Unpickler",) or attr == "read_pickle":
            self.add(node, "external-load", f"{name}() deserialises data that can run code")
            return
        if attr == "load" and module in ("np", "numpy") and is_true(keyword(node, "allow_pickle")):
            self.add(node, "external-load", "np.load(allow_pickle=True) can run pickled code")
            return
        if attr == "from_pretrained":
            self.add(node, "external-load", "from_pretrained() downloads or loads external model files")
            return
        hit = self.matches(name, DOWNLOAD_CALLS)
        if hit is not None or (attr in ("hf_hub_download", "snapshot_download", "load_dataset")):
            self.add(node, "external-load", f"{name}() downloads external files")
            return
        if is_true(keyword(node, "download")) or is_true(keyword(node, "pretrained")):
            self.add(node, "external-load", f"{name}() downloads weights or data")

    def check_foreign_call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("system", "popen", "execv", "execve", "execvp", "execl",
                                                              "execlp", "posix_spawn", "fork", "dlopen"):
            owner = func.value
            if (isinstance(owner, ast.Name) and owner.id in self.foreign_libraries) or self.is_foreign_library(owner):
                self.add(node, "process-exec", f"calls the C library's {func.attr}() through ctypes")

    def check_obfuscation(self, node, name, short):
        self.check_foreign_call(node)
        if name in ("__import__", "builtins.__import__", "importlib.__import__"):
            self.add(node, "obfuscation", "imports a module through __import__()")
            return
        if name in ("importlib.import_module",) and node.args and const_str(node.args[0]) is None:
            self.add(node, "obfuscation", "imports a module whose name is computed")
            return
        if name in ("getattr", "setattr") and node.args:
            owner = self.canonical(node.args[0]) or ""
            if owner.split(".")[0] in SENSITIVE_MODULES or owner in ("globals()", "locals()", "vars()"):
                self.add(node, "obfuscation", f"reaches into {owner or 'a module'} with {name}()")
            return
        if name in ("globals", "locals", "vars") and node.args:
            owner = self.canonical(node.args[0]) or ""
            if owner.split(".")[0] in SENSITIVE_MODULES:
                self.add(node, "obfuscation", f"reaches into {owner} with {name}()")
            return
        if name in ("marshal.loads", "types.CodeType", "types.FunctionType"):
            self.add(node, "obfuscation", f"builds code objects with {name}()")

    def check_environment(self, node, name, short):
        if not name:
            return
        if name.endswith("os.environ.update") or name.endswith("os.environ.setdefault") \
                or name in ("os.putenv", "os.unsetenv") or name.endswith("os.environ.pop") \
                or name.endswith("os.environ.clear") or name.endswith("os.environ.__setitem__"):
            keys = []
            if node.args and isinstance(node.args[0], ast.Dict):
                keys = [const_str(k) if k is not None else None for k in node.args[0].keys]
            elif node.args:
                keys = [const_str(node.args[0])]
            keys += [kw.arg for kw in node.keywords]
            if short == "clear":
                self.add(node, "environment", "clears the whole environment")
                return
            if not keys or any(k is None or not env_name_allowed(k) for k in keys):
                shown = ", ".join(k for k in keys if k and not env_name_allowed(k)) or "computed names"
                self.add(node, "environment", f"changes environment variables: {shown}")

    # --- subscripts and attributes ---------------------------------------------------------------
    def visit_Subscript(self, node):
        owner = self.canonical(node.value) or ""
        key = const_str(node.slice)
        if owner in ("globals()", "vars()", "locals()") or owner.endswith("__dict__"):
            base = owner.split(".")[0]
            if base in BUILTIN_NAMES or key in ("__builtins__", "eval", "exec", "__import__", "compile", "open") \
                    or owner.startswith(("os.", "subprocess.", "builtins.", "__builtins__.")):
                self.add(node, "obfuscation", f"looks up {key or 'a name'} indirectly")
        if owner in BUILTIN_NAMES:
            self.add(node, "obfuscation", "indexes the builtins module")
        if owner == "sys.modules" and isinstance(node.ctx, ast.Load):
            self.add(node, "obfuscation", f"reaches the module {key or '(computed)'} through sys.modules")
        self.generic_visit(node)

    def check_reference(self, node):
        """A dangerous function handed around instead of called (e.g. Process(target=os.system))."""
        if getattr(node, "_called", False) or not isinstance(getattr(node, "ctx", None), ast.Load):
            return
        name = self.canonical(node)
        if name in ("eval", "exec", "compile", "__import__") and isinstance(node, ast.Name) \
                and node.id not in self.aliases:
            self.add(node, "process-exec", f"passes the builtin {name} around")
        elif isinstance(node, ast.Attribute) and self.matches(name, PROCESS_CALLS):
            self.add(node, "process-exec", f"passes {name} around to be called later")

    def visit_Name(self, node):
        self.check_reference(node)
        self.generic_visit(node)

    def visit_Attribute(self, node):
        self.check_reference(node)
        if node.attr in ("__subclasses__", "__globals__", "__code__", "__builtins__") and isinstance(node.ctx, ast.Load):
            self.add(node, "obfuscation", f"uses the introspection hook {node.attr}")
        self.generic_visit(node)

    # --- constants -------------------------------------------------------------------------------
    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, (str, bytes)):
            segment = ast.get_source_segment(self.source, node) or ""
            escapes = len(re.findall(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{3})", segment))
            text = value.decode("latin-1") if isinstance(value, bytes) else value
            if escapes >= 24:
                self.add(node, "obfuscation", f"a long escaped blob ({escapes} escapes)")
            elif BLOB_CHARS.match(text.replace("\n", "")) and not text.isalpha() and len(set(text)) > 16:
                self.add(node, "obfuscation", f"a long encoded-looking string ({len(text)} characters)")
            if isinstance(value, str) and (SHELL_INSTALL.search(value) or SHELL_NETWORK.search(value)):
                # Shell text anywhere: a command string handed around before it runs.
                if not self.in_docstring(node):
                    self.check_shell_text(node, value)
        self.generic_visit(node)

    def in_docstring(self, node):
        return getattr(node, "_docstring", False)


def mark_docstrings(tree):
    for owner in ast.walk(tree):
        if isinstance(owner, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and owner.body:
            first = owner.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                first.value._docstring = True
    # Bare string statements anywhere are comments in practice (e.g. a usage note with "pip install ...").
    for owner in ast.walk(tree):
        if isinstance(owner, ast.Expr) and isinstance(owner.value, ast.Constant) and isinstance(owner.value.value, str):
            owner.value._docstring = True


def notebook_lines(source):
    """Jupyter shell escapes (`!pip install x`) do not parse; name them so the report is useful."""
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.lstrip()
        if stripped.startswith(("!", "%")):
            found.append((number, stripped))
    return found


def scan(source):
    try:
        tree = ast.parse(source, mode="exec")
    except (SyntaxError, ValueError) as error:
        findings = [{"line": getattr(error, "lineno", 0) or 0, "rule": "parse-error",
                     "reason": f"does not parse: {getattr(error, 'msg', str(error))}"}]
        for number, text in notebook_lines(source):
            if SHELL_INSTALL.search(text):
                findings.append({"line": number, "rule": "package-install", "reason": "notebook shell install: " + text[:60]})
            elif SHELL_NETWORK.search(text):
                findings.append({"line": number, "rule": "network", "reason": "notebook shell network tool: " + text[:60]})
        return {"parsed": False, "error": str(error), "findings": findings}
    mark_docstrings(tree)
    scanner = Scanner(source)
    scanner.visit(tree)
    scanner.findings.sort(key=lambda f: (f["line"], f["rule"]))
    return {"parsed": True, "error": None, "findings": scanner.findings}


def main():
    if len(sys.argv) > 1 and sys.argv[1] != "-":
        with open(sys.argv[1], "rb") as handle:
            data = handle.read()
    else:
        data = sys.stdin.buffer.read()
    source = data.decode("utf-8", errors="replace")
    sys.setrecursionlimit(5000)
    try:
        report = scan(source)
    except RecursionError:
        report = {"parsed": False, "error": "nested too deeply to analyse",
                  "findings": [{"line": 0, "rule": "parse-error", "reason": "nested too deeply to analyse"}]}
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
