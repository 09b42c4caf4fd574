/// The name of the enum case `value` is, such as `truncated` for `.truncated(needed: 4, …)`,
/// so a table of failures can say which case each row must throw without spelling out every
/// associated value. A case without associated values is named by its description.
public func caseName(of value: Any) -> String {
  if let label = Mirror(reflecting: value).children.first?.label { return label }
  return String(describing: value)
}
