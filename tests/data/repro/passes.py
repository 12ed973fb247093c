# Runs to the end without an error.
print("all good")
