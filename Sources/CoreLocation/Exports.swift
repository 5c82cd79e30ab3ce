// As Apple's CoreLocation module does, `import CoreLocation` brings Foundation.
@_exported import Foundation
