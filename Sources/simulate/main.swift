print("simulate")
