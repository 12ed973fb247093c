import os
rank = int(os.environ.get("RANK", "0"))
world = int(os.getenv("WORLD_SIZE", "1"))
home = os.path.expanduser("~")
print(rank, world, home)
