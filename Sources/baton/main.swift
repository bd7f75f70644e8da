import BatonCLI
import Foundation

exit(BatonCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
