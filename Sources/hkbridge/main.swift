import HKBridgeCLI

HKBridgeMain.run()
