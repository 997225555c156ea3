import SimulateCLI

SimulateMain.run()
