from pathlib import Path
p = Path("/tmp/repro") / "data.txt"
p.parent.mkdir(parents=True, exist_ok=True)
p.write_text("1,2,3")
Path("local.txt").write_text("ok")
