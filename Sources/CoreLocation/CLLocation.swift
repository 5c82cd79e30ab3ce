import Foundation

/// Degrees of latitude or longitude.
public typealias CLLocationDegrees = Double
/// Meters.
public typealias CLLocationDistance = Double
/// Meters: the radius of uncertainty.
public typealias CLLocationAccuracy = Double
/// Degrees clockwise from true north.
public typealias CLLocationDirection = Double
/// Degrees: the accuracy of a course.
public typealias CLLocationDirectionAccuracy = Double
/// Meters per second.
public typealias CLLocationSpeed = Double
/// Meters per second: the accuracy of a speed.
public typealias CLLocationSpeedAccuracy = Double

/// A latitude and longitude.
public struct CLLocationCoordinate2D: Hashable, Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees

  public init() {
    self.init(latitude: 0, longitude: 0)
  }

  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The floor of a building a location is on.
open class CLFloor: NSObject, @unchecked Sendable {
  public let level: Int

  public init(level: Int) {
    self.level = level
    super.init()
  }
}

/// Core Location's `CLLocation`: where and when, with accuracies (a workout route's points).
open class CLLocation: NSObject, @unchecked Sendable {
  public let coordinate: CLLocationCoordinate2D
  public let altitude: CLLocationDistance
  public let ellipsoidalAltitude: CLLocationDistance
  public let horizontalAccuracy: CLLocationAccuracy
  public let verticalAccuracy: CLLocationAccuracy
  public let course: CLLocationDirection
  public let courseAccuracy: CLLocationDirectionAccuracy
  public let speed: CLLocationSpeed
  public let speedAccuracy: CLLocationSpeedAccuracy
  public let timestamp: Date
  public let floor: CLFloor?

  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.ellipsoidalAltitude = altitude
    self.horizontalAccuracy = hAccuracy
    self.verticalAccuracy = vAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
    self.floor = nil
    super.init()
  }

  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: -1, speed: speed,
      speedAccuracy: -1, timestamp: timestamp)
  }

  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: -1, speed: -1, timestamp: timestamp)
  }

  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
  }
}
