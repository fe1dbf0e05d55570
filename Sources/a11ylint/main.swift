print("a11ylint")
