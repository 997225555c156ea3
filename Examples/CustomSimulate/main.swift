print("custom")
