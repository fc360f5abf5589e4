print("wb")
