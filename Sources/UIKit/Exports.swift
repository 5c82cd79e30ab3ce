// As Apple's UIKit module does, `import UIKit` brings Foundation (and with it Dispatch).
@_exported import Foundation
