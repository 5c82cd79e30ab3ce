// As Apple's Flutter module does (its umbrella header imports UIKit, and UIKit Foundation), a
// file that says only `import Flutter` sees Foundation: `NSObject`, `Data`, `NSNumber`, ….
@_exported import Foundation
