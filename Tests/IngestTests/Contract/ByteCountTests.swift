import Ingest
import TestSupport
import Testing

@Suite("Sizes for people: one formatter, one unit in a comparison", .onIOExecutor)
struct ByteCountTests {
  @Test(
    "Decimal units with one decimal, as the command line prints them",
    arguments: [
      (999, "999 B"), (53_900, "53.9 KB"), (536_870_912, "536.9 MB"),
      (1_073_741_824, "1.1 GB"), (2_000_000_000_000, "2.0 TB"),
    ] as [(Int64, String)])
  func formats(bytes: Int64, text: String) {
    #expect(ByteCount(bytes).description == text)
  }

  @Test("Two sizes compared are printed in the smaller one's unit")
  func oneUnit() {
    #expect(ByteCount.inOneUnit(1_073_741_824, 536_870_912) == ("1073.7 MB", "536.9 MB"))
    #expect(ByteCount.inOneUnit(900, 2_000) == ("900 B", "2000 B"))
  }

  @Test("A file over the contract's limit is refused in one unit, not 1.1 GB beside 537 MB")
  func contractMessage() {
    let violation = ContractViolation.fileTooLarge(byteCount: 1_073_741_824, maximum: 512 << 20)
    #expect(
      violation.description
        == "the file holds 1073.7 MB or more; at most 536.9 MB are accepted")
  }
}
