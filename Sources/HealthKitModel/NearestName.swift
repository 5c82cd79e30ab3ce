/// The name a misspelt one most likely means, among a list of known names: an exact match
/// ignoring case first, else the only name within a few edits (a swap of two neighbouring
/// characters is one edit; more edits allowed for longer names). Used for argument keys, CKTypes and unit aliases alike.
public enum NearestName {
  /// The edits allowed for a text of `length` characters: 1 up to 3 characters, else 2.
  public static func editLimit(forLength length: Int) -> Int {
    length <= 3 ? 1 : 2
  }

  /// The one name of `names` nearest to `text`, or nil when none is near or two are equally
  /// near. `text` itself (exactly spelt) is never suggested.
  public static func find(_ text: String, among names: [String]) -> String? {
    let key = text.lowercased()
    if let exact = names.first(where: { $0.lowercased() == key && $0 != text }) { return exact }
    let limit = editLimit(forLength: key.count)
    var best: (distance: Int, names: [String]) = (limit + 1, [])
    for name in names where name != text {
      let distance = Catalogue.editDistance(
        key, name.lowercased(), limit: limit, transpositions: true)
      if distance > limit { continue }
      if distance < best.distance {
        best = (distance, [name])
      } else if distance == best.distance, !best.names.contains(name) {
        best.names.append(name)
      }
    }
    return best.names.count == 1 ? best.names[0] : nil
  }
}
