import BatonCLI

BatonCommand.main()
