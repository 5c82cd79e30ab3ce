// As Apple's HealthKit module does, `import HealthKit` brings Foundation (and with it Dispatch).
@_exported import Foundation
